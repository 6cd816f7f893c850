import { z } from 'zod';

/** What the score-book calls answer (docs/api.md "Scores"). */

/** A scored item of the course: homework now (tests and attendance register here later) */
export const scoreColumnAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  contenttype: z.number().int(),
  fullscore: z.number().int(),
  /** 0–100; 0 leaves the item out of the total */
  weight: z.number().int(),
});

/** `/ScoreApi/getScoreBook` and `/ScoreApi/setWeights`: a teacher gets every student, a student their own row */
export const scoreBookAnswer = z.object({
  columns: z.array(scoreColumnAnswer),
  rows: z.array(
    z.object({
      uid: z.number().int(),
      username: z.string(),
      stno: z.string(),
      /** by column id; null not graded (or, for a student, not published) */
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
