import { CONTENT_TYPES, MATERIAL_FAMILY } from '@paiclass/shared';
import type { TFunction } from '../../lib/translations';
import { courseHomePath } from '../courses/utils';
import type { TodoItem } from './api';

export interface ContentRef {
  contenttype: number;
  contentid: number;
  courseid: number;
  /** 1 teacher or assistant, 0 student */
  courseRole: 0 | 1;
}

/**
 * The page of a course item a to-do or a message notice points at: an announcement opens its
 * notice, a topic its discussion, homework its page, materials the course's materials; other kinds
 * (tests) open the course home until their pages exist. null when it points at no item.
 */
export function contentItemPath({ contenttype, contentid, courseid, courseRole }: ContentRef): string | null {
  if (!(contentid > 0) || !(courseid > 0)) return null;
  const query = `courseId=${courseid}&courseRole=${courseRole}`;
  if (contenttype === CONTENT_TYPES.announcement) return `/noticeDetail?id=${contentid}&${query}`;
  if (contenttype === CONTENT_TYPES.topic) return `/topicDetail?id=${contentid}&${query}`;
  if (contenttype === CONTENT_TYPES.homework) return `/homework?id=${contentid}&${query}`;
  // a courseware: the teacher's page with its statistics, the student's learning page (issue 15)
  if (contenttype === CONTENT_TYPES.courseware)
    return `${courseRole ? '/courseware/detail' : '/courseware/startLearning'}?${query}&id=${contentid}`;
  // a test: the teacher's papers to grade, the student's test page (issue 14)
  if (contenttype === CONTENT_TYPES.test)
    return courseRole ? `/testing/review?id=${contentid}&${query}` : `/testing/stu/detail?testpaperid=${contentid}&${query}`;
  // material-like content opens the course's materials (spec 2 §2 /dataIndex type 2)
  if (MATERIAL_FAMILY.includes(contenttype)) return `/dataIndex?type=2&${query}`;
  return courseHomePath(courseid, courseRole);
}

/** Where a to-do leads: its item, as a teacher for a teacher's to-do (msgtype 2), else as a student. */
export const todoPath = (item: TodoItem) =>
  contentItemPath({
    contenttype: Number(item.contenttype),
    contentid: Number(item.contentid),
    courseid: Number(item.courseid),
    courseRole: Number(item.msgtype) === 2 ? 1 : 0,
  });

const pad = (n: number) => String(n).padStart(2, '0');

/** "06-12 18:00" this year, "2027-01-05 08:00" another year (local time). */
export function formatDateTime(seconds: number, nowSeconds: number) {
  const d = new Date(seconds * 1000);
  const now = new Date(nowSeconds * 1000);
  const day = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${d.getFullYear()}-${day} ${time}`;
}

/** A message time: "14:05" today, "06-12 14:05" this year, "2025-12-30" before. */
export function formatNoticeTime(seconds: number, nowSeconds: number) {
  const d = new Date(seconds * 1000);
  const now = new Date(nowSeconds * 1000);
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay) return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (d.getFullYear() === now.getFullYear()) return formatDateTime(seconds, nowSeconds);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type Deadline =
  | { kind: 'none' }
  | { kind: 'ended'; at: string }
  | { kind: 'open'; at: string; days: number; hours: number; minutes: number; urgent: boolean };

/** Within a day of its end a to-do counts as urgent. */
const URGENT_SECONDS = 86400;

/** The deadline of a to-do: none (endtime 0), ended, or open with the time left. */
export function deadlineOf(endtime: number, nowSeconds: number): Deadline {
  if (!(endtime > 0)) return { kind: 'none' };
  const at = formatDateTime(endtime, nowSeconds);
  const left = endtime - nowSeconds;
  if (left <= 0) return { kind: 'ended', at };
  // a part-minute counts as a whole one, so "0 minutes left" never shows while time remains
  const minutesLeft = Math.ceil(left / 60);
  return {
    kind: 'open',
    at,
    days: Math.floor(minutesLeft / 1440),
    hours: Math.floor((minutesLeft % 1440) / 60),
    minutes: minutesLeft % 60,
    urgent: left < URGENT_SECONDS,
  };
}

/** "还剩 2 天 3 小时" / "还剩 3 天" / "还剩 3 小时 20 分钟" / "还剩 3 小时" / "还剩 12 分钟". */
export function timeLeftText(t: TFunction, d: Extract<Deadline, { kind: 'open' }>) {
  if (d.days > 0)
    return d.hours > 0 ? t('todos.left.days', { days: d.days, hours: d.hours }) : t('todos.left.daysOnly', { days: d.days });
  if (d.hours > 0)
    return d.minutes > 0
      ? t('todos.left.hours', { hours: d.hours, minutes: d.minutes })
      : t('todos.left.hoursOnly', { hours: d.hours });
  return t('todos.left.minutes', { minutes: d.minutes });
}

/** The next page while the loaded ones hold fewer items than the server counts; none after an empty page. */
export function nextPageOf(last: { total: number; page: number; list: unknown[] }, pages: { list: unknown[] }[]) {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
}
