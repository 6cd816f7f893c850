import {
  KEYED_CHOICE_TYPES,
  OPTION_TYPES,
  OPTIONS_MIN,
  QUESTION_SCORE_MAX,
  QUESTION_SCORE_MIN,
  QUESTION_TYPES,
} from './constants';
import type { QuestionInput } from './schemas';

/**
 * The rules of a question that depend on its type (issue 14, decision 017), checked on the server
 * before anything is written and in the web form before sending: one place, one message per field.
 */

/** A question's key, kept on the server only: never sent to a student before the settings allow. */
export interface QuestionKey {
  /** true/false: '1' or '0' */
  value?: string;
  /** choices: the correct option keys, in order */
  keys?: string[];
  /** fill in blank: each blank's accepted answers */
  blanks?: string[][];
  /** short answer: the reference answer */
  text?: string;
  /**
   * whole answers accepted as right besides the key when regrading (`acceptAnswer`): true/false the
   * other value ('0'), choices another set of keys joined in order ('A|C')
   */
  alternatives?: string[];
}

/** What a student may know of a question's form: the rating range, the number of blanks. */
export interface QuestionSpec {
  min?: number;
  max?: number;
  blanks?: number;
}

export interface CheckedQuestion {
  type: number;
  difficulty: number;
  options: string[];
  key: QuestionKey;
  spec: QuestionSpec;
  points: string[];
  score: number;
}

export type QuestionCheck = { ok: true; question: CheckedQuestion } | { ok: false; field: string; message: string };

/** Option keys by position: A-J. */
export const optionKey = (index: number) => String.fromCharCode(65 + index);

/** Option keys as sent: `A|C`, `A,C`, `AC`, `["A","C"]` (already joined), any case. */
export function parseKeys(answer: string): string[] {
  const text = answer.trim().toUpperCase();
  if (!text) return [];
  const parts = /^[A-J]+$/.test(text) ? text.split('') : text.split(/[|,，\s]+/).filter(Boolean);
  return [...new Set(parts)].sort();
}

const TRUE_WORDS = new Set(['1', 'TRUE', 'T', 'Y', 'YES', '对', '正确', '√']);
const FALSE_WORDS = new Set(['0', 'FALSE', 'F', 'N', 'NO', '错', '错误', '×']);
/** A true/false answer as '1', '0', or undefined when it is neither. */
export function parseTrueFalse(answer: string): '1' | '0' | undefined {
  const word = answer.trim().toUpperCase();
  if (TRUE_WORDS.has(word)) return '1';
  if (FALSE_WORDS.has(word)) return '0';
  return undefined;
}

/** A knowledge point as kept: full-width folded (NFKC), spaces collapsed. */
export const normalizePoint = (point: string) => point.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** The default score of a type: a paragraph note carries none. */
export const defaultScore = (type: number) => (type === QUESTION_TYPES.note ? 0 : 1);

/**
 * Checks a question against its type's rules and answers it as kept, or the first field at fault:
 * choices need 2-10 different options and a key among them (single: one; multiple: two or more;
 * indefinite: one or more), true/false a key of true or false, fill in blank at least one blank with
 * accepted answers, a rating a range with min below max, every question a stem and a score of
 * 0.5-100 (a paragraph note: no score).
 */
export function questionProblem(
  input: Pick<
    QuestionInput,
    'type' | 'difficulty' | 'title' | 'options' | 'answer' | 'blanks' | 'points' | 'score' | 'min' | 'max'
  >,
): QuestionCheck {
  const bad = (field: string, message: string): QuestionCheck => ({ ok: false, field, message });
  const { type } = input;
  if (!input.title.replace(/<[^>]*>|&nbsp;/g, '').trim() && !/<img\s/i.test(input.title))
    return bad('title', 'validation.questionStem');
  const key: QuestionKey = {};
  const spec: QuestionSpec = {};
  let options: string[] = [];
  if (OPTION_TYPES.includes(type)) {
    options = input.options;
    if (options.length < OPTIONS_MIN) return bad('options', 'validation.questionOptions');
    if (new Set(options).size !== options.length) return bad('options', 'validation.optionDuplicate');
    // votes have no right answer: a key sent with one is not kept
    if (KEYED_CHOICE_TYPES.includes(type)) {
      const valid = options.map((_, i) => optionKey(i));
      const keys = parseKeys(input.answer);
      if (keys.some((k) => !valid.includes(k))) return bad('answer', 'validation.answerNotAnOption');
      if (type === QUESTION_TYPES.single && keys.length !== 1) return bad('answer', 'validation.singleAnswer');
      if (type === QUESTION_TYPES.multiple && keys.length < 2) return bad('answer', 'validation.multipleAnswer');
      if (type === QUESTION_TYPES.indefinite && keys.length < 1) return bad('answer', 'validation.indefiniteAnswer');
      key.keys = keys;
    }
  } else if (type === QUESTION_TYPES.trueFalse) {
    const value = parseTrueFalse(input.answer);
    if (!value) return bad('answer', 'validation.trueFalseAnswer');
    key.value = value;
  } else if (type === QUESTION_TYPES.fillBlank) {
    if (input.blanks.length === 0) return bad('blanks', 'validation.blanks');
    key.blanks = input.blanks.map((accepted) => [...new Set(accepted)]);
    spec.blanks = input.blanks.length;
  } else if (type === QUESTION_TYPES.shortAnswer) {
    key.text = input.answer.trim();
  } else if (type === QUESTION_TYPES.rating) {
    if (input.min >= input.max) return bad('max', 'validation.ratingRange');
    spec.min = input.min;
    spec.max = input.max;
  }
  const points = [...new Set(input.points.map(normalizePoint).filter(Boolean))];
  let score = input.score ?? defaultScore(type);
  if (type === QUESTION_TYPES.note) {
    if (score !== 0) return bad('score', 'validation.noteScore');
  } else {
    score = Math.round(score * 10) / 10;
    if (!(score >= QUESTION_SCORE_MIN && score <= QUESTION_SCORE_MAX)) return bad('score', 'validation.questionScore');
  }
  return { ok: true, question: { type, difficulty: input.difficulty, options, key, spec, points, score } };
}
