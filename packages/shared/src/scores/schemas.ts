import { z } from 'zod';
import { wireId, wireOptionalId } from '../wire';

/**
 * The teacher's own columns of the score book (issue 12): offline tests, midterm, final,
 * attendance, other. Numbers may come as strings; messages are keys of `validationMessages`.
 */
export const SCORE_COLUMN_KINDS = ['test', 'midterm', 'final', 'attendance', 'other'] as const;
export type ScoreColumnKind = (typeof SCORE_COLUMN_KINDS)[number];
/** our own limits: a column name fits a table header; a midterm out of 150 is common, 1000 is plenty */
export const SCORE_COLUMN_NAME_MAX = 20;
export const SCORE_COLUMN_FULL_MAX = 1000;
export const SCORE_COLUMNS_MAX = 30;
/** an import is one class's sheet: 2 MB and 3000 rows hold any real one */
export const SCORE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const SCORE_IMPORT_ROWS_MAX = 3000;

const id = wireId();
const flag = (fallback: 0 | 1) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v === true ? 1 : v === false ? 0 : v),
    z.coerce.number().int().min(0).max(1),
  );

const columnFields = {
  name: z
    .string({ message: 'validation.columnName' })
    .trim()
    .min(1, { message: 'validation.columnName' })
    .max(SCORE_COLUMN_NAME_MAX, { message: 'validation.columnNameLength' }),
  kind: z.enum(SCORE_COLUMN_KINDS, { message: 'validation.columnKind' }).default('other'),
  fullscore: z.coerce
    .number({ message: 'validation.columnFullScore' })
    .int({ message: 'validation.columnFullScore' })
    .min(1, { message: 'validation.columnFullScore' })
    .max(SCORE_COLUMN_FULL_MAX, { message: 'validation.columnFullScore' })
    .default(100),
  weight: z.coerce
    .number({ message: 'validation.weight' })
    .int({ message: 'validation.weight' })
    .min(0, { message: 'validation.weight' })
    .max(100, { message: 'validation.weight' })
    .default(0),
  /** 1: students see their own score in it */
  visible: flag(0),
};

export const addScoreColumnInput = z.object({ courseid: id, ...columnFields });
export type AddScoreColumnInput = z.infer<typeof addScoreColumnInput>;

/** Only the fields sent change. */
export const editScoreColumnInput = z.object({
  courseid: id,
  id,
  name: columnFields.name.optional(),
  kind: z.enum(SCORE_COLUMN_KINDS, { message: 'validation.columnKind' }).optional(),
  fullscore: columnFields.fullscore.unwrap().optional(),
  weight: columnFields.weight.unwrap().optional(),
  visible: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v === true ? 1 : v === false ? 0 : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
});
export type EditScoreColumnInput = z.infer<typeof editScoreColumnInput>;

export const scoreColumnRef = z.object({ courseid: id, id });

/** A typed score: a number from 0 (the column's full score is checked by the server); empty clears it. */
export const typedScore = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return null;
  if (typeof v !== 'string') return v;
  const text = v.trim();
  return text === '' ? null : Number(text);
}, z.number({ message: 'validation.scoreNumber' }).finite({ message: 'validation.scoreNumber' }).nullable());

/** Scores of one column for some students of the course; null clears a score. */
export const columnScoresInput = z.object({
  courseid: id,
  id,
  scores: z
    .array(z.object({ uid: id, score: typedScore }))
    .min(1, { message: 'validation.invalid' })
    .max(SCORE_IMPORT_ROWS_MAX),
});
export type ColumnScoresInput = z.infer<typeof columnScoresInput>;

/** The course id of an import, sent as a multipart field. */
export const scoreImportFields = z.object({ courseid: id });

/**
 * `/ScoreApi/setWeights`: the weight of each column, named by the book column's `key` ("12" homework
 * 12, "c5" the teacher's column 5) or, as before columns of their own existed, a homework's `id`.
 */
export const scoreWeightsInput = z.object({
  courseid: id,
  weights: z
    .array(
      z
        .object({
          id: wireOptionalId(),
          key: z
            .string()
            .regex(/^c?\d{1,10}$/, { message: 'validation.invalid' })
            .optional(),
          weight: z.coerce.number().int().min(0, { message: 'validation.weight' }).max(100, { message: 'validation.weight' }),
        })
        .refine((w) => w.id > 0 || w.key !== undefined, { message: 'validation.invalid', path: ['key'] }),
    )
    .max(500),
});
