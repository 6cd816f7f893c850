import {
  type attachmentAnswer,
  CONTENT_TYPES,
  type contentItemAnswer,
  normalizeContentState,
  PUBLISH_STATES,
} from '@paiclass/shared';
import type { z } from 'zod';
import type { contents, files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { presentFile } from '../files/files.service';
import { meetingSettings, meetingState } from '../meetings/meetings.policy';
import { presentRichText } from './rich-text';

type Item = typeof contents.$inferSelect;
type FileRow = typeof files.$inferSelect;

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Types whose raw status the client remaps (spec 2 §4): published 0, draft 1, waiting 2, ended 3. */
const REMAPPED_RAW: Record<number, number> = { 0: 1, 1: 2, 2: 0, 3: 3 };
/** Other types keep the normalised numbers: 1 not yet published, 2 published, 3 ended. */
const PLAIN_RAW: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 3 };
const REMAPPED = new Set([2, 5, 7, 8, 9, 10]);

/**
 * The raw `status` and `state` a Ketangpai server sends, and the same normalised by the one shared
 * rule (spec 2 §4), so third-party clients and ours read the same item.
 */
export function itemState(item: Item, done: boolean) {
  // a meeting's status is its own (spec 2 §4: waiting, in progress, has replay), read from the clock
  if (item.contenttype === CONTENT_TYPES.meeting) {
    const normalized = meetingState(meetingSettings(item.settings));
    return { status: normalized.status, state: normalized.state, normalized };
  }
  const status = (REMAPPED.has(item.contenttype) ? REMAPPED_RAW : PLAIN_RAW)[item.publishState] ?? 1;
  const state = done ? 1 : 0;
  return { status, state, normalized: normalizeContentState({ contenttype: item.contenttype, status, state }) };
}

/**
 * A file as the caller may have it: where the resource is not downloadable for the caller, the
 * answer carries the name and size but no address at all (spec 2 §6; Ketangpai leaked one).
 */
export function presentAttachment(ctx: AppContext, f: FileRow, downloadable: boolean): z.output<typeof attachmentAnswer> {
  if (downloadable) {
    const file = presentFile(ctx, f);
    // the names other Ketangpai clients read the download address by
    return { ...file, downloadurl: file.download, download_url: file.download, candownload: 1 };
  }
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    orgin_size: f.size,
    mime: f.mime,
    url: '',
    download: '',
    downloadurl: '',
    download_url: '',
    playurl: '',
    pdfstate: f.pdfState,
    pdfurl: '',
    candownload: 0,
  };
}

export interface ItemExtras {
  done: boolean;
  downloadable: boolean;
  attachments: FileRow[];
  folder?: { id: number; title: string } | null;
  directory?: { id: number; title: string } | null;
  author?: { id: number; username: string };
  statistics?: { completed: number; unlearned: number };
  /** a folder's children the caller may see */
  filecount?: number;
  /** Ketangpai's item fields that homework and tests fill (contentWork) */
  work: ItemWork;
  withBody?: boolean;
}

/** What a homework or test item adds to Ketangpai's item fields, and the course's student count. */
export interface ItemWork {
  fullcount: number;
  homework?: { fullScore: number; dupCheck: boolean; dupCeiling: number };
  /** the caller's own submission, its score only once published to them */
  mine?: { score: number | null; gradedAt: Date | null };
  test?: { type: number; beginAt: Date | null; totalScore: number };
}

/** Ketangpai's `timestate`: 0 not started (draft or scheduled), 1 under way, 2 ended. */
export function timeState(item: Item, now = Date.now()) {
  if (item.publishState === PUBLISH_STATES.ended || (item.endAt && item.endAt.getTime() <= now)) return 2;
  return item.publishState === PUBLISH_STATES.published ? 1 : 0;
}

/**
 * How a folder is recognised by each style of Ketangpai client: `isfolder`/`isdir` 1, `type` 3, or
 * no attachment with `filecount` > 0; files answer 0 and their own `type` (the content type).
 */
function folderFlags(
  item: Item,
  filecount: number | undefined,
): { type: number; isfolder: 0 | 1; isdir: 0 | 1; filecount?: number } {
  const folder = item.itemType === 2;
  return folder
    ? { type: 3, isfolder: 1, isdir: 1, filecount: filecount ?? 0 }
    : { type: item.contenttype, isfolder: 0, isdir: 0 };
}

/** One catalogue item in the shape Ketangpai clients read (spec 2 §3, issue #4). */
export function presentItem(ctx: AppContext, item: Item, x: ItemExtras): z.output<typeof contentItemAnswer> {
  const { status, state, normalized } = itemState(item, x.done);
  return {
    id: item.id,
    courseid: item.courseId,
    contenttype: item.contenttype,
    item_type: item.itemType,
    title: item.title,
    name: item.title,
    ...folderFlags(item, x.filecount),
    ...(x.withBody ? { content: presentRichText(ctx.secret, item.body) } : {}),
    link: item.link,
    status,
    state,
    normalized,
    /** spec 2 §4 publish states: 0 unpublished, 1 not started, 2 ongoing, 3 ended */
    publishState: item.publishState as 0 | 1 | 2 | 3,
    publish_time: seconds(item.publishAt),
    releasetime: seconds(item.publishAt),
    createtime: seconds(item.createdAt),
    endtime: seconds(item.endAt),
    timestate: timeState(item),
    mstatus: x.done ? 1 : 0,
    downloadable: item.downloadable ? 1 : 0,
    attachment: x.attachments.map((f) => presentAttachment(ctx, f, x.downloadable)),
    folder: x.folder ?? null,
    directory: x.directory ?? null,
    author: x.author ?? null,
    ...(x.statistics ? { statistics: x.statistics } : {}),
    ...workFields(item, x.work),
  };
}

/** Ketangpai's item fields (spec 2 §3): homework's and tests' values, the other types' "none". */
function workFields(item: Item, w: ItemWork) {
  const hw = w.homework;
  const full = hw?.fullScore ?? w.test?.totalScore ?? 0;
  const begin = seconds(w.test?.beginAt ?? item.publishAt);
  const graded = w.mine?.score !== null && w.mine?.score !== undefined;
  return {
    checkrepeat: hw?.dupCheck ? '1' : '0',
    warmingcheckrate: hw?.dupCheck ? String(hw.dupCeiling) : '0',
    grade: graded ? String(w.mine!.score) : '',
    fullscore: full,
    totalScore: full,
    testpaperType: w.test?.type ?? 0,
    begintime: begin,
    start_time: begin,
    stop_time: seconds(item.endAt),
    end_time: seconds(item.endAt),
    scoringtime: graded ? seconds(w.mine!.gradedAt) : 0,
    fullcount: w.fullcount,
    updatetime: seconds(item.updatedAt),
  };
}
