import type { contentCountAnswer, noticeReadAnswer, unreadNoticesAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { ActivityBody, ActivityDetail, ActivityItem, ActivityPage, ReadProgress } from './types';

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
    api<ActivityPage>('/FutureV2/CourseMeans/getCourseContent', { courseid, contenttype, page, limit: ACTIVITY_PAGE_SIZE }),
  /** a student's opening of a notice marks it read */
  detail: (courseid: number, id: number) => api<ActivityDetail>('/FutureV2/CourseMeans/getContentDetail', { courseid, id }),
  add: (body: ActivityBody) => api<ActivityItem>('/FutureV2/CourseMeans/addContent', body),
  edit: (body: { courseid: number; id: number; title: string; content: string; fileids: number[] }) =>
    api<ActivityItem>('/FutureV2/CourseMeans/editContent', body),
  remove: (courseid: number, id: number) =>
    api<z.output<typeof contentCountAnswer>>('/FutureV2/CourseMeans/deleteContent', { courseid, id }),
  /** a draft or scheduled item, now (0) or at a time */
  publish: (courseid: number, id: number, publishTime = 0) =>
    api<ActivityItem>('/FutureV2/CourseMeans/publishContent', { courseid, id, publish_time: publishTime }),
  /** teachers: who has read a notice (or taken part in a topic) */
  progress: (courseid: number, id: number) => api<ReadProgress>('/FutureV2/CourseMeans/getStudyProgress', { courseid, id }),
};

/** The announcement calls of the course list (spec 1 §2 unread-announcement dialog). */
export const noticesApi = {
  unread: () => api<z.output<typeof unreadNoticesAnswer>>('/NoticeApi/unreadNotices'),
  /** "got it": read without opening */
  markRead: (id: number) => api<z.output<typeof noticeReadAnswer>>('/NoticeApi/readNotice', { id }),
};

/** TanStack Query keys of the notice area. */
export const noticeKeys = {
  all: (courseId: number) => ['notices', courseId] as const,
  list: (courseId: number) => ['notices', courseId, 'list'] as const,
  detail: (courseId: number, id: number) => ['notices', courseId, 'detail', id] as const,
  progress: (courseId: number, id: number) => ['notices', courseId, 'progress', id] as const,
  unread: ['notices', 'unread'] as const,
};
