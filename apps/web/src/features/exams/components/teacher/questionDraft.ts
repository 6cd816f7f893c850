import { KEYED_CHOICE_TYPES, OPTION_TYPES, optionKey, parseKeys, QUESTION_TYPES } from '@paiclass/shared';
import type { QuestionBody } from '../../api.teacher';
import type { BankQuestion } from '../../types';

const Q = QUESTION_TYPES;

/** The question editor's state: every type's fields, as typed. */
export interface Draft {
  type: number;
  difficulty: number;
  title: string;
  options: string[];
  keys: string[];
  truth: '' | '1' | '0';
  blanks: string[][];
  reference: string;
  min: string;
  max: string;
  analysis: string;
  points: string[];
  score: string;
}

/** A new question (a single choice with four empty options) or one of the bank, as the editor shows it. */
export function draftOf(q: BankQuestion | null): Draft {
  return {
    type: q?.type ?? Q.single,
    difficulty: q?.difficulty ?? 2,
    title: q?.title ?? '',
    options: q && q.optionList.length > 0 ? q.optionList.map((o) => o.title) : ['', '', '', ''],
    keys: q && KEYED_CHOICE_TYPES.includes(q.type) ? parseKeys(q.answer) : [],
    truth: q?.type === Q.trueFalse && (q.answer === '1' || q.answer === '0') ? q.answer : '',
    blanks: q && q.blanks.length > 0 ? q.blanks.map((b) => [...b]) : [['']],
    reference: q?.type === Q.shortAnswer ? q.answer : '',
    min: String(q?.min ?? 1),
    max: String(q?.max ?? 5),
    analysis: q?.analysis ?? '',
    points: q?.points ?? [],
    score: q ? String(q.score) : '2',
  };
}

/** The call's body of a draft: only what its type uses. */
export function bodyOf(d: Draft): QuestionBody {
  const optionType = OPTION_TYPES.includes(d.type);
  return {
    type: d.type,
    difficulty: d.difficulty,
    title: d.title,
    options: optionType ? d.options.map((o) => o.trim()) : [],
    answer: KEYED_CHOICE_TYPES.includes(d.type)
      ? d.keys.filter((k) => d.options.map((_, i) => optionKey(i)).includes(k)).join('|')
      : d.type === Q.trueFalse
        ? d.truth
        : d.type === Q.shortAnswer
          ? d.reference
          : '',
    blanks: d.type === Q.fillBlank ? d.blanks.map((b) => b.map((a) => a.trim()).filter(Boolean)) : [],
    min: Number(d.min),
    max: Number(d.max),
    analysis: d.analysis,
    points: d.points,
    score: d.type === Q.note ? 0 : Number(d.score),
  };
}
