import type { TFunction } from '../../lib/translations';
import { semesterTitle } from '../courses/utils';
import type { TeachClass, TeachClassBinding } from './api';

/** What a teacher chose for a scheduled course: one of their courses (its id), automatic creation, or nothing yet. */
export type BindChoice = number | 'auto' | null;

/** The scheduled courses left with no choice (they stay unbound unless created automatically). */
export function unchosen(ids: number[], choices: Record<number, BindChoice>): number[] {
  return ids.filter((id) => !choices[id]);
}

/**
 * The `/CourseApi/relationTeachClass` list of the choices: a chosen course binds to it, automatic
 * creation is classid 0; the unchosen ones are created too when `createRest`, else left out.
 */
export function bindingList(ids: number[], choices: Record<number, BindChoice>, createRest: boolean): TeachClassBinding[] {
  const list: TeachClassBinding[] = [];
  for (const id of ids) {
    const choice = choices[id] ?? null;
    if (typeof choice === 'number') list.push({ id, classid: choice });
    else if (choice === 'auto' || createRest) list.push({ id, classid: 0 });
  }
  return list;
}

/** "2026-2027 第一学期" of a scheduled course. */
export const teachClassTerm = (t: TFunction, tc: Pick<TeachClass, 'semester' | 'term'>) =>
  semesterTitle(t, tc.semester, Number(tc.term));
