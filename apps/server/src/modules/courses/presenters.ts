import type { courseAnswer, Language, listedCourseAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import type { courses, users } from '../../db/schema';
import { type CourseRole, closedToStudent } from './courses.policy';

type Course = typeof courses.$inferSelect;
/** The course columns a list item shows: the course list reads only these. */
export type ListedCourseFields = Pick<
  Course,
  | 'id'
  | 'shareId'
  | 'coursename'
  | 'classname'
  | 'code'
  | 'stopcode'
  | 'classending'
  | 'canvisit'
  | 'semester'
  | 'term'
  | 'venue'
  | 'teachtype'
  | 'studytime'
  | 'describes'
>;
/** The caller's own course profile (class number, grade, enrolment month) a list item carries as `setting`. */
export type CourseProfile = Pick<typeof users.$inferSelect, 'classno' | 'grade' | 'enrolltime'>;

/**
 * `identity` of a list item, after the archive buckets' numbering (spec 1 §3): '1' teaching, '2'
 * assisting, '3' studying, and '4' for a course the caller has archived, whose only action is taking
 * it back out of the archive and which shows no join-code badge (spec 1 §6).
 */
export function identityOf(m: { role: CourseRole; archived: boolean }): '1' | '2' | '3' | '4' {
  if (m.archived) return '4';
  return m.role === 'owner' ? '1' : m.role === 'assistant' ? '2' : '3';
}

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
  extra: {
    teacherName: string;
    total: number;
    lang: Language;
    inClass?: boolean;
    inMeeting?: boolean;
    liveNow?: boolean;
    profile: CourseProfile;
  },
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
    identity: identityOf(m),
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
    /**
     * spec 1 §4 labels: 1 live (a live of the course on the air), 3 in class (a class time in
     * progress), with `is_meeting` 1 while a meeting of the course is in progress: type 3 with it
     * reads "in meeting class", type 0 with it "in meeting". `isattest` and `selectStudentCount` are
     * left out, not sent as 0: their areas (identity authentication per course, course selection)
     * do not exist yet.
     */
    type: extra.liveNow ? 1 : extra.inClass ? 3 : 0,
    is_meeting: bit(Boolean(extra.inMeeting)),
    liveState: extra.liveNow ? 1 : 0,
    have_class: extra.inClass ? 1 : 0,
    // a student of an ended course closed to visits cannot look in (30313), only quit, archive or pin it
    canview: bit(!closedToStudent(m.role, c)),
    describes: c.describes,
    setting: { classno: extra.profile.classno, enrolltime: extra.profile.enrolltime, grade: extra.profile.grade },
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
