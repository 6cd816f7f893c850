import { CONTENT_TYPES } from '@paiclass/shared';
import {
  AudioOutline,
  EditSOutline,
  FileOutline,
  FolderOutline,
  HistogramOutline,
  LinkOutline,
  MessageOutline,
  PictureOutline,
  PlayOutline,
  SoundOutline,
  UnorderedListOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { type FileKind, fileKind, isFolder } from '../utils';

const FILE_ICONS: Record<FileKind, { icon: typeof FileOutline; tone: string }> = {
  video: { icon: VideoOutline, tone: 'is-purple' },
  audio: { icon: AudioOutline, tone: 'is-cyan' },
  image: { icon: PictureOutline, tone: 'is-green' },
  pdf: { icon: FileOutline, tone: 'is-pink' },
  doc: { icon: FileOutline, tone: 'is-blue' },
  sheet: { icon: HistogramOutline, tone: 'is-green' },
  slides: { icon: FileOutline, tone: 'is-orange' },
  archive: { icon: FileOutline, tone: 'is-cyan' },
  file: { icon: FileOutline, tone: 'is-blue' },
};

/** The coloured square before an item: a folder, a file by its kind, a video, a link, a notice, a topic. */
export function TypeIcon({
  item,
}: {
  item: { item_type: number; contenttype: number; attachment?: { mime?: string; name?: string }[] };
}) {
  let Icon = FileOutline;
  let tone = 'is-blue';
  if (isFolder(item)) {
    Icon = FolderOutline;
    tone = 'is-orange';
  } else if (item.contenttype === CONTENT_TYPES.moocVideo) {
    Icon = PlayOutline;
    tone = 'is-purple';
  } else if (item.contenttype === CONTENT_TYPES.moocLink) {
    Icon = LinkOutline;
    tone = 'is-cyan';
  } else if (item.contenttype === CONTENT_TYPES.announcement) {
    Icon = SoundOutline;
    tone = 'is-orange';
  } else if (item.contenttype === CONTENT_TYPES.topic) {
    Icon = MessageOutline;
    tone = 'is-green';
  } else if (item.contenttype === CONTENT_TYPES.homework) {
    Icon = EditSOutline;
    tone = 'is-pink';
  } else if (item.contenttype === CONTENT_TYPES.test) {
    Icon = UnorderedListOutline;
    tone = 'is-purple';
  } else if (item.attachment?.[0]) {
    ({ icon: Icon, tone } = FILE_ICONS[fileKind(item.attachment[0])]);
  }
  return (
    <span className={`content-icon ${tone}`} aria-hidden="true" data-testid="content-icon">
      <Icon />
    </span>
  );
}
