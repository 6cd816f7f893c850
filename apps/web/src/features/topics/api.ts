import { contentCalls } from '@paiclass/shared';
import { call } from '../../lib/api';

/** spec 2 §3: topics are content type 5 */
export const TOPIC_TYPE = 5;
/** Comments per page under a topic (the server allows at most 50). */
export const COMMENT_PAGE_SIZE = 10;

/** The topic setting and comment calls of docs/api.md, typed. Topics themselves use `activityApi` (notices/api.ts). */
export const topicsApi = {
  setting: (courseid: number) => call(contentCalls.getSetting, { courseid }),
  saveSetting: (courseid: number, allowstudent: 0 | 1) => call(contentCalls.updateSetting, { courseid, allowstudent }),
  comments: (contentid: number, page: number) =>
    call(contentCalls.getCommentPage, { contentid, contenttype: TOPIC_TYPE, page, limit: COMMENT_PAGE_SIZE }),
  /** a comment, or with `replyid` a reply to one */
  addComment: (contentid: number, content: string, replyid = 0) =>
    call(contentCalls.addComment, { contentid, contenttype: TOPIC_TYPE, content, replyid }),
  /** likes, or takes the like back */
  like: (id: number) => call(contentCalls.like, { id }),
  /** a comment goes with its replies */
  deleteComment: (id: number, courseid: number) => call(contentCalls.delComment, { id, courseid }),
};

/** TanStack Query keys of the topic area. */
export const topicKeys = {
  all: (courseId: number) => ['topics', courseId] as const,
  list: (courseId: number) => ['topics', courseId, 'list'] as const,
  detail: (courseId: number, id: number) => ['topics', courseId, 'detail', id] as const,
  progress: (courseId: number, id: number) => ['topics', courseId, 'progress', id] as const,
  setting: (courseId: number) => ['topics', courseId, 'setting'] as const,
  comments: (courseId: number, id: number) => ['topics', courseId, 'comments', id] as const,
};
