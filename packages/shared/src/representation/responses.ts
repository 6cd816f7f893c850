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

/** One student's study over the course's class times (`studyAnalysis`, decision 023). */
export const studyStudent = z.object({
  uid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  stno: z.string(),
  /** attendances where they were present or late */
  present: z.number().int(),
  /** present / the course's attendances, 0-100 (0 when none was held) */
  attendrate: z.number().int(),
  /** interactive questions answered, and answered right */
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / answered, 0-100 */
  rightrate: z.number().int(),
  barrage: z.number().int(),
  stars: z.number().int(),
  /** courseware items opened, pages seen in them, items finished */
  coursewares: z.number().int(),
  pages: z.number().int(),
  finished: z.number().int(),
  /** tests handed in, and the average score of the graded ones in percent (0 when none) */
  tests: z.number().int(),
  testavg: z.number().int(),
});
export type StudyStudent = z.infer<typeof studyStudent>;

/** One class time in a student's line: did they attend, answer, speak, earn stars. */
export const studyClassLine = z.object({
  classtimeid: z.number().int(),
  starttime: z.number().int(),
  endtime: z.number().int(),
  /** attendances started in the class, and the ones they were present or late in */
  attendances: z.number().int(),
  present: z.number().int(),
  /** questions asked in the class; the student's answers and right ones */
  steps: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  barrage: z.number().int(),
  stars: z.number().int(),
});
export type StudyClassLine = z.infer<typeof studyClassLine>;

/** `/FutureV2/ClassRecord/studyAnalysis`: the course's totals and every current student; with `uid` their line per class time. */
export const studyAnalysisAnswer = z.object({
  courseid: z.number().int(),
  /** class times held, attendances held (not deleted), questions asked in class, coursewares, tests published */
  classes: z.number().int(),
  attendances: z.number().int(),
  steps: z.number().int(),
  list: z.array(studyStudent),
  /** with `uid`: that student's class times, newest first (at most CLASS_RECORD_LIMIT) */
  lines: z.array(studyClassLine).optional(),
});
export type StudyAnalysisAnswer = z.infer<typeof studyAnalysisAnswer>;

/** `/FutureV2/ClassRecord/barrageDetail`: one class time's bullet comments in order, per minute and by sender. */
export const barrageDetailAnswer = z.object({
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  starttime: z.number().int(),
  endtime: z.number().int(),
  /** every comment, oldest first; deleted ones flagged (their text kept for the teacher) */
  list: z.array(
    z.object({
      id: z.number().int(),
      uid: z.number().int(),
      username: z.string(),
      content: z.string(),
      vip: z.boolean(),
      deleted: z.boolean(),
      create_time: z.number().int(),
    }),
  ),
  /** comments per minute from the class's start; minute 0 is the first */
  minutes: z.array(z.object({ minute: z.number().int(), count: z.number().int() })),
  /** senders, most first (at most BARRAGE_TOP_SENDERS) */
  senders: z.array(z.object({ uid: z.number().int(), username: z.string(), count: z.number().int() })),
});
export type BarrageDetailAnswer = z.infer<typeof barrageDetailAnswer>;

/** One thing that happened in a class time (`classNotes`). */
export const classNote = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('begin'), time: z.number().int() }),
  z.object({ kind: z.literal('end'), time: z.number().int() }),
  z.object({
    kind: z.literal('attendance'),
    time: z.number().int(),
    id: z.number().int(),
    title: z.string(),
    /** 0 roll call, 1 number, 2 GPS, 3 QR, 4 check-in/check-out */
    type: z.number().int(),
    present: z.number().int(),
    late: z.number().int(),
    /** the course's students when the notes are read */
    students: z.number().int(),
  }),
  z.object({
    kind: z.literal('step'),
    time: z.number().int(),
    id: z.number().int(),
    stem: z.string(),
    answered: z.number().int(),
    correct: z.number().int(),
  }),
  z.object({ kind: z.literal('race'), time: z.number().int(), id: z.number().int(), winner: z.string() }),
  z.object({
    kind: z.literal('star'),
    time: z.number().int(),
    uid: z.number().int(),
    username: z.string(),
    stars: z.number().int(),
    reason: z.string(),
  }),
]);
export type ClassNote = z.infer<typeof classNote>;

/** `/FutureV2/ClassRecord/classNotes`: what happened in one class time, in time order. */
export const classNotesAnswer = z.object({
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  starttime: z.number().int(),
  endtime: z.number().int(),
  students: z.number().int(),
  barrage: z.number().int(),
  notes: z.array(classNote),
  /** the courseware on the screen now (in progress only) */
  showing: z
    .object({ contentid: z.number().int(), title: z.string(), page: z.number().int(), total: z.number().int() })
    .nullable(),
  /** "don't understand" marks made during the class, per courseware page */
  doubts: z.array(z.object({ contentid: z.number().int(), title: z.string(), page: z.number().int(), count: z.number().int() })),
  /** the courseware the classroom screen showed, in the order first shown: pages reached, distinct pages (decision 025) */
  slides: z.array(z.object({ contentid: z.number().int(), title: z.string(), views: z.number().int(), pages: z.number().int() })),
});
export type ClassNotesAnswer = z.infer<typeof classNotesAnswer>;
