import { contentCalls, homeworkCalls } from '@paiclass/shared';
import { call } from '../../lib/api';
import type { HomeworkAddBody, HomeworkFields } from './types';

/** spec 2 §3: homework is content type 4 */
export const HOMEWORK_TYPE = 4;
/** Homework per page of the course's list. */
export const HOMEWORK_PAGE_SIZE = 20;
/** Students (or groups) per page of the submissions list (the server allows at most 200). */
export const OWNER_PAGE_SIZE = 50;

/** The homework calls of docs/api.md "Homework" (`/HomeworkApi/*`), typed. */
export const homeworkApi = {
  list: (courseid: number, page: number) =>
    call(contentCalls.getCourseContent, {
      courseid,
      contenttype: HOMEWORK_TYPE,
      page,
      limit: HOMEWORK_PAGE_SIZE,
    }),
  get: (courseid: number, id: number) => call(homeworkCalls.getHomework, { courseid, id }),
  add: (body: HomeworkAddBody) => call(homeworkCalls.addHomework, body),
  edit: (body: HomeworkFields & { id: number }) => call(homeworkCalls.editHomework, body),
  /** a draft or scheduled homework, out now */
  publish: (courseid: number, id: number) => call(contentCalls.publishContent, { courseid, id, publish_time: 0 }),
  remove: (courseid: number, id: number) => call(contentCalls.deleteContent, { courseid, id }),

  // students
  /** `content`: the written answer (rich text), '' for none */
  submit: (courseid: number, id: number, fileids: number[], message: string, content = '') =>
    call(homeworkCalls.stuWorkSubmit, { courseid, id, fileids, message, content }),
  /** a student's own versions; a teacher names the submission */
  history: (courseid: number, id: number, sid?: number) =>
    call(homeworkCalls.stuWorkHistory, { courseid, id, ...(sid ? { sid } : {}) }),
  shareList: (courseid: number, id: number) => call(homeworkCalls.stuWorkShareList, { courseid, id }),
  /** VIP students: classmates' work, once their own is in (decision 051) */
  classmatesWork: (courseid: number, id: number) => call(homeworkCalls.classmatesWork, { courseid, id }),

  // teachers
  owners: (body: { courseid: number; id: number; filter: number; page: number; limit?: number }) =>
    call(homeworkCalls.stuUserList, { limit: OWNER_PAGE_SIZE, ...body }),
  detail: (courseid: number, id: number, sid: number) => call(homeworkCalls.stuWorkDetail, { courseid, id, sid }),
  grade: (courseid: number, id: number, sids: number[], score: number, comment: string) =>
    call(homeworkCalls.correct, { courseid, id, sids, score, comment }),
  repulse: (courseid: number, id: number, sids: number[], reason: string) =>
    call(homeworkCalls.repulse, { courseid, id, sids, reason }),
  publishScores: (courseid: number, id: number) => call(homeworkCalls.publishScore, { courseid, id }),
  share: (courseid: number, id: number, sid: number, reason: string) => call(homeworkCalls.share, { courseid, id, sid, reason }),
  cancelShare: (courseid: number, id: number, sid: number) => call(homeworkCalls.cancelShare, { courseid, id, sid }),
  /** everyone who has not submitted, or the students named */
  call: (courseid: number, id: number, uids: number[] = []) => call(homeworkCalls.call, { courseid, id, uids }),
};

/** TanStack Query keys of the homework area. */
export const homeworkKeys = {
  all: (courseId: number) => ['homework', courseId] as const,
  list: (courseId: number) => ['homework', courseId, 'list'] as const,
  /** everything read about one homework: itself, its submissions, history, shares */
  about: (courseId: number, id: number) => ['homework', courseId, 'item', id] as const,
  one: (courseId: number, id: number) => ['homework', courseId, 'item', id, 'self'] as const,
  owners: (courseId: number, id: number, filter: number) => ['homework', courseId, 'item', id, 'owners', filter] as const,
  detail: (courseId: number, id: number, sid: number) => ['homework', courseId, 'item', id, 'detail', sid] as const,
  /** the grading order of a filtered list: outside `about`, so that grading does not read it again */
  order: (courseId: number, id: number, filter: number) => ['homework', courseId, 'order', id, filter] as const,
  history: (courseId: number, id: number, sid: number) => ['homework', courseId, 'item', id, 'history', sid] as const,
  shares: (courseId: number, id: number) => ['homework', courseId, 'item', id, 'shares'] as const,
  classmates: (courseId: number, id: number) => ['homework', courseId, 'item', id, 'classmates'] as const,
};
