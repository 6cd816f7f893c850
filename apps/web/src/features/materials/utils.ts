import { CONTENT_TYPES, PUBLISH_STATES } from '@paiclass/shared';
import type { TFunction } from '../../lib/translations';
import { isMaterial, MATERIAL_TYPES } from './paths';
import type { Attachment, ContentItem, PublishState } from './types';

/** 1.5 KB, 12.0 MB: a file size as people read it. */
export function formatSize(bytes: number) {
  const n = Math.max(0, Number(bytes) || 0);
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-09-01 08:30, from epoch seconds. */
export function formatTime(seconds: number) {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a `datetime-local` input ("2026-09-01T08:30") for epoch seconds; '' for none. */
export function toLocalInput(seconds: number) {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch seconds of a `datetime-local` value (local time); 0 for empty or unreadable. */
export function fromLocalInput(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return 0;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** The four publish states (spec 2 §4). */
export function publishLabel(t: TFunction, state: PublishState) {
  return t(`materials.publishState.${Number(state)}`);
}

/** A content type's name (spec 2 §3); unknown types read as "content". */
export function typeLabel(t: TFunction, contenttype: number) {
  const known: readonly number[] = Object.values(CONTENT_TYPES);
  return known.includes(contenttype) ? t(`materials.type.${contenttype}`) : t('materials.type.other');
}

/**
 * What "done" means for an item's statistics (the server's rule): a material (or courseware) is
 * learned when opened, an announcement read, a topic joined by commenting. Homework and the kinds
 * not built have no such count (opening a homework is not doing it; its page counts hand-ins), so
 * null: no "learned" line, tag or statistics for them.
 */
export type StatsKind = 'learn' | 'read' | 'join';
export function statsKind(contenttype: number): StatsKind | null {
  if (contenttype === CONTENT_TYPES.announcement) return 'read';
  if (contenttype === CONTENT_TYPES.topic) return 'join';
  if (contenttype === CONTENT_TYPES.courseware || isMaterial(contenttype)) return 'learn';
  return null;
}

export const isFolder = (item: Pick<ContentItem, 'item_type'>) => Number(item.item_type) === 2 || Number(item.item_type) === 3;

/**
 * Whether the server files an item of type `b` in a folder of type `a`: it compares the types each
 * stands for, where 2 and 8 both stand for the whole materials family (2, 8, 9, 10) and any other
 * type for itself alone, so a material folder takes 2 and 8 but not a MOOC video or a link.
 */
export function sameFamily(a: number, b: number) {
  const family = (type: number) => (type === 2 || type === 8 ? MATERIAL_TYPES.join() : String(type));
  return family(a) === family(b);
}

/** The total size of an item's files. */
export const totalSize = (files: Pick<Attachment, 'size'>[]) => files.reduce((n, f) => n + (Number(f.size) || 0), 0);

export type FileKind = 'video' | 'audio' | 'image' | 'pdf' | 'doc' | 'sheet' | 'slides' | 'archive' | 'file';

/** What a file is, by its type and name, for its icon and whether it can be shown in the page. */
export function fileKind(file: { mime?: string; name?: string }): FileKind {
  const mime = file.mime ?? '';
  const ext = (file.name ?? '').toLowerCase().split('.').pop() ?? '';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (['doc', 'docx', 'txt', 'rtf', 'odt', 'md'].includes(ext)) return 'doc';
  if (['xls', 'xlsx', 'csv', 'ods'].includes(ext)) return 'sheet';
  if (['ppt', 'pptx', 'key', 'odp'].includes(ext)) return 'slides';
  if (['zip', 'rar', '7z', 'gz', 'tar'].includes(ext)) return 'archive';
  return 'file';
}

export type MenuKey =
  | 'rename'
  | 'publish'
  | 'moveToFolder'
  | 'moveOutOfFolder'
  | 'moveToDirectory'
  | 'download'
  | 'endTime'
  | 'statistics'
  | 'delete';

/** The actions a teacher has on an item or a folder (spec 2 §2 materials, issue #4). */
export function menuKeys(item: ContentItem): MenuKey[] {
  if (isFolder(item)) return ['rename', 'moveToDirectory', 'delete'];
  const keys: MenuKey[] = ['rename'];
  if (item.publishState === PUBLISH_STATES.draft || item.publishState === PUBLISH_STATES.scheduled) keys.push('publish');
  keys.push(item.folder ? 'moveOutOfFolder' : 'moveToFolder');
  // an item inside a folder goes where its folder goes
  if (!item.folder) keys.push('moveToDirectory');
  if (isMaterial(item.contenttype) && item.contenttype !== CONTENT_TYPES.moocLink) keys.push('download');
  keys.push('endTime');
  if (statsKind(item.contenttype)) keys.push('statistics');
  keys.push('delete');
  return keys;
}
