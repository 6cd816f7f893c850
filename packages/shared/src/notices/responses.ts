import { z } from 'zod';

/** What the message-notice calls answer (spec 1 §3). */

/** A message notice; also the `data` of the `Message.notice` socket command */
export const messageNoticeAnswer = z.object({
  id: z.number().int(),
  contenttype: z.number().int(),
  contentid: z.number().int(),
  /** 0 when the notice is about no course */
  courseid: z.number().int(),
  /** 1 teacher or assistant, 0 student */
  courserole: z.number().int(),
  isread: z.union([z.literal(0), z.literal(1)]),
  /** what happened, e.g. member_change */
  action: z.string(),
  /** epoch seconds */
  createtime: z.number().int(),
  title: z.string(),
  activitylabel: z.string(),
  /** who caused it */
  teacher: z.object({ username: z.string() }),
  /** the same as contenttype */
  type: z.number().int(),
  /** 99 is an appeal, handled on PC only (spec 2 §8) */
  eventtype: z.number().int(),
  coid: z.string(),
});

/** `/MessageApi/lists`: 10 a page (spec 1 §9) */
export const noticePageAnswer = z.object({
  /** how many the list holds (all, or the unread ones when asked for those) */
  total: z.number().int(),
  /** how many of the caller's notices are unread */
  unread: z.number().int(),
  page: z.number().int(),
  list: z.array(messageNoticeAnswer),
});

/** `/MessageApi/readIt` */
export const readNoticeAnswer = z.object({ id: z.number().int(), isread: z.literal(1) });

/** `/MessageApi/readAll` */
export const readAllNoticesAnswer = z.object({
  /** how many were marked read */
  count: z.number().int(),
});

/**
 * `/CourseApi/getNewCounts`: per course-home tile, how many items were published since the caller
 * last opened that area (since they joined, if never); `enroll` the join requests waiting for review
 * (teachers and assistants; 0 for students).
 */
export const newCountsAnswer = z.object({
  courseid: z.number().int(),
  notice: z.number().int(),
  material: z.number().int(),
  homework: z.number().int(),
  topic: z.number().int(),
  enroll: z.number().int(),
});

/** `/CourseApi/markSeen` */
export const markSeenAnswer = z.object({
  courseid: z.number().int(),
  area: z.string(),
  /** epoch seconds */
  seentime: z.number().int(),
});
