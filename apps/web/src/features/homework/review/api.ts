import { homeworkCalls } from '@paiclass/shared';
import { call } from '../../../lib/api';
import type { ReviewBody } from './types';

/** The peer-review calls (`/HomeworkApi/*`, homework type 3) and the homework reads they need. */
export const reviewApi = {
  homework: (courseid: number, id: number) => call(homeworkCalls.getHomework, { courseid, id }),
  /** students: the submissions assigned to them */
  mine: (courseid: number, id: number) => call(homeworkCalls.myReviews, { courseid, id }),
  /** final: a review once given cannot be changed (30508) */
  submit: (body: ReviewBody) => call(homeworkCalls.submitReview, body),
  /** teachers: change any review */
  override: (body: ReviewBody) => call(homeworkCalls.overrideReview, body),
  /** the reviews of a submission: the teacher names one (`sid`), a student gets their own */
  detail: (courseid: number, id: number, sid = 0) => call(homeworkCalls.reviewDetail, { courseid, id, sid }),
  /** teachers, after the deadline (30507 before): give every submission its reviewers now */
  assign: (courseid: number, id: number) => call(homeworkCalls.assignReviews, { courseid, id }),
  /** teachers: final scores (peer average, or the teacher's grade in scoring mode 2) reach the students */
  publish: (courseid: number, id: number) => call(homeworkCalls.publishScore, { courseid, id }),
  submissions: (courseid: number, id: number) => call(homeworkCalls.stuUserList, { courseid, id, filter: 0, limit: 200 }),
  submission: (courseid: number, id: number, sid: number) => call(homeworkCalls.stuWorkDetail, { courseid, id, sid }),
};

/** TanStack Query keys of the review pages (their own prefix: the homework pages keep theirs). */
export const reviewKeys = {
  all: (courseId: number, id: number) => ['homework-review', courseId, id] as const,
  homework: (courseId: number, id: number) => ['homework-review', courseId, id, 'homework'] as const,
  mine: (courseId: number, id: number) => ['homework-review', courseId, id, 'mine'] as const,
  detail: (courseId: number, id: number, sid: number) => ['homework-review', courseId, id, 'detail', sid] as const,
  submissions: (courseId: number, id: number) => ['homework-review', courseId, id, 'submissions'] as const,
  submission: (courseId: number, id: number, sid: number) => ['homework-review', courseId, id, 'submission', sid] as const,
};
