import {
  COURSE_MODULES,
  type courseProfileInput,
  type Language,
  type modulesInput,
  type templateSettingInput,
} from '@paiclass/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { authorize, studentTotal } from './courses.queries';
import { bit, termText } from './presenters';

const MODULE_TITLES: Record<Language, Record<(typeof COURSE_MODULES)[number], string>> = {
  zh: {
    catalogue: '目录',
    courseware: '互动课件',
    homework: '作业',
    test: '测试',
    material: '资料',
    live: '直播',
    meeting: '会议',
    notice: '公告',
    topic: '话题',
    interact: '互动答题',
  },
  en: {
    catalogue: 'Catalogue',
    courseware: 'Courseware',
    homework: 'Homework',
    test: 'Tests',
    material: 'Materials',
    live: 'Live',
    meeting: 'Meetings',
    notice: 'Notices',
    topic: 'Topics',
    interact: 'Q&A',
  },
};

/** The course home menus: the teacher's order and names, or the defaults in the caller's language. */
export async function getModules(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await authorize(ctx, user, courseId, 'view');
  const saved = m.course.modules;
  if (saved.length === 0) return COURSE_MODULES.map((key) => ({ key, name: MODULE_TITLES[lang][key] }));
  // saved through modulesInput, so every key is one of COURSE_MODULES
  return saved as { key: (typeof COURSE_MODULES)[number]; name: string }[];
}

/** The menus to keep: each key once, first occurrence wins. */
function uniqueModules(modules: z.infer<typeof modulesInput>['modules']) {
  const seen = new Set<string>();
  return modules.filter((x) => !seen.has(x.key) && seen.add(x.key));
}

/** `/AllReachingActivityModules`: reorders, renames (at most 8 characters) and removes menus, keeping at least one. */
export async function saveModules(ctx: AppContext, user: User, input: z.infer<typeof modulesInput>) {
  await authorize(ctx, user, input.courseid, 'edit');
  const modules = uniqueModules(input.modules);
  await ctx.db.update(courses).set({ modules }).where(eq(courses.id, input.courseid));
  return modules;
}

export async function getIntro(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  return { courseid: courseId, describes: m.course.describes };
}

/** `/courseIntro`: the course introduction as plain text (shown as text, never as markup). */
export async function saveIntro(ctx: AppContext, user: User, courseId: number, describes: string) {
  await authorize(ctx, user, courseId, 'edit');
  await ctx.db.update(courses).set({ describes }).where(eq(courses.id, courseId));
  return { courseid: courseId, describes };
}

/**
 * What a student must complete before entering a course (spec 1 §6): checkstate 1 when class
 * number, grade or enrolment month is missing, 0 otherwise (and always 0 for teachers).
 */
export async function getUserInfoInCourse(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const missing = !user.classno || !user.grade || !user.enrolltime;
  return {
    courseid: courseId,
    courseRole: bit(m.role !== 'student'),
    checkstate: bit(m.role === 'student' && missing),
    setting: { classno: user.classno, grade: user.grade, enrolltime: user.enrolltime },
  };
}

/** Saves the class number, grade and enrolment month asked for on entering a course. */
export async function saveCourseProfile(ctx: AppContext, user: User, input: z.infer<typeof courseProfileInput>) {
  await ctx.db
    .update(users)
    .set({ classno: input.classno, grade: String(input.grade), enrolltime: input.enrolltime })
    .where(eq(users.id, user.id));
  await ctx.sessions.forgetUser(user.id);
  return { classno: input.classno, grade: String(input.grade), enrolltime: input.enrolltime };
}

/**
 * The public course portal (`/courseDoor?coid=`), for anyone with the link: what the course is and
 * whether it takes students, who then join by the portal id. The join code is not shown: whoever holds
 * the link may join through it, but cannot pass on a code. Addressed by the share id, so courses
 * cannot be listed by guessing.
 */
export async function getPortal(ctx: AppContext, coid: string, lang: Language) {
  const [row] = await ctx.db
    .select({ course: courses, teacher: users.username, school: users.school, total: studentTotal })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(and(eq(courses.shareId, coid), isNull(courses.deletedAt)));
  if (!row) throw new AppError('notFound', 'errors.portalNotFound');
  const c = row.course;
  const joinable = c.stopcode === 0 && c.classending === 0 && c.enrollstate === '1';
  return {
    coid,
    coursename: c.coursename,
    classname: c.classname,
    username: row.teacher,
    school: row.school,
    semester: c.semester,
    term: c.term,
    termTxt: termText(lang, c.term),
    teachtype: c.teachtype,
    describes: c.describes,
    total: Number(row.total),
    classending: bit(c.classending),
    joinable: bit(joinable),
  };
}

/** `/Futurev2/CourseTemplate/getSetting`: the course's template type (0 none chosen) and its menus. */
export async function getTemplateSetting(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await authorize(ctx, user, courseId, 'view');
  return { courseid: courseId, type: m.course.template ?? 0, modules: await getModules(ctx, user, courseId, lang) };
}

/** `/Futurev2/CourseTemplate/updateSetting`: changes the template type and/or the menus; owner or assistant. */
export async function updateTemplateSetting(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof templateSettingInput>,
  lang: Language,
) {
  await authorize(ctx, user, input.courseid, 'edit');
  // the menus and the template in one write: both change, or neither
  const changes = {
    ...(input.modules ? { modules: uniqueModules(input.modules) } : {}),
    ...(input.type !== undefined ? { template: input.type } : {}),
  };
  if (Object.keys(changes).length) await ctx.db.update(courses).set(changes).where(eq(courses.id, input.courseid));
  return getTemplateSetting(ctx, user, input.courseid, lang);
}
