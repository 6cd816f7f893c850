import { formatScore as formatOne } from '../homework/utils';
import type { ScoreColumn } from './types';

/** 85, 85.5: a score or total with at most one decimal; '—' for none. */
export const formatScore = (score: number | null | undefined) => (score === null || score === undefined ? '—' : formatOne(score));

/** The sum of the weights: totals are the weighted average over it. */
export const weightSum = (columns: Pick<ScoreColumn, 'weight'>[]) => columns.reduce((n, c) => n + (Number(c.weight) || 0), 0);

/** An item's share of the total in percent (one decimal), 0 when every weight is 0. */
export const weightShare = (weight: number, sum: number) => (sum > 0 ? Math.round((weight / sum) * 1000) / 10 : 0);

/** A typed weight: a whole number from 0 to 100 (spec 2 §5 "integer settings 0 to 100"), else null. */
export function parseWeight(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n <= 100 ? n : null;
}

/** A teacher's own column (not homework, not a test: those have pages of their own; issue 25). */
export const isOwnColumn = (c: Pick<ScoreColumn, 'contenttype'>) => c.contenttype === 0;

/**
 * A typed score for a column of `full` points: null for an empty field (clears the score), the
 * number rounded to one decimal, or 'bad' for text that is not a number or is out of 0..full.
 */
export function parseScore(raw: string, full: number): number | null | 'bad' {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return 'bad';
  const n = Math.round(Number(text) * 10) / 10;
  return n <= full ? n : 'bad';
}
