import {
  STAR_EVENT,
  STAR_LOG_PAGE_SIZE,
  STAR_STEP_MAX,
  STARS_PER_CLASS_TIME,
  type StarAwardInput,
  type StarChangeAnswer,
  type StarEntry,
  type StarLogInput,
  type StarStatisticsAnswer,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { courseMembers, courseStars, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { currentClassTime } from '../barrage/barrage.service';
import { authorize, membership } from '../courses/courses.queries';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const sum = sql<number>`coalesce(sum(${courseStars.stars}), 0)::int`.mapWith(Number);

/** The student's stars in the course: the sum of every award and take-back. */
async function totalOf(ctx: AppContext, courseId: number, userId: number) {
  const [row] = await ctx.db
    .select({ total: sum })
    .from(courseStars)
    .where(and(eq(courseStars.courseId, courseId), eq(courseStars.userId, userId)));
  return row?.total ?? 0;
}

/**
 * Stars the student holds from the class in progress (awards less take-backs), or, outside class,
 * from the last 24 hours outside class: what STARS_PER_CLASS_TIME limits.
 */
async function awardedIn(ctx: AppContext, courseId: number, userId: number, classTimeId: number | undefined) {
  const [row] = await ctx.db
    .select({ n: sum })
    .from(courseStars)
    .where(
      and(
        eq(courseStars.courseId, courseId),
        eq(courseStars.userId, userId),
        classTimeId
          ? eq(courseStars.classTimeId, classTimeId)
          : and(isNull(courseStars.classTimeId), gt(courseStars.createdAt, sql`now() - interval '24 hours'`)),
      ),
    );
  return row?.n ?? 0;
}

function presentEntry(row: typeof courseStars.$inferSelect, givenByName: string): StarEntry {
  return {
    id: row.id,
    stars: row.stars,
    reason: row.reason,
    classtimeid: row.classTimeId ?? 0,
    givenby: row.givenBy,
    givenbyname: givenByName,
    create_time: seconds(row.createdAt),
  };
}

/**
 * `addStar` (sign 1) and `takeBackStar` (sign -1): the teacher or an assistant gives a student of the
 * course 1 to STAR_STEP_MAX stars with a reason, or takes some back; the entry is written, and the
 * student's page (their user room) and the course's staff are told (`Representation.star`). Refused:
 * students (40003), a uid that is not a student of the course (31401), past STARS_PER_CLASS_TIME for the
 * student in the class in progress or, outside class, in 24 hours (31402), a take-back below zero (31403).
 */
export async function changeStars(ctx: AppContext, user: User, input: StarAwardInput, sign: 1 | -1): Promise<StarChangeAnswer> {
  await authorize(ctx, user, input.courseid, 'teachClass');
  const target = await membership(ctx, input.uid, input.courseid);
  if (target?.role !== 'student') throw fail('starNotStudent');
  const classTimeId = await currentClassTime(ctx, input.courseid);
  return inTransaction(ctx, async (t) => {
    // one change at a time per student, so two quick awards cannot both pass the limit
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`stars:${input.courseid}:${input.uid}`}))`);
    const awarded = await awardedIn(t, input.courseid, input.uid, classTimeId);
    const total = await totalOf(t, input.courseid, input.uid);
    if (sign > 0 && awarded + input.stars > STARS_PER_CLASS_TIME) throw fail('starLimit');
    if (sign < 0 && total - input.stars < 0) throw fail('starNothingToTake');
    const [row] = await t.db
      .insert(courseStars)
      .values({
        courseId: input.courseid,
        userId: input.uid,
        classTimeId: classTimeId ?? null,
        stars: sign * input.stars,
        reason: input.reason,
        givenBy: user.id,
      })
      .returning();
    const nowAwarded = awarded + sign * input.stars;
    const answer: StarChangeAnswer = {
      courseid: input.courseid,
      uid: input.uid,
      total: total + sign * input.stars,
      awarded: nowAwarded,
      left: Math.max(STARS_PER_CLASS_TIME - nowAwarded, 0),
      entry: presentEntry(row!, user.username),
    };
    await t.realtime.publish(rooms.user(input.uid), STAR_EVENT, answer);
    await t.realtime.publish(rooms.courseStaff(input.courseid), STAR_EVENT, answer);
    return answer;
  });
}

/**
 * `starLog`: a student's stars and their entries, newest first, STAR_LOG_PAGE_SIZE a page. A student
 * reads only their own (another uid: 40003); the teacher and assistants name a student of the course
 * (missing: a refusal naming `uid`; not a student: 31401).
 */
export async function starLog(ctx: AppContext, user: User, input: StarLogInput) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  let uid = user.id;
  if (m.role === 'student') {
    if (input.uid && input.uid !== user.id) throw fail('forbidden');
  } else {
    if (!input.uid) throw badField('validation.starStudent', ['uid']);
    const target = await membership(ctx, input.uid, input.courseid);
    if (target?.role !== 'student') throw fail('starNotStudent');
    uid = input.uid;
  }
  const [student] = await ctx.db.select({ username: users.username, avatar: users.avatar }).from(users).where(eq(users.id, uid));
  const mine = and(eq(courseStars.courseId, input.courseid), eq(courseStars.userId, uid));
  const [agg] = await ctx.db.select({ total: sum, n: count() }).from(courseStars).where(mine);
  const giver = alias(users, 'giver');
  const rows = await ctx.db
    .select({ s: courseStars, name: giver.username })
    .from(courseStars)
    .innerJoin(giver, eq(giver.id, courseStars.givenBy))
    .where(mine)
    .orderBy(desc(courseStars.id))
    .limit(STAR_LOG_PAGE_SIZE)
    .offset((input.page - 1) * STAR_LOG_PAGE_SIZE);
  return {
    courseid: input.courseid,
    uid,
    username: student?.username ?? '',
    avatar: student?.avatar ?? '',
    total: agg?.total ?? 0,
    page: input.page,
    pageSize: STAR_LOG_PAGE_SIZE,
    count: agg?.n ?? 0,
    list: rows.map((r) => presentEntry(r.s, r.name)),
  };
}

/**
 * `performanceStatistics`: every student of the course with their stars, most first (then by name),
 * ranked, and what each was given in the class in progress. The teacher and assistants only (40003).
 */
export async function starStatistics(ctx: AppContext, user: User, courseId: number): Promise<StarStatisticsAnswer> {
  await authorize(ctx, user, courseId, 'teachClass');
  const classTimeId = (await currentClassTime(ctx, courseId)) ?? 0;
  const totals = ctx.db
    .select({
      userId: courseStars.userId,
      total: sql<number>`sum(${courseStars.stars})::int`.as('total'),
      inclass:
        sql<number>`coalesce(sum(${courseStars.stars}) filter (where ${courseStars.classTimeId} = ${classTimeId}), 0)::int`.as(
          'inclass',
        ),
    })
    .from(courseStars)
    .where(eq(courseStars.courseId, courseId))
    .groupBy(courseStars.userId)
    .as('totals');
  const rows = await ctx.db
    .select({
      uid: users.id,
      username: users.username,
      avatar: users.avatar,
      stno: users.stno,
      total: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number),
      inclass: sql<number>`coalesce(${totals.inclass}, 0)`.mapWith(Number),
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(totals, eq(totals.userId, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')))
    .orderBy(sql`coalesce(${totals.total}, 0) desc`, asc(users.username), asc(users.id));
  let rank = 0;
  let previous = Number.NaN;
  const list = rows.map((r, i) => {
    if (r.total !== previous) rank = i + 1;
    previous = r.total;
    return { ...r, rank };
  });
  return {
    courseid: courseId,
    classtimeid: classTimeId,
    total: list.reduce((n, r) => n + r.total, 0),
    limit: STARS_PER_CLASS_TIME,
    stepmax: STAR_STEP_MAX,
    list,
  };
}
