import { QUESTION_TYPES } from '@paiclass/shared';
import type { TFunction } from '../../../lib/translations';

const Q = QUESTION_TYPES;

/** A choice's label in the chart: "A. 2", true or false in words, or a rating value. */
export function valueLabel(t: TFunction, type: number, value: string, options: string[]) {
  if (type === Q.trueFalse) return value === '1' ? t('exams.common.true') : t('exams.common.false');
  if (type === Q.rating) return value;
  const i = value.charCodeAt(0) - 65;
  return options[i] !== undefined ? `${value}. ${options[i]}` : value;
}

/** An answer or a key as words: true/false in words, keys joined, blanks joined; '' for none. */
export function answerText(t: TFunction, type: number, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === Q.trueFalse) return String(value) === '1' ? t('exams.common.true') : t('exams.common.false');
  if (Array.isArray(value)) return value.map(String).join(type === Q.fillBlank ? ' | ' : ', ');
  const text = String(value);
  // a key of several options comes as "A|C"
  if (type !== Q.fillBlank && type !== Q.shortAnswer && type !== Q.anonymousOpen) return text.split('|').join(', ');
  return text;
}
