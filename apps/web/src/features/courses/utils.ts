import type { TFunction } from '../../lib/translations';
import type { CourseItem } from './types';

/** The course home of a course, as a teacher (1) or a student (0) (spec 2 §2). */
export const courseHomePath = (courseId: number, courseRole: 0 | 1) =>
  `/courseHome?courseId=${courseId}&courseRole=${courseRole}`;

/** The course information page (spec 1 §2 /courseInfo); `studentView` is a teacher's student view (studentviewer=1). */
export const courseInfoPath = (courseId: number, studentView = false) =>
  `/courseInfo?courseId=${courseId}${studentView ? '&studentviewer=1' : ''}`;

/** The invitation to a class by its join code (spec 2 §2 /ShareClass, public). */
export const shareClassPath = (code: string) => `/ShareClass?code=${encodeURIComponent(code)}`;

/** The course id of an address that takes `courseId` or, as Ketangpai's links write it, `courseid`. */
export const courseIdParam = (params: URLSearchParams) => params.get('courseId') ?? params.get('courseid');

/** A positive course id from the address, or null. */
export function parseCourseId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** 全年 / 第一学期 / 第二学期 (spec 1 §3: term 0, 1, 2). */
export function termLabel(t: TFunction, term: number) {
  return term === 1 ? t('courses.term.first') : term === 2 ? t('courses.term.second') : t('courses.term.full');
}

/** "2026-2027 第一学期" */
export const semesterTitle = (t: TFunction, semester: string, term: number) => `${semester} ${termLabel(t, term)}`;

/** 线上 / 线下 / 混合 (spec 1 §3: teachtype 1, 2, 3). */
export function teachTypeLabel(t: TFunction, teachtype: number) {
  return teachtype === 1
    ? t('courses.teachType.online')
    : teachtype === 3
      ? t('courses.teachType.hybrid')
      : t('courses.teachType.offline');
}

export type MenuRole = 'owner' | 'assistant' | 'student' | 'limited';

/** Whose menu a list item gets (spec 1 §6): owner, assistant (icontype 2), student (role 0), identity 4. */
export function menuRole(course: Pick<CourseItem, 'role' | 'icontype' | 'identity'>): MenuRole {
  if (String(course.identity) === '4') return 'limited';
  if (Number(course.role) === 0) return 'student';
  if (Number(course.icontype) === 2) return 'assistant';
  return 'owner';
}

/** A stable colour for a course's card, from its id. */
const CARD_COLORS = [
  ['#2f6bff', '#5b8cff'],
  ['#00a870', '#33c491'],
  ['#ff7d00', '#ffa940'],
  ['#7b61ff', '#9d8bff'],
  ['#0fa5b8', '#3cc4d4'],
  ['#e8578b', '#f27fa6'],
];
export function cardColors(id: number) {
  const [from, to] = CARD_COLORS[Math.abs(id) % CARD_COLORS.length]!;
  return { background: `linear-gradient(120deg, ${from} 0%, ${to} 100%)` };
}

/**
 * The first and last index a course may take in the sort list: pinned courses always come first,
 * so a course moves only among its own kind (pinned or not).
 */
export function sortRange(courses: Pick<CourseItem, 'isTop'>[], index: number): [number, number] {
  const top = Boolean(courses[index]?.isTop);
  let lo = index;
  while (lo > 0 && Boolean(courses[lo - 1]!.isTop) === top) lo--;
  let hi = index;
  while (hi < courses.length - 1 && Boolean(courses[hi + 1]!.isTop) === top) hi++;
  return [lo, hi];
}

/** The list with the item at `from` moved to `to` (kept within its kind's range, see sortRange). */
export function moveCourse<T extends Pick<CourseItem, 'isTop'>>(courses: T[], from: number, to: number): T[] {
  if (from < 0 || from >= courses.length) return courses;
  const [lo, hi] = sortRange(courses, from);
  const target = Math.min(hi, Math.max(lo, to));
  if (target === from) return courses;
  const next = [...courses];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}
