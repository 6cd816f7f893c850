import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courseCan, forgetCourseAuth, readCourseAuth, saveCourseAuth } from './courseAuth';
import { groupCourses } from './grouping';
import type { CourseItem } from './types';
import { menuRole, moveCourse, parseCourseId, sortRange } from './utils';

const course = (id: number, semester: string, term: number, extra: Partial<CourseItem> = {}) =>
  ({
    id,
    courseid: id,
    coursename: `c${id}`,
    semester,
    term,
    isTop: 0,
    role: 1,
    icontype: 1,
    identity: '',
    ...extra,
  }) as CourseItem;

describe('course list grouping (spec 1 §2)', () => {
  it('groups unpinned courses under the listed terms, in the server order, and keeps pinned ones apart', () => {
    const semesters = [
      { semester: '2026-2027', term: 1, termTxt: '' },
      { semester: '2025-2026', term: 2, termTxt: '' },
      { semester: '2025-2026', term: 1, termTxt: '' },
    ];
    const list = groupCourses(semesters, [
      course(5, '2025-2026', 1, { isTop: 1 }),
      course(4, '2026-2027', 1),
      course(3, '2025-2026', 2),
      course(2, '2026-2027', 1),
    ]);
    expect(list.pinned.map((c) => c.id)).toEqual([5]);
    // the term whose only course is pinned shows no empty section
    expect(list.groups.map((g) => [g.key, g.courses.map((c) => c.id)])).toEqual([
      ['2026-2027-1', [4, 2]],
      ['2025-2026-2', [3]],
    ]);
  });

  it('keeps a course whose term the server did not list, in a group of its own', () => {
    const list = groupCourses([], [course(1, '2024-2025', 0)]);
    expect(list.groups.map((g) => g.key)).toEqual(['2024-2025-0']);
  });
});

describe('course menus by role (spec 1 §6)', () => {
  it('tells owner, assistant, student and identity 4 apart', () => {
    expect(menuRole({ role: 1, icontype: 1, identity: '' })).toBe('owner');
    expect(menuRole({ role: 1, icontype: 2, identity: '' })).toBe('assistant');
    expect(menuRole({ role: 0, icontype: 0, identity: '' })).toBe('student');
    expect(menuRole({ role: 1, icontype: 1, identity: '4' })).toBe('limited');
  });

  it('reads only positive whole course ids from the address', () => {
    expect(parseCourseId('12')).toBe(12);
    expect(parseCourseId('0')).toBeNull();
    expect(parseCourseId('-3')).toBeNull();
    expect(parseCourseId('1.5')).toBeNull();
    expect(parseCourseId('abc')).toBeNull();
    expect(parseCourseId(null)).toBeNull();
  });
});

describe('the courseAuth:{id} cookie (spec 2 §6)', () => {
  let jar: Map<string, string>;
  beforeEach(() => {
    jar = new Map();
    // a cookie jar with the browser's document.cookie semantics (one cookie per assignment)
    (globalThis as { document?: unknown }).document = {
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(text: string) {
        const [pair, ...attrs] = text.split('; ');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at);
        if (attrs.includes('max-age=0')) jar.delete(name);
        else jar.set(name, pair!.slice(at + 1));
      },
    };
  });
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  it('allows everything while no cookie is kept', () => {
    expect(courseCan(7, 'manageEnroll')).toBe(true);
  });

  it('keeps the permission list per course and checks against it', () => {
    saveCourseAuth({ id: 7, memberRole: 'student', authData: ['view', 'quit', 'archive', 'pin'] });
    expect(readCourseAuth(7)).toEqual({ admin: 0, auth: ['view', 'quit', 'archive', 'pin'] });
    expect(courseCan(7, 'quit')).toBe(true);
    expect(courseCan(7, 'manageEnroll')).toBe(false);
    // another course is not affected
    expect(courseCan(8, 'manageEnroll')).toBe(true);
    forgetCourseAuth(7);
    expect(courseCan(7, 'manageEnroll')).toBe(true);
  });

  it('lets the course administrator do everything', () => {
    saveCourseAuth({ id: 9, memberRole: 'owner', authData: [] });
    expect(courseCan(9, 'end')).toBe(true);
  });
});

describe('course sort order (drag and arrows)', () => {
  const list = [
    course(1, 's', 1, { isTop: 1 }),
    course(2, 's', 1, { isTop: 1 }),
    course(3, 's', 1),
    course(4, 's', 1),
    course(5, 's', 1),
  ];
  const ids = (courses: CourseItem[]) => courses.map((c) => c.id);

  it('keeps a course among its own kind', () => {
    expect(sortRange(list, 0)).toEqual([0, 1]);
    expect(sortRange(list, 1)).toEqual([0, 1]);
    expect(sortRange(list, 3)).toEqual([2, 4]);
  });

  it('moves a course to the dropped place, the others shifting', () => {
    expect(ids(moveCourse(list, 4, 2))).toEqual([1, 2, 5, 3, 4]);
    expect(ids(moveCourse(list, 2, 4))).toEqual([1, 2, 4, 5, 3]);
    expect(ids(moveCourse(list, 1, 0))).toEqual([2, 1, 3, 4, 5]);
  });

  it('never moves an unpinned course above the pinned ones, nor a pinned one below them', () => {
    expect(ids(moveCourse(list, 4, 0))).toEqual([1, 2, 5, 3, 4]);
    expect(ids(moveCourse(list, 0, 4))).toEqual([2, 1, 3, 4, 5]);
    expect(moveCourse(list, 2, 1)).toBe(list);
    expect(moveCourse(list, 9, 0)).toBe(list);
  });
});
