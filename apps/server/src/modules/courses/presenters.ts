import type { Language, courseAnswer, listedCourseAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import type { courses } from '../../db/schema';
import type { CourseRole } from './courses.policy';

type Course = typeof courses.$inferSelect;
/** The course columns a list item shows: the course list reads only these. */
export type ListedCourseFields = Pick<
  Course,
  'id' | 'shareId' | 'coursename' | 'classname' | 'code' | 'stopcode' | 'classending' | 'semester' | 'term' | 'venue' | 'teachtype' | 'studytime' | 'describes'
>;

const TERM_TEXT = {
  zh: ['全年', '第一学期', '第二学期'],
  en: ['Full year', 'First term', 'Second term'],
};

/** A flag as the answers send it: 1 on, 0 off. */
export const bit = (on: boolean | number): 0 | 1 => (on ? 1 : 0);

export const termText = (lang: Language, term: number) => TERM_TEXT[lang][term] ?? '';

/** The spec's course list item (spec 1 §3), shaped for Ketangpai clients and the web app alike. */
export function presentCourse(
  c: ListedCourseFields,
  m: { role: CourseRole; isTop: boolean; archived: boolean },
  extra: { teacherName: string; total: number; lang: Language; inClass?: boolean },
): z.output<typeof courseAnswer> {
  const icontype = m.role === 'student' ? 0 : m.role === 'assistant' ? 2 : 1;
  return {
    id: c.id,
    courseid: c.id,
    /** the public portal's id (`/courseDoor?coid=`): the portal admits by it, so only teachers get it to hand out */
    coid: m.role === 'student' ? '' : c.shareId,
    coursename: c.coursename,
    classname: c.classname,
    // the join code is for teachers to hand out; students do not need it
    code: m.role === 'student' ? '' : c.code,
    username: extra.teacherName,
    total: extra.total,
    role: m.role === 'student' ? 0 : 1,
    icontype,
    identity: '',
    isTop: m.isTop ? 1 : 0,
    archived: m.archived ? 1 : 0,
    stopcode: bit(c.stopcode),
    classending: bit(c.classending),
    semester: c.semester,
    term: c.term,
    termTxt: termText(extra.lang, c.term),
    venue: c.venue,
    teachtype: c.teachtype,
    studytime: c.studytime,
    minpic: '',
    teacherminpic: '',
    studentminpic: '',
    /** spec 1 §4 labels: 3 in class (a class time in progress); 1 live and the meeting flag come with the live and meeting areas */
    type: extra.inClass ? 3 : 0,
    is_meeting: 0,
    liveState: 0,
    have_class: extra.inClass ? 1 : 0,
    canview: 1,
    describes: c.describes,
    isattest: 0,
    selectStudentCount: 0,
    setting: { classno: '', enrolltime: '', grade: '' },
    unfold: 0,
    list: [],
  };
}

/**
 * A course of `semesterCourseList` with the value types Ketangpai sends (issue 10): `id` and
 * `term` as strings, the teacher's name also as `teachername`. `courseid` stays a number.
 */
export function presentListedCourse(course: z.output<typeof courseAnswer>): z.output<typeof listedCourseAnswer> {
  return { ...course, id: String(course.id), term: String(course.term), teachername: course.username };
}
