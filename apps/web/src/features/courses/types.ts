import type {
  CourseAbility,
  courseAnswer,
  courseInfoAnswer,
  courseIntroAnswer,
  courseModuleAnswer,
  coursePortalAnswer,
  courseProfileAnswer,
  enrollAnswerItem,
  enrollFormAnswer,
  enrollQuestionAnswer,
  enrollRequestAnswer,
  enrollSettingAnswer,
  joinAnswer,
  semesterAnswer,
  userInCourseAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes the course calls answer (docs/api.md "Course calls", spec 1 §3): the server's answer schemas, packages/shared/src/courses/responses.ts. */

/** A course list item. */
export type CourseItem = z.output<typeof courseAnswer>;

/** `/CourseShareNoAuthApi/getCouseInfo`: the public course page (no login). */
export type CoursePortal = z.output<typeof coursePortalAnswer>;

/** what the caller may do in a course (sent as `authData`); the names are shared with the server's policy */
export type Ability = CourseAbility;

/** `/CourseApi/getCourseInfo`: the item plus the caller's place in the course. */
export type CourseInfo = z.output<typeof courseInfoAnswer>;

export type Semester = z.output<typeof semesterAnswer>;

export type JoinResult = z.output<typeof joinAnswer>;

export type EnrollQuestion = z.output<typeof enrollQuestionAnswer>;

export type EnrollSetting = z.output<typeof enrollSettingAnswer>;

export type EnrollAnswer = z.output<typeof enrollAnswerItem>;

/** -1 none, 0 waiting, 1 approved, 2 rejected */
export type EnrollState = EnrollForm['state'];

export type EnrollForm = z.output<typeof enrollFormAnswer>;

export type EnrollRequest = z.output<typeof enrollRequestAnswer>;

/** The course form of create and edit (spec 1 §5). */
export interface CourseForm {
  coursename: string;
  classname: string;
  venue: string;
  semester: string;
  term: number | '';
  teachtype: number;
  studytime: string;
}

export type ListTab = 'teach' | 'assist' | 'study';

/** A course home menu (`/CourseApi/getModules`): the teacher's order and names. */
export type CourseModule = z.output<typeof courseModuleAnswer>;

/** Course profile completion (spec 1 §3): class number, grade 1-6, enrolment month. */
export type CourseProfile = z.output<typeof courseProfileAnswer>;

/** `/UserApi/getUserInfoInCourse`: checkstate 1 asks a student to complete the profile first (spec 1 §6). */
export type UserInCourse = z.output<typeof userInCourseAnswer>;

/** `/CourseApi/getCourseIntro`: the introduction as plain text. */
export type CourseIntro = z.output<typeof courseIntroAnswer>;
