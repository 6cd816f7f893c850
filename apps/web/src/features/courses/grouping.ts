import type { CourseItem, Semester } from './types';

/** Groups a course list by academic year and term (spec 1 §2); no React, no network. */

export interface SemesterGroup {
  key: string;
  semester: string;
  term: number;
  courses: CourseItem[];
}

export interface CourseList {
  /** every course of the tab, pinned first, in the caller's order */
  courses: CourseItem[];
  pinned: CourseItem[];
  /** the other courses by academic year and term, newest first (semesterList gives the groups) */
  groups: SemesterGroup[];
}

const groupKey = (semester: string, term: number) => `${semester}-${term}`;

/** Groups the unpinned courses under the semesters the server listed, in its order (spec 1 §2). */
export function groupCourses(semesters: Semester[], courses: CourseItem[]): CourseList {
  const pinned = courses.filter((c) => Number(c.isTop) === 1);
  const rest = courses.filter((c) => Number(c.isTop) !== 1);
  const groups = new Map<string, SemesterGroup>();
  for (const s of semesters) {
    const key = groupKey(s.semester, Number(s.term));
    if (!groups.has(key)) groups.set(key, { key, semester: s.semester, term: Number(s.term), courses: [] });
  }
  for (const course of rest) {
    const key = groupKey(course.semester, Number(course.term));
    let group = groups.get(key);
    if (!group) {
      group = { key, semester: course.semester, term: Number(course.term), courses: [] };
      groups.set(key, group);
    }
    group.courses.push(course);
  }
  return { courses, pinned, groups: [...groups.values()].filter((g) => g.courses.length > 0) };
}
