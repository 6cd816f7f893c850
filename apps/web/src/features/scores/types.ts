/** Shapes of the score-book calls (docs/api.md "Scores"), from packages/shared/src/scores/responses.ts. */
import type { scoreBookAnswer, scoreColumnAnswer, scoreDetailAnswer } from '@paiclass/shared';
import type { z } from 'zod';

/** A scored item of the course: homework now (tests and attendance register here later). */
export type ScoreColumn = z.output<typeof scoreColumnAnswer>;

/** `getScoreBook`: a teacher gets every student, a student their own row. */
export type ScoreBook = z.output<typeof scoreBookAnswer>;

export type ScoreRow = ScoreBook['rows'][number];

/** `scoreDetail`: one student's items and total. */
export type ScoreDetail = z.output<typeof scoreDetailAnswer>;
