import { PAGE_SIZE } from '@paiclass/shared';
import { api } from '../../lib/api';

/** spec 1 §3: eventtype 99 is an appeal, handled on PC only (spec 2 §8). */
export const APPEAL_EVENTTYPE = 99;

/** A message notice (spec 1 §3). */
export interface MessageNotice {
  id: number;
  contenttype: number;
  contentid: number;
  courseid: number;
  /** 1 teacher or assistant, 0 student */
  courserole: number;
  isread: 0 | 1;
  action: string;
  /** epoch seconds */
  createtime: number;
  title: string;
  activitylabel: string;
  teacher: { username: string };
  type: number;
  eventtype: number;
  coid: string;
}

export interface NoticePage {
  total: number;
  unread: number;
  page: number;
  list: MessageNotice[];
}

/** What waits for the caller: open to-dos, unread message notices, unread announcements. */
export interface AgencySummary {
  todo: number;
  unread: number;
  notices: number;
}

/** The message-notice calls of docs/api.md, typed. */
export const messagesApi = {
  /** 10 a page (spec 1 §9); unread 1 lists only the unread ones */
  list: (body: { page: number; unread: 0 | 1 }) => api<NoticePage>('/MessageApi/lists', { ...body, limit: PAGE_SIZE }),
  readIt: (id: number) => api<{ id: number; isread: 1 }>('/MessageApi/readIt', { id }),
  readAll: () => api<{ count: number }>('/MessageApi/readAll', {}),
  agency: () => api<AgencySummary>('/MessageApi/getAgencyMsg', {}),
};

export const messageKeys = {
  all: ['messages'] as const,
  list: (unread: 0 | 1) => ['messages', 'list', unread] as const,
  agency: ['messages', 'agency'] as const,
};
