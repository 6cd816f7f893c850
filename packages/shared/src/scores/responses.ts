import { z } from 'zod';

/** What the score-book calls answer (docs/api.md "Scores"). */

/** A scored item of the course: homework, a test (issue 14), or one of the teacher's own columns */
export const scoreColumnAnswer = z.object({
  /** the key of `rows[].scores`: "12" for homework or test 12, "c5" for the teacher's column 5 */
  key: z.string(),
  id: z.number().int(),
  title: z.string(),
  /** 4 homework, 6 test, 0 the teacher's own */
  contenttype: z.number().int(),
  /** a test's total may have a half point */
  fullscore: z.number(),
  /** 0–100; 0 leaves the item out of the total */
  weight: z.number().int(),
  /** homework; an online test (issue 25); an offline test or a teacher's column: test (offline test), midterm, final, attendance, other */
  kind: z.enum(['homework', 'online', 'test', 'midterm', 'final', 'attendance', 'other']),
  /** a teacher's column: students see their own score in it (homework: its scores are published) */
  visible: z.boolean(),
  /** a teacher's column: how many students have a score in it (teachers; 0 for students) */
  scored: z.number().int(),
});

/** `/ScoreApi/addColumn`, `/ScoreApi/editColumn` */
export const scoreColumnEditAnswer = scoreColumnAnswer;

/** `/ScoreApi/importScores`: what was written, or, when any row is wrong, the problems and nothing written */
export const scoreImportAnswer = z.object({
  /** scores written (0 when there are problems) */
  saved: z.number().int(),
  /** the teacher's columns found in the sheet */
  columns: z.array(z.string()),
  /** headers that are not a teacher's column (homework, totals): left alone */
  ignored: z.array(z.string()),
  problems: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});

/** `/ScoreApi/getScoreBook` and `/ScoreApi/setWeights`: a teacher gets every student, a student their own row */
export const scoreBookAnswer = z.object({
  columns: z.array(scoreColumnAnswer),
  rows: z.array(
    z.object({
      uid: z.number().int(),
      username: z.string(),
      stno: z.string(),
      /** by column key; null not graded (or, for a student, not published) */
      scores: z.record(z.string(), z.number().nullable()),
      /** weighted, out of 100; null when every weight is 0 */
      total: z.number().nullable(),
    }),
  ),
});

/** `/ScoreApi/scoreDetail`: one student's items and total */
export const scoreDetailAnswer = z.object({
  uid: z.number().int(),
  username: z.string(),
  stno: z.string(),
  list: z.array(scoreColumnAnswer.extend({ score: z.number().nullable() })),
  /** weighted, out of 100; null when every weight is 0 */
  total: z.number().nullable(),
});
