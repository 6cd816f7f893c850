import { contentCalls } from '@paiclass/shared';
import { call } from '../../lib/api';
import type { ActivityBody } from './types';

/** spec 2 §3: announcements are content type 7 */
export const NOTICE_TYPE = 7;
/** Items per page of the notice and topic lists (the server allows at most 100). */
export const ACTIVITY_PAGE_SIZE = 20;

/**
 * The content calls shared by notices and topics (`/FutureV2/CourseMeans/*`), typed. Topics use the
 * same calls with content type 5.
 */
export const activityApi = {
  list: (courseid: number, contenttype: 5 | 7, page: number) =>
    call(contentCalls.getCourseContent, { courseid, contenttype, page, limit: ACTIVITY_PAGE_SIZE }),
  /** a student's opening of a notice marks it read */
  detail: (courseid: number, id: number) => call(contentCalls.getContentDetail, { courseid, id }),
  add: (body: ActivityBody) => call(contentCalls.addContent, body),
  edit: (body: { courseid: number; id: number; title: string; content: string; fileids: number[] }) =>
    call(contentCalls.editContent, body),
  remove: (courseid: number, id: number) => call(contentCalls.deleteContent, { courseid, id }),
  /** a draft or scheduled item, now (0) or at a time */
  publish: (courseid: number, id: number, publishTime = 0) =>
    call(contentCalls.publishContent, { courseid, id, publish_time: publishTime }),
  /** teachers: who has read a notice (or taken part in a topic) */
  progress: (courseid: number, id: number) => call(contentCalls.getStudyProgress, { courseid, id }),
};

/** The announcement calls of the course list (spec 1 §2 unread-announcement dialog). */
export const noticesApi = {
  unread: () => call(contentCalls.unreadNotices),
  /** "got it": read without opening */
  markRead: (id: number) => call(contentCalls.readNotice, { id }),
};

/** TanStack Query keys of the notice area. */
export const noticeKeys = {
  all: (courseId: number) => ['notices', courseId] as const,
  list: (courseId: number) => ['notices', courseId, 'list'] as const,
  detail: (courseId: number, id: number) => ['notices', courseId, 'detail', id] as const,
  progress: (courseId: number, id: number) => ['notices', courseId, 'progress', id] as const,
  unread: ['notices', 'unread'] as const,
};
