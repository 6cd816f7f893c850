import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { wireId, wirePage } from '../wire';

/** Message notices (spec 1 §3; page size 10, spec 1 §9). */
export const messageListInput = z.object({
  page: wirePage(),
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
  /** 0 all, 1 unread only */
  unread: z.coerce.number().int().min(0).max(1).default(0),
  /** only the notices about this course */
  courseid: wireId().optional(),
  /** only one kind: `members`, a course's joins, join requests and weekly member changes */
  kind: z.enum(['members']).optional(),
});

/** The notice actions of the `members` kind. */
export const MEMBER_NOTICE_ACTIONS = ['member_join', 'join_request', 'member_change'] as const;
export const readItInput = z.object({ id: wireId() });

/**
 * The course-home areas that count what is new to each user (issue 12), with the content types each
 * holds (the materials share one list: spec 2 §3 types 2, 8, 9, 10).
 */
export const NEWS_AREAS = {
  notice: [7],
  material: [2, 8, 9, 10],
  homework: [4],
  topic: [5],
} as const;
export type NewsArea = keyof typeof NEWS_AREAS;

/** `/CourseApi/markSeen`: the caller opened one area of a course; its "new" count starts again from now. */
export const markSeenInput = z.object({
  courseid: wireId(),
  area: z.enum(Object.keys(NEWS_AREAS) as [NewsArea, ...NewsArea[]]),
});
