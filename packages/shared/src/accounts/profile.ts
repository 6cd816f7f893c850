import { z } from 'zod';
import { STNO_MAX, USERTYPE_STUDENT, USERTYPE_TEACHER } from '../constants';
import { INT_MAX } from '../wire';
import { flag } from './schemas';

/**
 * The personal centre's editors (spec 1 §2 /infoModify, §5, §6): which fields exist, who fills them
 * in, and the rules each value must pass. The web forms and the server use the same functions, so
 * a refusal reads the same in both places.
 */

export const PROFILE_MIN = 2; // spec 1 §5: name, department, class, staff or student number at least 2
export const USERNAME_MAX = 30; // the account's name column
export const DEPARTMENT_MAX = 20; // spec 1 §5, §9
export const CLASSNO_MAX = 20; // spec 1 §5, §9
export const SCHOOL_MAX = 50; // the register form's limit
export const MAJOR_TITLE_MAX = 12; // spec 1 §5, §9: manual entry cut at 12
export const MAJORS_MAX = 10; // ours: a teacher lists a few majors, not a catalogue
export const TEACHCOURSE_MAX = 20; // ours: taught courses listed on the profile
export const TEACHCOURSE_TITLE_MAX = 50; // a course name's limit (spec 1 §9)
export const ENROLL_MIN = '1990-01'; // spec 1 §5, §9
export const GRADE_CHOICES = [1, 2, 3, 4, 5, 6] as const; // spec 1 §5

/** /infoModify?modify=… (spec 1 §2): the editor names of the route. */
export const MODIFY_FIELDS = [
  'name',
  'stno',
  'school',
  'depart',
  'lesson',
  'major',
  'grade',
  'class',
  'interSchoolTime',
] as const;
export type ModifyField = (typeof MODIFY_FIELDS)[number];

/** Who edits which field (spec 1 §6): taught courses and majors are the teacher's, class, grade and enrolment the student's. */
export function modifyFieldsFor(usertype: number): ModifyField[] {
  return Number(usertype) === USERTYPE_TEACHER
    ? ['name', 'stno', 'school', 'depart', 'lesson', 'major']
    : ['name', 'stno', 'school', 'depart', 'class', 'grade', 'interSchoolTime'];
}

/**
 * spec 1 §5: the department keeps only Chinese characters, letters, digits and the marks , . ( ) —
 * in their ASCII and full-width forms, as a Chinese keyboard types them.
 */
export const DEPARTMENT_ALLOWED = /[\u4e00-\u9fa5A-Za-z0-9,.()，。（）]/;
/** The department as typed, with every character it may not hold dropped (the web form keeps only these). */
export const keepDepartmentChars = (value: string) => [...value].filter((c) => DEPARTMENT_ALLOWED.test(c)).join('');

/** A manual major as kept (spec 1 §5): trimmed and cut at 12 characters. */
export const cutMajorTitle = (value: string) => [...value.trim()].slice(0, MAJOR_TITLE_MAX).join('');

/** The month an enrolment may be at the latest: December of next year (admissions are announced ahead). */
export const enrollMax = (now = new Date()) => `${now.getFullYear() + 1}-12`;

type Text = 'name' | 'stno' | 'depart' | 'class' | 'school' | 'lesson' | 'majorTitle';
const length = (v: string) => [...v].length;

/**
 * The message key of the first rule a text value breaks, or null (spec 1 §5): empty says "{title}
 * cannot be empty", one character "please enter a correct {title}", then each field's maximum and
 * characters. The staff or student number is named by the user type.
 */
export function profileTextProblem(field: Text, raw: string, usertype: number): string | null {
  const value = raw.trim();
  const teacher = Number(usertype) === USERTYPE_TEACHER;
  const names: Record<Text, string> = {
    name: 'Name',
    stno: teacher ? 'Staffno' : 'Studentno',
    depart: 'Department',
    class: 'Class',
    school: 'School',
    lesson: 'Lesson',
    majorTitle: 'Major',
  };
  const title = names[field];
  if (!value) return `validation.profile${title}Empty`;
  if (field !== 'school' && length(value) < PROFILE_MIN) return `validation.profile${title}Short`;
  const max = {
    name: USERNAME_MAX,
    stno: STNO_MAX,
    depart: DEPARTMENT_MAX,
    class: CLASSNO_MAX,
    school: SCHOOL_MAX,
    lesson: TEACHCOURSE_TITLE_MAX,
    majorTitle: MAJOR_TITLE_MAX,
  }[field];
  if (length(value) > max) return `validation.profile${title}Long`;
  if (field === 'depart' && keepDepartmentChars(value) !== value) return 'validation.profileDepartmentChars';
  return null;
}

/** spec 1 §5: an enrolment month `YYYY-MM` from 1990-01 (to next year's December); null when it passes. */
export function enrollProblem(value: string, now = new Date()): string | null {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value) || value < ENROLL_MIN || value > enrollMax(now)) return 'validation.enrolltime';
  return null;
}

/** Education levels of the majors picker's tabs (spec 1 §2): higher, vocational, secondary; 0 typed by hand. */
export const MAJOR_TYPES = { manual: '0', higher: '1', vocational: '2', secondary: '3' } as const;
export type MajorType = (typeof MAJOR_TYPES)[keyof typeof MAJOR_TYPES];

const major = z.object({
  type: z.coerce.string().pipe(z.enum(['0', '1', '2', '3'], { message: 'validation.profileMajorType' })),
  id: z.coerce.string().max(16).optional().default(''),
  title: z.string({ message: 'validation.profileMajorEmpty' }).max(200, { message: 'validation.profileMajorLong' }),
});

/** Lists may arrive as JSON text from form-encoded clients. */
const jsonList = <T extends z.ZodTypeAny>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(item, { message }).max(max, { message }),
  );

/**
 * `/UserApi/editUserInfo`: any of the profile's fields, each checked by its rules (the service
 * applies `profileTextProblem` with the caller's user type). `confirm: 1` accepts that changing the
 * school or number ends the account's institution certifications (decision 014).
 */
export const editUserInfoInput = z
  .object({
    username: z.string().max(200, { message: 'validation.profileNameLong' }).optional(),
    stno: z.string().max(200, { message: 'validation.profileStudentnoLong' }).optional(),
    school: z.string().max(200, { message: 'validation.profileSchoolLong' }).optional(),
    department: z.string().max(200, { message: 'validation.profileDepartmentLong' }).optional(),
    classno: z.string().max(200, { message: 'validation.profileClassLong' }).optional(),
    grade: z.coerce
      .number({ message: 'validation.grade' })
      .int({ message: 'validation.grade' })
      .min(1, { message: 'validation.grade' })
      .max(6, { message: 'validation.grade' })
      .optional(),
    enrolltime: z.string({ message: 'validation.enrolltime' }).trim().optional(),
    teachcourse: jsonList(
      z.string().max(200, { message: 'validation.profileLessonLong' }),
      TEACHCOURSE_MAX,
      'validation.profileLessonsMax',
    ).optional(),
    majors: jsonList(major, MAJORS_MAX, 'validation.profileMajorsMax').optional(),
    confirm: flag.optional(),
  })
  .refine(
    (v) =>
      [v.username, v.stno, v.school, v.department, v.classno, v.grade, v.enrolltime, v.teachcourse, v.majors].some(
        (x) => x !== undefined,
      ),
    { message: 'validation.profileNothing' },
  );
export type EditUserInfoInput = z.infer<typeof editUserInfoInput>;

/** `/UserApi/changeUsertype` (spec 1 §4): a student becomes a teacher; `confirm: 1` as above. */
export const changeUsertypeInput = z.object({
  usertype: z.coerce
    .number({ message: 'validation.usertype' })
    .int({ message: 'validation.usertype' })
    .max(INT_MAX)
    .refine((v) => v === USERTYPE_TEACHER || v === USERTYPE_STUDENT, { message: 'validation.usertype' }),
  confirm: flag.optional(),
});

/** `/UserApi/updateAvatar`: an image the caller uploaded (`/UploadApi/uploadV2` with `type=image`). */
export const updateAvatarInput = z.object({
  fileid: z.coerce
    .number({ message: 'validation.avatarFile' })
    .int()
    .positive({ message: 'validation.avatarFile' })
    .max(INT_MAX, { message: 'validation.avatarFile' }),
});

/** `/UserApi/setNotify`: the four message-notice switches (1 on, 0 off); those left out stay. */
export const setNotifyInput = z
  .object({ notify1: flag.optional(), notify2: flag.optional(), notify3: flag.optional(), notify4: flag.optional() })
  .refine((v) => [v.notify1, v.notify2, v.notify3, v.notify4].some((x) => x !== undefined), {
    message: 'validation.notifyNothing',
  });

/** The avatar crop (spec 1 §2, §5, §9): square, 200×200 at first, output scaled by 0.6 as png, at most 5 MB. */
export const AVATAR_CROP = { aspect: 1, initialSize: 200, outputScale: 0.6, outputMaxSide: 640, type: 'image/png' } as const;

/** Message-notice categories the switches turn on and off (notify1-4, decision 014). */
export const NOTIFY_KINDS = ['content', 'homeworkPublished', 'homeworkActivity', 'members'] as const;

/** Which switch governs a notice: by its action and content type; null for notices no switch governs. */
export function notifyIndexOf(notice: { action: string; contenttype?: number | null }): 0 | 1 | 2 | 3 | null {
  const homework = Number(notice.contenttype ?? 0) === 4;
  if (notice.action === 'publish') return homework ? 1 : 0;
  if (homework) return 2;
  if (notice.action.startsWith('member') || notice.action.startsWith('join') || notice.action.startsWith('enroll')) return 3;
  return null;
}

export const profileMessages = {
  zh: {
    'validation.profileNameEmpty': '姓名不能为空',
    'validation.profileNameShort': '请输入正确的姓名',
    'validation.profileNameLong': '姓名最多 30 个字',
    'validation.profileStaffnoEmpty': '工号不能为空',
    'validation.profileStaffnoShort': '请输入正确的工号',
    'validation.profileStaffnoLong': '工号最多 20 位',
    'validation.profileStudentnoEmpty': '学号不能为空',
    'validation.profileStudentnoShort': '请输入正确的学号',
    'validation.profileStudentnoLong': '学号最多 20 位',
    'validation.profileSchoolEmpty': '学校不能为空',
    'validation.profileSchoolLong': '学校名称最多 50 个字',
    'validation.profileDepartmentEmpty': '院系不能为空',
    'validation.profileDepartmentShort': '请输入正确的院系',
    'validation.profileDepartmentLong': '院系最多 20 个字',
    'validation.profileDepartmentChars': '院系只能包含汉字、字母、数字和 , . ( ) 符号',
    'validation.profileClassEmpty': '班级不能为空',
    'validation.profileClassShort': '请输入正确的班级',
    'validation.profileClassLong': '班级最多 20 个字',
    'validation.profileLessonEmpty': '任教课程不能为空',
    'validation.profileLessonShort': '请输入正确的任教课程',
    'validation.profileLessonLong': '任教课程名称最多 50 个字',
    'validation.profileLessonsMax': '任教课程最多 20 门',
    'validation.profileMajorEmpty': '专业不能为空',
    'validation.profileMajorShort': '请输入正确的专业',
    'validation.profileMajorLong': '专业名称最多 12 个字',
    'validation.profileMajorsMax': '专业最多 10 个',
    'validation.profileMajorType': '专业类别只能是本科、高职、中职或手动填写',
    'validation.profileMajorUnknown': '专业库里没有这个专业，请重新选择或手动填写',
    'validation.profileTeacherOnly': '这一项只有老师填写',
    'validation.profileStudentOnly': '这一项只有学生填写',
    'validation.profileNothing': '请填写要修改的内容',
    'validation.avatarFile': '请先上传头像图片',
    'validation.notifyNothing': '请选择要修改的通知开关',
  },
  en: {
    'validation.profileNameEmpty': 'Name cannot be empty',
    'validation.profileNameShort': 'Please enter a correct name',
    'validation.profileNameLong': 'The name can be at most 30 characters',
    'validation.profileStaffnoEmpty': 'Staff number cannot be empty',
    'validation.profileStaffnoShort': 'Please enter a correct staff number',
    'validation.profileStaffnoLong': 'The staff number can be at most 20 characters',
    'validation.profileStudentnoEmpty': 'Student number cannot be empty',
    'validation.profileStudentnoShort': 'Please enter a correct student number',
    'validation.profileStudentnoLong': 'The student number can be at most 20 characters',
    'validation.profileSchoolEmpty': 'School cannot be empty',
    'validation.profileSchoolLong': 'The school name can be at most 50 characters',
    'validation.profileDepartmentEmpty': 'Department cannot be empty',
    'validation.profileDepartmentShort': 'Please enter a correct department',
    'validation.profileDepartmentLong': 'The department can be at most 20 characters',
    'validation.profileDepartmentChars': 'The department may contain only Chinese characters, letters, digits and , . ( )',
    'validation.profileClassEmpty': 'Class cannot be empty',
    'validation.profileClassShort': 'Please enter a correct class',
    'validation.profileClassLong': 'The class can be at most 20 characters',
    'validation.profileLessonEmpty': 'Course name cannot be empty',
    'validation.profileLessonShort': 'Please enter a correct course name',
    'validation.profileLessonLong': 'A course name can be at most 50 characters',
    'validation.profileLessonsMax': 'You can list at most 20 courses you teach',
    'validation.profileMajorEmpty': 'Major cannot be empty',
    'validation.profileMajorShort': 'Please enter a correct major',
    'validation.profileMajorLong': 'A major can be at most 12 characters',
    'validation.profileMajorsMax': 'You can list at most 10 majors',
    'validation.profileMajorType': 'A major is undergraduate, vocational, secondary or typed in',
    'validation.profileMajorUnknown': 'That major is not in the list: pick it again or type it in',
    'validation.profileTeacherOnly': 'Only teachers fill this in',
    'validation.profileStudentOnly': 'Only students fill this in',
    'validation.profileNothing': 'Say what to change',
    'validation.avatarFile': 'Upload the picture first',
    'validation.notifyNothing': 'Choose a notification switch to change',
  },
} as const;
