import type { CourseAbility } from '@paiclass/shared';
/** Shapes the course calls answer (docs/api.md "Course calls", spec 1 §3). */

/** A course list item. */
export interface CourseItem {
  id: number;
  courseid: number;
  coursename: string;
  classname: string;
  /** the join code; empty for students */
  code: string;
  /** the teacher's name */
  username: string;
  /** number of students */
  total: number;
  /** 1 teacher or assistant, 0 student */
  role: 0 | 1;
  /** 0 student, 1 teacher, 2 assistant */
  icontype: 0 | 1 | 2;
  /** '4' has no code badge and only the archive action (spec 1 §6) */
  identity: string;
  isTop: 0 | 1;
  archived: 0 | 1;
  /** 1 joining by code is stopped */
  stopcode: 0 | 1;
  /** 1 the course has ended */
  classending: 0 | 1;
  semester: string;
  /** 0 full year, 1 first, 2 second */
  term: number;
  termTxt: string;
  venue: string;
  /** 1 online, 2 offline, 3 hybrid */
  teachtype: number;
  /** -1 none */
  studytime: number;
  /** spec 1 §4 labels: 1 live, 3 in class, 0 neither (see classState.ts) */
  type?: number;
  /** 1 while a meeting is going on */
  is_meeting?: number;
  /** 1 while a class time is in progress */
  have_class?: number;
  /** the share id of the public course page (/courseDoor?coid=), 32 hex characters */
  coid?: string;
}

/** `/CourseShareNoAuthApi/getCouseInfo`: the public course page (no login). */
export interface CoursePortal {
  coid: string;
  coursename: string;
  classname: string;
  /** the teacher's name */
  username: string;
  school: string;
  semester: string;
  term: number;
  termTxt: string;
  teachtype: number;
  /** plain text */
  describes: string;
  total: number;
  classending: 0 | 1;
  joinable: 0 | 1;
  /** the join code, only while the course takes students */
  code: string;
}

/** what the caller may do in a course (sent as `authData`); the names are shared with the server's policy */
export type Ability = CourseAbility;

/** `/CourseApi/getCourseInfo`: the item plus the caller's place in the course. */
export interface CourseInfo extends CourseItem {
  /** 1 teacher or assistant, 0 student */
  courseRole: 0 | 1;
  memberRole: 'owner' | 'assistant' | 'student';
  canvisit: 0 | 1;
  allowquit: 0 | 1;
  /** 0 none chosen yet, else 1-6 */
  template: number;
  /** 1: delete, quit and transfer are confirmed by typing the course name; 0: by the login password */
  deleteway: 0 | 1;
  authData: Ability[];
}

export interface Semester {
  semester: string;
  term: number;
  termTxt: string;
}

export interface JoinResult {
  status: number;
  courseid: number;
  message: string;
}

export interface EnrollQuestion {
  /** a default question's key (name, phone, stno, staffno, school, company) or empty for a custom one */
  key: string;
  title: string;
  selected: 0 | 1;
}

export interface EnrollSetting {
  courseid: number;
  /** '1' open, '0' closed */
  enrollstate: '0' | '1';
  /** '0' automatic, '1' manual review */
  auditstate: '0' | '1';
  /** 0 no limit */
  maxcount: number;
  formLists: EnrollQuestion[];
}

export interface EnrollAnswer {
  title: string;
  value: string;
}

/** -1 none, 0 waiting, 1 approved, 2 rejected */
export type EnrollState = -1 | 0 | 1 | 2;

export interface EnrollForm {
  courseid: number;
  coursename: string;
  classname: string;
  username: string;
  auditstate: '0' | '1';
  formLists: EnrollQuestion[];
  state: EnrollState;
  answers: EnrollAnswer[];
}

export interface EnrollRequest {
  id: number;
  uid: number;
  username: string;
  stno: string;
  avatar: string;
  state: 0 | 1 | 2;
  answers: EnrollAnswer[];
  /** epoch seconds */
  createtime: number;
}

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
export interface CourseModule {
  key: 'catalogue' | 'courseware' | 'homework' | 'test' | 'material' | 'meeting' | 'notice' | 'topic' | 'interact';
  name: string;
}

/** Course profile completion (spec 1 §3): class number, grade 1-6, enrolment month. */
export interface CourseProfile {
  classno: string;
  grade: string;
  enrolltime: string;
}

/** `/UserApi/getUserInfoInCourse`: checkstate 1 asks a student to complete the profile first (spec 1 §6). */
export interface UserInCourse {
  courseid: number;
  courseRole: 0 | 1;
  checkstate: 0 | 1;
  setting: CourseProfile;
}

/** `/CourseApi/getCourseIntro`: the introduction as plain text. */
export interface CourseIntro {
  courseid: number;
  describes: string;
}
