import type { TFunction } from '../../../lib/translations';
import { fillMessage, formatScore, maxScore, scoreProblem } from '../utils';

/** A shared validation message in the server's words, its `{name}` values filled in. */
export const sharedMessage = (t: TFunction, key: string, values: Record<string, string | number> = {}) =>
  fillMessage(t(key), values);

/** Characters of a comment as the server counts them: trimmed, by code point (an emoji is one). */
export const commentLength = (comment: string) => [...comment.trim()].length;

export { formatScore, maxScore as scoreCap };

export type ScoreCheck = { ok: true; score: number } | { ok: false; key: string; values?: Record<string, number> };

/** A typed score: required, a number from 0 to the full score, never over 100 (spec 2 §5). */
export function checkScore(raw: string, fullscore: number): ScoreCheck {
  const problem = scoreProblem(raw, fullscore);
  return problem ? { ok: false, ...problem } : { ok: true, score: Number(raw.trim()) };
}

/** Whether the deadline (epoch seconds, 0 none) has passed: reviews are assigned after it. */
export const pastDeadline = (endtime: number, now = Date.now()) => Number(endtime) > 0 && Number(endtime) * 1000 <= now;
