import { optionKey } from '@paiclass/shared';
import type { StudentItem } from '../../exams/types';
import type { StepView } from '../api';

/** A step in the shape of a paper's question, so that the tests' answer inputs take it as they are. */
export function asPaperItem(step: StepView): StudentItem {
  return {
    id: step.stepid,
    subjectid: step.stepid,
    sort: step.sort,
    type: String(step.type),
    typeid: step.type,
    title: step.stem,
    optionList: step.options.map((title, i) => ({ id: optionKey(i), title })),
    blanks: step.spec.blanks ?? 1,
    min: step.spec.min ?? 1,
    max: step.spec.max ?? 5,
    score: 0,
    answer: '',
    analysis: '',
    myfiles: [],
  } as unknown as StudentItem;
}
