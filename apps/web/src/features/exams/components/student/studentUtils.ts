import { MULTI_KEY_TYPES, QUESTION_TYPES, TEST_STATES } from '@paiclass/shared';
import type { TFunction } from '../../../../lib/translations';
import type { AnswerValue } from '../../hooks/answerJournal';

const Q = QUESTION_TYPES;

/** A question type's name (spec 2 §3), from the shared `exams.common.type` words. */
export const typeName = (t: TFunction, type: number) => t(`exams.common.type.${type}`);

/** A student's state in a test (spec 2 §4), with a released score said as such. */
export function stateLabel(t: TFunction, state: number, score: number | null) {
  if (state === TEST_STATES.submitted && score !== null) return t('exams.student.state.scored');
  return t(`exams.student.state.${state}`);
}

export function stateTone(state: number, score: number | null) {
  if (state === TEST_STATES.inProgress) return 'is-blue';
  if (state === TEST_STATES.notStarted) return 'is-orange';
  if (state === TEST_STATES.returned) return 'is-red';
  if (state === TEST_STATES.submitted && score !== null) return 'is-green';
  return '';
}

/** The answer as the page works with it: keys as a sorted list, blanks as a list, text, a number. */
export function normaliseAnswer(type: number, raw: unknown): AnswerValue {
  if (raw === null || raw === undefined || raw === '') return null;
  if (MULTI_KEY_TYPES.includes(type)) {
    const keys = Array.isArray(raw)
      ? raw.map(String)
      : String(raw)
          .split(/[|,]/)
          .flatMap((part) => (/^[A-J]+$/.test(part) ? part.split('') : [part]));
    return [...new Set(keys.filter(Boolean))].sort();
  }
  if (type === Q.fillBlank) return Array.isArray(raw) ? raw.map(String) : [String(raw)];
  if (type === Q.file || type === Q.photo) return Array.isArray(raw) ? raw.map(Number) : [Number(raw)];
  if (type === Q.rating) return Number(raw);
  if (type === Q.trueFalse) return raw === true || String(raw) === '1' || String(raw) === 'true' ? '1' : '0';
  return String(raw);
}

/** An answer as words to read back: keys joined, blanks joined, true/false named. */
export function answerText(t: TFunction, type: number, value: AnswerValue): string {
  if (value === null || (Array.isArray(value) && value.length === 0) || value === '') return '';
  if (type === Q.trueFalse) return String(value) === '1' ? t('exams.common.true') : t('exams.common.false');
  if (Array.isArray(value)) return type === Q.fillBlank ? value.join(' / ') : value.join('');
  return String(value);
}

/** The key as Ketangpai writes it (`1`, `B`, `A|C`, a reference text) in readable form. */
export function keyText(t: TFunction, type: number, key: string) {
  if (!key) return '';
  if (type === Q.trueFalse) return key === '1' ? t('exams.common.true') : t('exams.common.false');
  if (MULTI_KEY_TYPES.includes(type) || type === Q.single) return key.split('|').join('');
  return key;
}

/** mm:ss, or h:mm:ss from an hour up. */
export function clockText(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** A score with at most one decimal. */
export const scoreText = (n: number) => String(Math.round(n * 10) / 10);
