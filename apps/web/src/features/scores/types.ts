/** Shapes of the score-book calls (docs/api.md "Scores"), from packages/shared/src/scores/responses.ts. */
import type { ScoreColumnKind, scoreBookAnswer, scoreColumnAnswer, scoreDetailAnswer, scoreImportAnswer } from '@paiclass/shared';
import type { z } from 'zod';

/** A column of the book: a homework, or one of the teacher's own (offline test, midterm, final, attendance, other). */
export type ScoreColumn = z.output<typeof scoreColumnAnswer>;

/** `getScoreBook`: a teacher gets every student, a student their own row. */
export type ScoreBook = z.output<typeof scoreBookAnswer>;

export type ScoreRow = ScoreBook['rows'][number];

/** `scoreDetail`: one student's items and total. */
export type ScoreDetail = z.output<typeof scoreDetailAnswer>;

/** `importScores`: scores written, or the problems by row and nothing written. */
export type ScoreImport = z.output<typeof scoreImportAnswer>;

/** The fields of a teacher's own column as the form sends them. */
export interface ScoreColumnForm {
  name: string;
  kind: ScoreColumnKind;
  fullscore: number;
  weight: number;
  visible: 0 | 1;
}
