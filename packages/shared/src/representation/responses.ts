import { z } from 'zod';

/** What the star calls answer and push (docs/api.md "Stars"). */

/** One award (stars > 0) or take-back (stars < 0). */
export const starEntry = z.object({
  id: z.number().int(),
  stars: z.number().int(),
  reason: z.string(),
  /** the class it was given in; 0 outside class */
  classtimeid: z.number().int(),
  /** who gave it */
  givenby: z.number().int(),
  givenbyname: z.string(),
  /** epoch seconds */
  create_time: z.number().int(),
});
export type StarEntry = z.infer<typeof starEntry>;

/** `addStar`, `takeBackStar`, and the `Representation.star` event: the entry written and the student's new totals. */
export const starChangeAnswer = z.object({
  courseid: z.number().int(),
  uid: z.number().int(),
  /** the student's stars in the course */
  total: z.number().int(),
  /** stars awarded to the student in the class in progress (or the last 24 hours outside class) */
  awarded: z.number().int(),
  /** what is left of STARS_PER_CLASS_TIME there */
  left: z.number().int(),
  entry: starEntry,
});
export type StarChangeAnswer = z.infer<typeof starChangeAnswer>;

/** `starLog`: a page of the student's entries, newest first, with their total. */
export const starLogAnswer = z.object({
  courseid: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** entries in all */
  count: z.number().int(),
  list: z.array(starEntry),
});
export type StarLogAnswer = z.infer<typeof starLogAnswer>;

/** One student in `performanceStatistics`. */
export const starStudent = z.object({
  uid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  stno: z.string(),
  total: z.number().int(),
  /** 1 first; students with the same total share a rank */
  rank: z.number().int(),
  /** stars awarded in the class in progress; 0 when not in class */
  inclass: z.number().int(),
});
export type StarStudent = z.infer<typeof starStudent>;

/** `performanceStatistics`: every student of the course, most stars first, then by name. */
export const starStatisticsAnswer = z.object({
  courseid: z.number().int(),
  /** the class in progress; 0 when none */
  classtimeid: z.number().int(),
  /** stars given in the course in all */
  total: z.number().int(),
  limit: z.number().int(),
  stepmax: z.number().int(),
  list: z.array(starStudent),
});
export type StarStatisticsAnswer = z.infer<typeof starStatisticsAnswer>;

/** One class time's record: who came, what was said and asked, who won (decision 023). */
export const classRecord = z.object({
  classtimeid: z.number().int(),
  /** epoch seconds */
  starttime: z.number().int(),
  /** epoch seconds; 0 while the class is in progress */
  endtime: z.number().int(),
  /** attendances started during the class */
  attendances: z.number().int(),
  /** students present or late in any of them */
  present: z.number().int(),
  /** bullet comments sent (deleted ones too) */
  barrage: z.number().int(),
  races: z.array(z.object({ raceid: z.number().int(), winner: z.string() })),
  steps: z.array(z.object({ stepid: z.number().int(), stem: z.string(), answered: z.number().int(), correct: z.number().int() })),
  /** courseware "don't understand" marks made during the class */
  doubts: z.number().int(),
  /** stars given during the class, net */
  stars: z.number().int(),
});
export type ClassRecord = z.infer<typeof classRecord>;

/** `/FutureV2/ClassRecord/lists`: the course's class times, newest first, with its students' number. */
export const classRecordListAnswer = z.object({
  courseid: z.number().int(),
  students: z.number().int(),
  list: z.array(classRecord),
});
export type ClassRecordListAnswer = z.infer<typeof classRecordListAnswer>;
