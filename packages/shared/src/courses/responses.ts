import { z } from 'zod';
import { COURSE_ABILITIES } from './permissions';
import { COURSE_MODULES } from './schemas';

/**
 * What the course and course home calls answer (spec 1 §3, spec 2 §5), with the value types the
 * server sends (issue 10). The server serialises with these schemas and checks its answers against
 * them in tests; the web app takes its types from them.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const int = () => z.number().int();
/** '1' on, '0' off: strings, as Ketangpai sends them */
const stringFlag = z.enum(['0', '1']);

/** `/CourseApi/createCourse`, `editCourse`, `copyCourse`, `archivedCourseList`: a course as a list item */
export const courseAnswer = z.object({
  id: int(),
  courseid: int(),
  /** the share id of the public course page (`/courseDoor?coid=`), 32 hex characters */
  coid: z.string(),
  coursename: z.string(),
  classname: z.string(),
  /** the join code; empty for students */
  code: z.string(),
  /** the teacher's name */
  username: z.string(),
  /** number of students */
  total: int(),
  /** 1 teacher or assistant, 0 student */
  role: flag,
  /** 0 student, 1 teacher, 2 assistant */
  icontype: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /**
   * the archive bucket the course is in for the caller: '1' teaching, '2' assisting, '3' studying;
   * '4' archived by the caller, which has no code badge and only the archive action (spec 1 §6)
   */
  identity: z.string(),
  isTop: flag,
  archived: flag,
  /** 1 joining by code is stopped */
  stopcode: flag,
  /** 1 the course has ended */
  classending: flag,
  semester: z.string(),
  /** 0 full year, 1 first, 2 second */
  term: int(),
  termTxt: z.string(),
  venue: z.string(),
  /** 1 online, 2 offline, 3 hybrid */
  teachtype: int(),
  /** hours; -1 none */
  studytime: z.number(),
  minpic: z.string(),
  teacherminpic: z.string(),
  studentminpic: z.string(),
  /** spec 1 §4 labels: 1 live, 3 in class, 0 neither */
  type: int(),
  /** 1 while a meeting is going on; not sent until the meeting area exists */
  is_meeting: flag.optional(),
  /** not sent until the live area exists */
  liveState: int().optional(),
  /** 1 while a class time is in progress */
  have_class: flag,
  /** 0 for a student of an ended course closed to visits (`canvisit` 0), else 1 */
  canview: flag,
  /** the introduction, plain text */
  describes: z.string(),
  /** not sent until identity authentication per course exists */
  isattest: flag.optional(),
  /** not sent until course selection exists */
  selectStudentCount: int().optional(),
  /** the caller's course profile (spec 1 §6 `getUserInfoInCourse`): class number, enrolment month, grade */
  setting: z.object({ classno: z.string(), enrolltime: z.string(), grade: z.string() }),
  unfold: flag,
  /** always empty (Ketangpai's sub-list) */
  list: z.array(z.unknown()),
});

/** `/CourseApi/semesterCourseList`: a course with `id` and `term` as strings, as Ketangpai sends them */
export const listedCourseAnswer = courseAnswer.extend({
  id: z.string(),
  term: z.string(),
  /** the teacher's name again, under Ketangpai's other name */
  teachername: z.string(),
});

/** `/CourseApi/createCourseFromDemo`: the new course and how many catalogue items came over as drafts */
export const demoCreatedAnswer = courseAnswer.extend({ copied: int() });

/** `/CourseApi/getCourseInfo`: the item plus the caller's place in the course */
export const courseInfoAnswer = courseAnswer.extend({
  /** 1 teacher or assistant, 0 student */
  courseRole: flag,
  memberRole: z.enum(['owner', 'assistant', 'student']),
  /** after the course ends: 1 students may still look in */
  canvisit: flag,
  allowquit: flag,
  /** 0 none chosen yet, else 1-6 */
  template: int(),
  /** 1: delete, quit and transfer are confirmed by typing the course name; 0: by the login password */
  deleteway: flag,
  /** what the caller may do in the course */
  authData: z.array(z.enum(COURSE_ABILITIES)),
});

/** an academic year and term of the caller's courses */
export const semesterAnswer = z.object({ semester: z.string(), term: int(), termTxt: z.string() });

/** `/CourseApi/semesterList` */
export const semesterListAnswer = z.object({ semester: z.array(semesterAnswer) });

/** `/CourseApi/demoCourseList`: the demo courses, and whether the caller may create from them (certified teachers) */
export const demoCourseListAnswer = z.object({
  allowed: flag,
  list: z.array(
    z.object({
      id: int(),
      coursename: z.string(),
      classname: z.string(),
      /** the demo's author */
      username: z.string(),
      semester: z.string(),
      term: int(),
      termTxt: z.string(),
      /** the introduction, plain text */
      describes: z.string(),
      /** how many catalogue items it has */
      items: int(),
    }),
  ),
});

/** `/CourseApi/sortCourse`, `deleteCourse`, `quitCourse` */
export const courseDoneAnswer = z.object({});

/** `/CourseApi/setTop` */
export const pinAnswer = z.object({ isTop: flag });
/** `/CourseApi/archiveCourse`, `restoreCourse` */
export const archiveAnswer = z.object({ archived: flag });
/** `/CourseApi/resetCode` */
export const joinCodeAnswer = z.object({ code: z.string() });
/** `/CourseApi/stopCode`, `startCode` */
export const codeStoppedAnswer = z.object({ stopcode: flag });
/** `/CourseApi/transferCourse`: the new owner */
export const transferAnswer = z.object({ ownerid: int(), username: z.string() });
/** `/CourseApi/endCourse` */
export const endCourseAnswer = z.object({ classending: z.literal(1), canvisit: flag });
/** `/CourseApi/setCourseAllowQuit`, `getCourseAllowQuit` */
export const allowQuitAnswer = z.object({ allowquit: flag });
/** `/Futurev2/CourseTemplate/saveTempleteType` */
export const templateAnswer = z.object({ template: int() });

/** `/CourseApi/joinCourse`, `submitEnroll`: 100 joined, 101 no such code, 102 refused, 103 must certify, 105 already in, 110 go to the enrolment detail */
export const joinAnswer = z.object({ status: int(), courseid: int(), message: z.string() });

/** an enrolment question */
export const enrollQuestionAnswer = z.object({
  /** a default question's key (name, phone, stno, staffno, school, company) or empty for a custom one */
  key: z.string(),
  title: z.string(),
  selected: flag,
});

export const enrollAnswerItem = z.object({ title: z.string(), value: z.string() });

/** `/CourseApi/getEnrollSetting`, `saveEnrollSetting` */
export const enrollSettingAnswer = z.object({
  courseid: int(),
  /** '1' open, '0' closed */
  enrollstate: stringFlag,
  /** '0' automatic, '1' manual review */
  auditstate: stringFlag,
  /** 0 no limit */
  maxcount: int(),
  formLists: z.array(enrollQuestionAnswer),
});

/** `/CourseApi/getEnrollForm`: the course behind a code, the questions it asks and the caller's request */
export const enrollFormAnswer = z.object({
  courseid: int(),
  coursename: z.string(),
  classname: z.string(),
  /** the teacher's name */
  username: z.string(),
  auditstate: stringFlag,
  formLists: z.array(enrollQuestionAnswer),
  /** -1 no request yet, 0 waiting, 1 approved, 2 rejected */
  state: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]),
  answers: z.array(enrollAnswerItem),
});

/** `/CourseApi/enrollList`: one enrolment request */
export const enrollRequestAnswer = z.object({
  id: int(),
  uid: int(),
  username: z.string(),
  stno: z.string(),
  avatar: z.string(),
  /** 0 waiting, 1 approved, 2 rejected */
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  answers: z.array(enrollAnswerItem),
  /** epoch seconds */
  createtime: int(),
});

/** `/CourseApi/enrollReview`: how many requests were decided */
export const enrollReviewAnswer = z.object({ count: int() });

/** a course home menu: the teacher's order and names */
export const courseModuleAnswer = z.object({ key: z.enum(COURSE_MODULES), name: z.string() });

/** `/CourseApi/getModules`, `saveModules` */
export const courseModulesAnswer = z.array(courseModuleAnswer);

/** `/Futurev2/CourseTemplate/getSetting`, `updateSetting`: the template type (0 none chosen) and the menus */
export const templateSettingAnswer = z.object({ courseid: int(), type: int(), modules: courseModulesAnswer });

/** `/CourseApi/getCourseIntro`, `saveCourseIntro`: the introduction as plain text */
export const courseIntroAnswer = z.object({ courseid: int(), describes: z.string() });

/** `/UserApi/saveCourseProfile`: class number, grade 1-6 (a string), enrolment month */
export const courseProfileAnswer = z.object({ classno: z.string(), grade: z.string(), enrolltime: z.string() });

/** `/UserApi/getUserInfoInCourse`: checkstate 1 asks a student to complete the profile first (spec 1 §6) */
export const userInCourseAnswer = z.object({
  courseid: int(),
  /** 1 teacher or assistant, 0 student */
  courseRole: flag,
  checkstate: flag,
  setting: courseProfileAnswer,
});

/** `/CourseShareNoAuthApi/getCouseInfo`: the public course page (no login) */
export const coursePortalAnswer = z.object({
  coid: z.string(),
  coursename: z.string(),
  classname: z.string(),
  /** the teacher's name */
  username: z.string(),
  school: z.string(),
  semester: z.string(),
  term: int(),
  termTxt: z.string(),
  teachtype: int(),
  /** plain text */
  describes: z.string(),
  total: int(),
  classending: flag,
  /** 1 while the course takes students: they join by the portal id (`/CourseApi/joinCourse {coid}`); the join code is never shown */
  joinable: flag,
});
