import type { CourseInfo } from '../courses/types';
import type { ActivityItem } from './types';

/** 1 when the caller manages the course's content (teacher or assistant), else 0: the `courseRole` of the addresses. */
export const roleOf = (info: Pick<CourseInfo, 'courseRole'>): 0 | 1 => (Number(info.courseRole) === 1 ? 1 : 0);

/** When an item came out, or was written when it has not yet: epoch seconds. */
export const itemTime = (item: Pick<ActivityItem, 'publish_time' | 'createtime'>) =>
  Number(item.publish_time) > 0 ? Number(item.publish_time) : Number(item.createtime);

/** A positive whole-number id from the address, or null (absent or malformed). */
export function parseItemId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Items (not folders) of a list's pages, each once even if the list shifted between pages. */
export function uniqueItems(pages: { list: ActivityItem[] }[] | undefined): ActivityItem[] {
  const seen = new Set<number>();
  const out: ActivityItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.list) {
      if (Number(item.item_type) !== 1 || seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** One minute from now, to the minute: the earliest time a scheduled publish may take. */
export function earliestSchedule(now = Date.now()): Date {
  const d = new Date(now + 60_000);
  d.setSeconds(0, 0);
  return d;
}
