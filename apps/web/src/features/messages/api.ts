import { contentCalls, type messageNoticeAnswer, type noticePageAnswer, noticesCalls, PAGE_SIZE } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** spec 1 §3: eventtype 99 is an appeal, handled on PC only (spec 2 §8). */
export const APPEAL_EVENTTYPE = 99;

/** A message notice (spec 1 §3; packages/shared/src/notices/responses.ts). */
export type MessageNotice = z.output<typeof messageNoticeAnswer>;

export type NoticePage = z.output<typeof noticePageAnswer>;

/** What waits for the caller: open to-dos, unread message notices, unread announcements. */
export interface AgencySummary {
  todo: number;
  unread: number;
  notices: number;
}

/** The message-notice calls of docs/api.md, typed. */
export const messagesApi = {
  /** 10 a page (spec 1 §9); unread 1 lists only the unread ones */
  list: (body: { page: number; unread: 0 | 1 }) => call(noticesCalls.lists, { ...body, limit: PAGE_SIZE }),
  /** a course's member notices (joins, join requests, weekly changes), newest first, for its teachers */
  memberChanges: (courseid: number) => call(noticesCalls.lists, { page: 1, limit: PAGE_SIZE, courseid, kind: 'members' }),
  readIt: (id: number) => call(noticesCalls.readIt, { id }),
  readAll: () => call(noticesCalls.readAll, {}),
  agency: () => call(contentCalls.getAgencyMsg, {}),
};

export const messageKeys = {
  all: ['messages'] as const,
  list: (unread: 0 | 1) => ['messages', 'list', unread] as const,
  agency: ['messages', 'agency'] as const,
  memberChanges: (courseId: number) => ['messages', 'memberChanges', courseId] as const,
};
