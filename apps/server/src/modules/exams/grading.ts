import {
  ANSWER_FILES_MAX,
  ANSWER_TEXT_MAX,
  MANUAL_TYPES,
  optionKey,
  parseKeys,
  parseTrueFalse,
  QUESTION_TYPES,
  type QuestionKey,
  type QuestionSpec,
} from '@paiclass/shared';
import type { ItemGrade } from '../../db/schema';

/**
 * A student's answers, as kept and as graded (decision 017). Pure functions: what an answer is for a
 * question's type, and what it earns.
 */

const Q = QUESTION_TYPES;

/** An answer as kept: `1`/`0`, a key, keys, text, the blanks' texts, a number, or file ids; null for none. */
export type StoredAnswer = string | number | string[] | number[] | null;

/**
 * An answer as written to its jsonb column: wrapped, because a bare JSON string such as "1" comes
 * back from the drivers as the number 1 (drizzle parses jsonb strings once more).
 */
export const packAnswer = (value: StoredAnswer) => ({ v: value });
export const unpackAnswer = (stored: unknown): StoredAnswer =>
  stored && typeof stored === 'object' && 'v' in stored ? ((stored as { v: StoredAnswer }).v ?? null) : null;

interface Gradable {
  type: number;
  options: string[];
  answer: QuestionKey;
  spec: QuestionSpec;
  score: number;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null));

/**
 * The answer as kept for the question's type, or `undefined` when it does not fit the type (a key
 * that is not an option, a rating outside the range, text where files are asked...). Nothing, an
 * empty string or an empty list clears the answer (null).
 */
export function normalizeAnswer(item: Pick<Gradable, 'type' | 'options' | 'spec'>, raw: unknown): StoredAnswer | undefined {
  if (item.type === Q.note) return undefined;
  if (isEmpty(raw)) return null;
  const keys = item.options.map((_, i) => optionKey(i));
  const text = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  switch (item.type) {
    case Q.trueFalse: {
      const t = typeof raw === 'boolean' ? (raw ? '1' : '0') : parseTrueFalse(text(raw) ?? '');
      return t ?? undefined;
    }
    case Q.single:
    case Q.singleVote: {
      const picked = parseKeys(Array.isArray(raw) ? raw.map(String).join('|') : (text(raw) ?? ''));
      return picked.length === 1 && keys.includes(picked[0]!) ? picked[0]! : undefined;
    }
    case Q.multiple:
    case Q.indefinite:
    case Q.multiVote: {
      const picked = parseKeys(Array.isArray(raw) ? raw.map(String).join('|') : (text(raw) ?? ''));
      return picked.length > 0 && picked.every((k) => keys.includes(k)) ? picked : undefined;
    }
    case Q.fillBlank: {
      const blanks = item.spec.blanks ?? 0;
      const list = Array.isArray(raw) ? raw : blanks === 1 ? [raw] : undefined;
      if (!list || list.length > blanks || list.some((v) => v !== null && text(v) === undefined)) return undefined;
      const out = Array.from({ length: blanks }, (_, i) => (list[i] === null || list[i] === undefined ? '' : text(list[i])!));
      return out.some((v) => v.length > 500) ? undefined : out;
    }
    case Q.rating: {
      const n = typeof raw === 'number' ? raw : Number(text(raw));
      return Number.isInteger(n) && n >= (item.spec.min ?? 0) && n <= (item.spec.max ?? 0) ? n : undefined;
    }
    case Q.shortAnswer:
    case Q.anonymousOpen: {
      const t = text(raw);
      return t !== undefined && t.length <= ANSWER_TEXT_MAX ? t : undefined;
    }
    case Q.file:
    case Q.photo: {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
      const ids = list.map((v) => Number(v));
      if (ids.length > ANSWER_FILES_MAX || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) return undefined;
      return [...new Set(ids)];
    }
    default:
      return undefined;
  }
}

/** Fill-in-blank texts compared as people mean them: width folded (NFKC), case folded, spaces collapsed and trimmed. */
export const blankText = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * What an answer earns (decision 017). Keyed questions against their key (multiple and indefinite:
 * half for a correct subset with partial credit); fill in blank an equal share per right blank;
 * votes, ratings and anonymous answers their score for answering; short answer, file and photo wait
 * for the teacher (`c` 3) when answered. A paragraph note is not graded (undefined).
 */
export function gradeAnswer(item: Gradable, answer: StoredAnswer, partialCredit: boolean): ItemGrade | undefined {
  if (item.type === Q.note) return undefined;
  const full = item.score;
  if (answer === null || (Array.isArray(answer) && answer.length === 0)) return { s: 0, c: 0 };
  switch (item.type) {
    case Q.trueFalse:
      return answer === item.answer.value || item.answer.alternatives?.includes(answer as string)
        ? { s: full, c: 1 }
        : { s: 0, c: 0 };
    case Q.single:
      // one key when written; regrading may accept others beside it (stats.service acceptAnswer)
      return item.answer.keys?.includes(answer as string) ? { s: full, c: 1 } : { s: 0, c: 0 };
    case Q.multiple:
    case Q.indefinite: {
      const right = new Set(item.answer.keys ?? []);
      const picked = answer as string[];
      const wrong = picked.some((k) => !right.has(k));
      if (!wrong && picked.length === right.size) return { s: full, c: 1 };
      // another set of keys accepted when regrading counts in full
      if (item.answer.alternatives?.includes([...picked].sort().join('|'))) return { s: full, c: 1 };
      if (!wrong && partialCredit && picked.length > 0) return { s: round1(full / 2), c: 2 };
      return { s: 0, c: 0 };
    }
    case Q.fillBlank: {
      const accepted = item.answer.blanks ?? [];
      const given = answer as string[];
      const right = accepted.filter((options, i) => {
        const mine = blankText(given[i] ?? '');
        return mine !== '' && options.some((o) => blankText(o) === mine);
      }).length;
      if (accepted.length === 0) return { s: 0, c: 0 };
      if (right === accepted.length) return { s: full, c: 1 };
      return { s: round1((full * right) / accepted.length), c: right > 0 ? 2 : 0 };
    }
    case Q.singleVote:
    case Q.multiVote:
    case Q.rating:
    case Q.anonymousOpen:
      return { s: full, c: 1 };
    default:
      // short answer, file, photo: the teacher grades what was answered
      return MANUAL_TYPES.includes(item.type) ? { s: null, c: 3 } : { s: 0, c: 0 };
  }
}

/** The grades of a paper, its total (one decimal) and how many answers wait for the teacher. */
export function gradePaper(
  items: (Gradable & { id: number })[],
  answers: Map<number, StoredAnswer>,
  partialCredit: boolean,
  kept: Record<string, ItemGrade> = {},
) {
  const grades: Record<string, ItemGrade> = {};
  let total = 0;
  let pending = 0;
  for (const item of items) {
    // a grade the teacher gave by hand stays
    const manual = kept[String(item.id)];
    const grade = manual?.m ? manual : gradeAnswer(item, answers.get(item.id) ?? null, partialCredit);
    if (!grade) continue;
    grades[String(item.id)] = grade;
    if (grade.c === 3) pending += 1;
    total += grade.s ?? 0;
  }
  return { grades, score: round1(total), pending };
}
