import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { classTimes, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { authorize } from '../courses/courses.queries';
import { maxAge } from './state';

type ClassTime = typeof classTimes.$inferSelect;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** A class time the teacher forgot to end counts as over after CLASS_TIME_MAX_HOURS; close it at that time. */
async function closeStale(ctx: AppContext, courseId: number) {
  await ctx.db
    .update(classTimes)
    .set({ endedAt: sql`${classTimes.startedAt} + ${maxAge}` })
    .where(and(eq(classTimes.courseId, courseId), isNull(classTimes.endedAt), lt(classTimes.startedAt, sql`now() - ${maxAge}`)));
}

/** The class in progress of a course (a forgotten one closed first), or undefined. */
export async function openClassTime(ctx: AppContext, courseId: number) {
  await closeStale(ctx, courseId);
  const [open] = await ctx.db
    .select()
    .from(classTimes)
    .where(and(eq(classTimes.courseId, courseId), isNull(classTimes.endedAt)));
  return open;
}

function presentClassTime(ct: ClassTime | undefined, startedBy = '') {
  return {
    status: ct && !ct.endedAt ? (1 as const) : (0 as const),
    classtimeid: ct?.id ?? 0,
    starttime: seconds(ct?.startedAt ?? null),
    endtime: seconds(ct?.endedAt ?? null),
    username: startedBy,
  };
}

async function starterName(ctx: AppContext, ct: ClassTime | undefined) {
  if (!ct) return '';
  const [u] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, ct.startedBy));
  return u?.username ?? '';
}

/** Tells the sockets that have the course open that class began or is over: one event for the course's room. */
async function announce(ctx: AppContext, courseId: number, cmd: string, data: ReturnType<typeof presentClassTime>) {
  await ctx.realtime.publish(rooms.course(courseId), cmd, { courseid: courseId, ...data });
}

/** `/Futurev2/AttendClass/classTimeStatus`: whether the course is in class now, and since when. Members only. */
export async function classTimeStatus(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const open = await openClassTime(ctx, courseId);
  return presentClassTime(open, await starterName(ctx, open));
}

/** Begins a class: the owner or an assistant, in a course that has not ended. Beginning twice keeps the first. */
export async function beginClass(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'teachClass');
  if (m.course.classending === 1) throw fail('courseEnded');
  const existing = await openClassTime(ctx, courseId);
  if (existing) return presentClassTime(existing, await starterName(ctx, existing));
  const [created] = await ctx.db.insert(classTimes).values({ courseId, startedBy: user.id }).onConflictDoNothing().returning();
  const current = created ?? (await openClassTime(ctx, courseId));
  const answer = presentClassTime(current, await starterName(ctx, current));
  if (created) await announce(ctx, courseId, 'AttendClass.classBegin', answer);
  return answer;
}

/** Ends the class in progress; ending when none is in progress changes nothing. */
export async function overClass(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  await closeStale(ctx, courseId);
  const [ended] = await ctx.db
    .update(classTimes)
    .set({ endedAt: new Date() })
    .where(and(eq(classTimes.courseId, courseId), isNull(classTimes.endedAt)))
    .returning();
  const answer = presentClassTime(ended, await starterName(ctx, ended));
  if (ended) await announce(ctx, courseId, 'AttendClass.classOver', answer);
  return answer;
}

/** `/Classtime/getClassList`: the course's class times, newest first (teachers: the record of lessons given). */
export async function listClassTimes(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  await closeStale(ctx, courseId);
  const rows = await ctx.db
    .select({ ct: classTimes, username: users.username })
    .from(classTimes)
    .innerJoin(users, eq(users.id, classTimes.startedBy))
    .where(eq(classTimes.courseId, courseId))
    .orderBy(desc(classTimes.startedAt))
    .limit(200);
  return {
    list: rows.map((r) => ({
      ...presentClassTime(r.ct, r.username),
      duration: r.ct.endedAt ? Math.round((r.ct.endedAt.getTime() - r.ct.startedAt.getTime()) / 60000) : 0,
    })),
  };
}
