import {
  DEFAULT_ENROLL_QUESTIONS,
  type enrollAnswerInput,
  type enrollSettingInput,
  JOIN_STATUS,
  type JoinKey,
  type Language,
} from '@paiclass/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { courseMembers, courses, enrollments, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badInput, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { needsAttestToJoin } from '../institutions/institutions.service';
import { tellCourseStaff } from '../notices/notices.service';
import { authorize } from './courses.queries';
import { announceMembers, recordMemberEvents } from './member-notice';
import { bit } from './presenters';

type Course = typeof courses.$inferSelect;

const QUESTION_TITLES: Record<Language, Record<(typeof DEFAULT_ENROLL_QUESTIONS)[number], string>> = {
  zh: { name: '姓名', phone: '手机号', stno: '学号', staffno: '工号', school: '学校', company: '单位' },
  en: { name: 'Name', phone: 'Phone', stno: 'Student number', staffno: 'Staff number', school: 'School', company: 'Company' },
};

/** The enrolment form: the six default questions (spec 1 §3), then the teacher's own. */
function enrollForm(course: Course, lang: Language) {
  const stored = new Map(course.enrollForm.filter((q) => q.key).map((q) => [q.key, q]));
  const defaults = DEFAULT_ENROLL_QUESTIONS.map((key) => ({
    key,
    title: QUESTION_TITLES[lang][key],
    selected: bit(stored.get(key)?.selected ?? 0),
  }));
  const custom = course.enrollForm.filter((q) => !q.key).map((q) => ({ ...q, selected: bit(q.selected) }));
  return [...defaults, ...custom];
}

const asked = (course: Course, lang: Language) => enrollForm(course, lang).filter((q) => q.selected === 1);

async function studentCount(db: Db, courseId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')));
  return row?.n ?? 0;
}

/** Why this caller cannot join now, as a join status and message key; undefined when they may. */
async function joinBlock(db: Db, course: Course, userId: number): Promise<[number, string] | undefined> {
  const [member] = await db
    .select({ role: courseMembers.role })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, userId)));
  if (member) return [JOIN_STATUS.alreadyIn, 'courses.join.alreadyIn'];
  if (await needsAttestToJoin(db, course.id, userId)) return [JOIN_STATUS.needsAttest, 'courses.join.needsAttest'];
  if (course.stopcode === 1) return [JOIN_STATUS.refused, 'courses.join.codeStopped'];
  if (course.classending === 1) return [JOIN_STATUS.refused, 'courses.join.closed'];
  if (course.enrollstate === '0') return [JOIN_STATUS.refused, 'courses.join.enrollClosed'];
  const [request] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), eq(enrollments.userId, userId)));
  if (request?.state === 2) return [JOIN_STATUS.refused, 'courses.join.rejected'];
  if (request?.state === 0) return [JOIN_STATUS.pendingReview, 'courses.join.pending'];
  if (course.maxcount > 0 && (await studentCount(db, course.id)) >= course.maxcount)
    return [JOIN_STATUS.refused, 'courses.join.full'];
  return undefined;
}

/**
 * Tells the course's teacher and assistants, in the joining transaction, that a student joined or
 * asks to join (a course that reviews joins by hand); the weekly member-change notice sums these up.
 */
function tellStaff(t: AppContext, course: Course, user: User, what: 'joined' | 'requested') {
  return tellCourseStaff(t, course.id, (lang) => ({
    action: what === 'joined' ? 'member_join' : 'join_request',
    title: translate(lang, what === 'joined' ? 'notices.memberJoined' : 'notices.joinRequested', {
      course: course.coursename,
      name: user.username,
    }),
    activitylabel: translate(lang, what === 'joined' ? 'notices.membersLabel' : 'notices.enrollLabel'),
    fromName: user.username,
  }));
}

/** The live course a join names: by its code, or by its portal id. */
async function courseByKey(db: Db, key: JoinKey) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(key.code ? eq(courses.code, key.code) : eq(courses.shareId, key.coid ?? ''), isNull(courses.deletedAt)));
  return course;
}

/**
 * Joins a course by its 6-digit code (spec 1 §4): 100 joined; 105 already a member; 101 no such
 * code; 102 refused (code stopped, course ended, enrolment closed, course full, enrolment
 * rejected — each with its own message); 110 go to the enrolment detail (a form to answer, or a
 * request waiting for review).
 */
export async function joinCourse(ctx: AppContext, user: User, key: JoinKey, lang: Language) {
  return inTransaction(ctx, async (t) => {
    const tx = t.db;
    const course = await courseByKey(tx, key);
    const answer = (status: number, key: string) => ({ status, courseid: course?.id ?? 0, message: translate(lang, key) });
    if (!course) return answer(JOIN_STATUS.notFound, 'courses.join.notFound');
    // one join at a time per course, so the last seat cannot be taken twice
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`join:${course.id}`}))`);
    const blocked = await joinBlock(tx, course, user.id);
    if (blocked) return answer(...blocked);
    if (course.auditstate === '1' || asked(course, lang).length > 0)
      return answer(JOIN_STATUS.pendingReview, 'courses.join.fillForm');
    await tx.insert(courseMembers).values({ courseId: course.id, userId: user.id, role: 'student' }).onConflictDoNothing();
    await recordMemberEvents(tx, course.id, [user.id], 'join');
    await tellStaff(t, course, user, 'joined');
    await announceMembers(t, course.id);
    return answer(JOIN_STATUS.joined, 'courses.join.joined');
  });
}

/** `/studentEnrollCourseDetail`: the course behind a code, the questions it asks and the caller's request state. */
export async function getEnrollForm(ctx: AppContext, user: User, key: JoinKey, lang: Language) {
  const course = await courseByKey(ctx.db, key);
  if (!course) throw new AppError('notFound', 'courses.join.notFound');
  const [owner] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, course.ownerId));
  const [request] = await ctx.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), eq(enrollments.userId, user.id)));
  return {
    courseid: course.id,
    coursename: course.coursename,
    classname: course.classname,
    username: owner?.username ?? '',
    auditstate: course.auditstate as '0' | '1',
    formLists: asked(course, lang),
    /** -1 no request yet, 0 waiting, 1 approved, 2 rejected */
    state: (request?.state ?? -1) as -1 | 0 | 1 | 2,
    answers: request?.answers ?? [],
  };
}

/** Answers the enrolment form: joins at once under automatic review, or waits for the teacher (110). */
export async function submitEnroll(ctx: AppContext, user: User, input: z.infer<typeof enrollAnswerInput>, lang: Language) {
  return inTransaction(ctx, async (t) => {
    const tx = t.db;
    const course = await courseByKey(tx, input);
    if (!course) throw new AppError('notFound', 'courses.join.notFound');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`join:${course.id}`}))`);
    const blocked = await joinBlock(tx, course, user.id);
    if (blocked && blocked[0] !== JOIN_STATUS.pendingReview)
      return { status: blocked[0], courseid: course.id, message: translate(lang, blocked[1]) };
    const given = new Map(input.answers.map((a) => [a.title, a.value]));
    const answers = asked(course, lang).map((q) => ({ title: q.title, value: given.get(q.title) ?? '' }));
    if (answers.some((a) => !a.value)) throw badInput('validation.answerRequired');
    const automatic = course.auditstate === '0';
    await tx
      .insert(enrollments)
      .values({
        courseId: course.id,
        userId: user.id,
        answers,
        state: automatic ? 1 : 0,
        reviewedAt: automatic ? new Date() : null,
      })
      .onConflictDoUpdate({
        target: [enrollments.courseId, enrollments.userId],
        set: { answers, state: automatic ? 1 : 0, createdAt: new Date() },
      });
    if (!automatic) {
      // a request answered again while it waits is not news a second time
      if (!blocked) await tellStaff(t, course, user, 'requested');
      return { status: JOIN_STATUS.pendingReview, courseid: course.id, message: translate(lang, 'courses.join.pending') };
    }
    await tx.insert(courseMembers).values({ courseId: course.id, userId: user.id, role: 'student' }).onConflictDoNothing();
    await recordMemberEvents(tx, course.id, [user.id], 'join');
    await tellStaff(t, course, user, 'joined');
    await announceMembers(t, course.id);
    return { status: JOIN_STATUS.joined, courseid: course.id, message: translate(lang, 'courses.join.joined') };
  });
}

export async function getEnrollSetting(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await authorize(ctx, user, courseId, 'manageEnroll');
  const c = m.course;
  return {
    courseid: c.id,
    enrollstate: c.enrollstate as '0' | '1',
    auditstate: c.auditstate as '0' | '1',
    maxcount: c.maxcount,
    formLists: enrollForm(c, lang),
  };
}

/** `/seniorSetting`: open or closed, automatic or manual review, the questions and the seat limit. */
export async function saveEnrollSetting(ctx: AppContext, user: User, input: z.infer<typeof enrollSettingInput>, lang: Language) {
  await authorize(ctx, user, input.courseid, 'manageEnroll');
  const known = new Set<string>(DEFAULT_ENROLL_QUESTIONS);
  const form = input.formLists
    .filter((q) => !q.key || known.has(q.key))
    .map((q) => ({ key: q.key, title: q.key ? '' : q.title, selected: q.selected }));
  await ctx.db
    .update(courses)
    .set({ enrollstate: input.enrollstate, auditstate: input.auditstate, maxcount: input.maxcount, enrollForm: form })
    .where(eq(courses.id, input.courseid));
  return getEnrollSetting(ctx, user, input.courseid, lang);
}

/** `/enrollReview`: the course's requests, newest first, optionally by state. */
export async function listEnrollments(ctx: AppContext, user: User, courseId: number, state: number | undefined) {
  await authorize(ctx, user, courseId, 'manageEnroll');
  const rows = await ctx.db
    .select({ e: enrollments, username: users.username, stno: users.stno, avatar: users.avatar })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.courseId, courseId), state === undefined ? undefined : eq(enrollments.state, state)))
    .orderBy(desc(enrollments.createdAt));
  return rows.map((r) => ({
    id: r.e.id,
    uid: r.e.userId,
    username: r.username,
    stno: r.stno,
    avatar: r.avatar,
    state: r.e.state as 0 | 1 | 2,
    answers: r.e.answers,
    createtime: Math.floor(r.e.createdAt.getTime() / 1000),
  }));
}

/** Approves (1) or rejects (2) waiting requests, one or many; approval respects the seat limit. */
export async function reviewEnrollments(ctx: AppContext, user: User, courseId: number, ids: number[], state: 1 | 2) {
  const m = await authorize(ctx, user, courseId, 'manageEnroll');
  const answer = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`join:${courseId}`}))`);
    const waiting = await tx
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, courseId), inArray(enrollments.id, ids), eq(enrollments.state, 0)));
    if (waiting.length === 0) throw badInput('validation.chooseOne');
    if (state === 1 && m.course.maxcount > 0 && (await studentCount(tx, courseId)) + waiting.length > m.course.maxcount)
      throw fail('courseFull');
    await tx
      .update(enrollments)
      .set({ state, reviewedAt: new Date() })
      .where(
        inArray(
          enrollments.id,
          waiting.map((w) => w.id),
        ),
      );
    if (state === 1) {
      await tx
        .insert(courseMembers)
        .values(waiting.map((w) => ({ courseId, userId: w.userId, role: 'student' })))
        .onConflictDoNothing();
      await recordMemberEvents(
        tx,
        courseId,
        waiting.map((w) => w.userId),
        'join',
      );
    }
    return { count: waiting.length };
  });
  if (state === 1) await announceMembers(ctx, courseId);
  return answer;
}
