import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/translations';
import type { TodoItem, TodoPage } from './api';
import { contentItemPath, deadlineOf, formatDateTime, formatNoticeTime, nextPageOf, timeLeftText, todoPath } from './utils';

const item = (extra: Partial<TodoItem> = {}): TodoItem => ({
  id: 9,
  courseid: 3,
  classname: '',
  coursename: '',
  contentid: 9,
  contenttype: 7,
  msgtype: 1,
  activitylabel: '',
  contenttitle: '',
  starttime: 0,
  endtime: 0,
  number: 0,
  ...extra,
});

/** Epoch seconds of a local time. */
const at = (y: number, m: number, d: number, h = 0, min = 0) => Math.floor(new Date(y, m - 1, d, h, min).getTime() / 1000);

describe('where a to-do or a notice leads', () => {
  it('opens an announcement as its notice page, a topic as its discussion, materials as the course materials', () => {
    expect(contentItemPath({ contenttype: 7, contentid: 12, courseid: 4, courseRole: 0 })).toBe(
      '/noticeDetail?id=12&courseId=4&courseRole=0',
    );
    expect(contentItemPath({ contenttype: 5, contentid: 12, courseid: 4, courseRole: 0 })).toBe(
      '/topicDetail?id=12&courseId=4&courseRole=0',
    );
    for (const type of [2, 8, 9, 10]) {
      expect(contentItemPath({ contenttype: type, contentid: 12, courseid: 4, courseRole: 0 })).toBe(
        '/dataIndex?type=2&courseId=4&courseRole=0',
      );
    }
  });

  it('opens a homework as its page, in the role the notice was sent to', () => {
    expect(contentItemPath({ contenttype: 6, contentid: 9, courseid: 4, courseRole: 1 })).toBe(
      '/testing/review?id=9&courseId=4&courseRole=1',
    );
    expect(contentItemPath({ contenttype: 6, contentid: 9, courseid: 4, courseRole: 0 })).toBe(
      '/testing/stu/detail?testpaperid=9&courseId=4&courseRole=0',
    );
    expect(contentItemPath({ contenttype: 4, contentid: 12, courseid: 4, courseRole: 1 })).toBe(
      '/homework?id=12&courseId=4&courseRole=1',
    );
    expect(contentItemPath({ contenttype: 4, contentid: 12, courseid: 4, courseRole: 0 })).toBe(
      '/homework?id=12&courseId=4&courseRole=0',
    );
  });

  it('opens kinds without a page yet at their course home, in the role the notice was sent to', () => {
    expect(contentItemPath({ contenttype: 3, contentid: 12, courseid: 4, courseRole: 1 })).toBe(
      '/courseHome?courseId=4&courseRole=1',
    );
  });

  it('opens a courseware on the teacher’s page or the student’s learning page', () => {
    expect(contentItemPath({ contenttype: 1, contentid: 12, courseid: 4, courseRole: 1 })).toBe(
      '/courseware/detail?courseId=4&courseRole=1&id=12',
    );
    expect(contentItemPath({ contenttype: 1, contentid: 12, courseid: 4, courseRole: 0 })).toBe(
      '/courseware/startLearning?courseId=4&courseRole=0&id=12',
    );
  });

  it('leads nowhere without an item or a course (a weekly member report)', () => {
    expect(contentItemPath({ contenttype: 0, contentid: 0, courseid: 4, courseRole: 1 })).toBeNull();
    expect(contentItemPath({ contenttype: 7, contentid: 12, courseid: 0, courseRole: 0 })).toBeNull();
  });

  it("opens a teacher's to-do (msgtype 2) as a teacher and a student's as a student", () => {
    expect(todoPath(item({ msgtype: 1 }))).toBe('/noticeDetail?id=9&courseId=3&courseRole=0');
    expect(todoPath(item({ msgtype: 2, contenttype: 5 }))).toBe('/topicDetail?id=9&courseId=3&courseRole=1');
  });
});

describe('to-do deadlines', () => {
  const now = at(2026, 6, 10, 12, 0);

  it('has none when the end time is 0', () => {
    expect(deadlineOf(0, now)).toEqual({ kind: 'none' });
  });

  it('counts days, hours and minutes left, and is urgent only within a day', () => {
    expect(deadlineOf(at(2026, 6, 12, 15, 30), now)).toEqual({
      kind: 'open',
      at: '06-12 15:30',
      days: 2,
      hours: 3,
      minutes: 30,
      urgent: false,
    });
    expect(deadlineOf(now + 3600 + 20 * 60, now)).toMatchObject({ days: 0, hours: 1, minutes: 20, urgent: true });
  });

  it('counts a part-minute as a whole one, never "0 minutes left" while time remains', () => {
    expect(deadlineOf(now + 5, now)).toMatchObject({ kind: 'open', days: 0, hours: 0, minutes: 1 });
  });

  it('says ended once the end time has passed', () => {
    expect(deadlineOf(now - 60, now)).toEqual({ kind: 'ended', at: '06-10 11:59' });
  });

  it('shows the year only for another year', () => {
    expect(formatDateTime(at(2027, 1, 5, 8, 0), now)).toBe('2027-01-05 08:00');
  });
});

describe('message times', () => {
  const now = at(2026, 6, 10, 12, 0);
  it('shows the time today, the day this year, the date before', () => {
    expect(formatNoticeTime(at(2026, 6, 10, 9, 5), now)).toBe('09:05');
    expect(formatNoticeTime(at(2026, 3, 2, 9, 5), now)).toBe('03-02 09:05');
    expect(formatNoticeTime(at(2025, 12, 30, 9, 5), now)).toBe('2025-12-30');
  });
});

describe('to-do pages (10 a page, spec 1 §9)', () => {
  const page = (n: number, count: number, total: number): TodoPage => ({
    page: n,
    total,
    courses: [],
    list: Array.from({ length: count }, (_, i) => item({ contentid: n * 100 + i })),
  });

  it('asks for the next page while fewer are loaded than the server counts', () => {
    const first = page(1, 10, 23);
    expect(nextPageOf(first, [first])).toBe(2);
    const third = page(3, 3, 23);
    expect(nextPageOf(third, [first, page(2, 10, 23), third])).toBeUndefined();
  });

  it('stops at an empty page even when the count says more (to-dos finished elsewhere meanwhile)', () => {
    const first = page(1, 10, 23);
    const empty = page(2, 0, 23);
    expect(nextPageOf(empty, [first, empty])).toBeUndefined();
  });
});

describe('time left', () => {
  const t = ((key: string, values: Record<string, number>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;
  const open = (days: number, hours: number, minutes: number) =>
    ({ kind: 'open', at: '', days, hours, minutes, urgent: false }) as const;

  it('drops a zero second part', () => {
    expect(timeLeftText(t, open(3, 0, 0))).toBe('todos.left.daysOnly {"days":3}');
    expect(timeLeftText(t, open(2, 5, 0))).toBe('todos.left.days {"days":2,"hours":5}');
    expect(timeLeftText(t, open(0, 4, 0))).toBe('todos.left.hoursOnly {"hours":4}');
    expect(timeLeftText(t, open(0, 4, 10))).toBe('todos.left.hours {"hours":4,"minutes":10}');
    expect(timeLeftText(t, open(0, 0, 10))).toBe('todos.left.minutes {"minutes":10}');
  });
});
