import {
  BARRAGE_INTERVAL_MS,
  BARRAGE_LIST_LIMIT,
  BARRAGE_PER_CLASS_TIME,
  BARRAGE_TEXT_MAX,
  BARRAGE_VIP_USES_FREE,
  BARRAGE_VIP_USES_VIP,
  type BarrageDeleteInput,
  type BarrageItem,
  type BarrageListInput,
  type BarrageSendInput,
  type BarrageSwitchInput,
} from '@paiclass/shared';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { barrageMessages, barrageSwitches, classTimes, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { maxAge } from '../classtime/state';
import { authorize, type Membership } from '../courses/courses.queries';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The course's class time in progress (one not ended and younger than CLASS_TIME_MAX_HOURS), if any. */
export async function currentClassTime(ctx: AppContext, courseId: number) {
  const [ct] = await ctx.db
    .select({ id: classTimes.id })
    .from(classTimes)
    .where(and(eq(classTimes.courseId, courseId), isNull(classTimes.endedAt), sql`${classTimes.startedAt} > now() - ${maxAge}`));
  return ct?.id;
}

/** The class time in progress, or 31201. */
export async function requireClassTime(ctx: AppContext, courseId: number) {
  const id = await currentClassTime(ctx, courseId);
  if (!id) throw fail('barrageNotInClass');
  return id;
}

const isStaff = (m: Membership) => m.role === 'owner' || m.role === 'assistant';

async function switchOf(ctx: AppContext, classTimeId: number) {
  const [row] = await ctx.db
    .select({ enabled: barrageSwitches.enabled })
    .from(barrageSwitches)
    .where(eq(barrageSwitches.classTimeId, classTimeId));
  return row?.enabled ? (1 as const) : (0 as const);
}

const vipAllowance = (user: Pick<User, 'isvip'>) => (user.isvip > 0 ? BARRAGE_VIP_USES_VIP : BARRAGE_VIP_USES_FREE);

/** What the student has sent in the class time: all comments, VIP ones, and the latest's time (deleted ones count). */
async function usage(ctx: AppContext, classTimeId: number, userId: number) {
  const [row] = await ctx.db
    .select({
      sent: count(),
      vip: sql<number>`count(*) filter (where ${barrageMessages.vip})`.mapWith(Number),
      last: sql<Date | null>`max(${barrageMessages.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(barrageMessages)
    .where(and(eq(barrageMessages.classTimeId, classTimeId), eq(barrageMessages.userId, userId)));
  return { sent: row?.sent ?? 0, vip: row?.vip ?? 0, last: row?.last ?? null };
}

function vipCount(user: Pick<User, 'isvip'>, used: number) {
  const total = vipAllowance(user);
  return { used, total, left: Math.max(total - used, 0) };
}

/** `getConfig`: the class in progress (0 when none), its switch, the limits and what the caller used. Members only. */
export async function barrageConfig(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const classTimeId = (await currentClassTime(ctx, courseId)) ?? 0;
  const used = classTimeId ? await usage(ctx, classTimeId, user.id) : { sent: 0, vip: 0 };
  return {
    classtimeid: classTimeId,
    status: classTimeId ? await switchOf(ctx, classTimeId) : (0 as const),
    maxlength: BARRAGE_TEXT_MAX,
    interval: BARRAGE_INTERVAL_MS,
    limit: BARRAGE_PER_CLASS_TIME,
    sent: used.sent,
    vip: vipCount(user, used.vip),
  };
}

/** `getVIPBarrageUseCount`: the VIP effect's uses of the caller in the class in progress (all left when not in class). */
export async function vipUseCount(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const classTimeId = await currentClassTime(ctx, courseId);
  return vipCount(user, classTimeId ? (await usage(ctx, classTimeId, user.id)).vip : 0);
}

/**
 * `lists`: a class time's bullet comments, oldest first, the newest BARRAGE_LIST_LIMIT, without those a
 * teacher deleted; after `lastid` when given. The class in progress unless `classtimeid` names one of
 * the course's. Members only; not in class and none named: an empty list.
 */
export async function listBarrage(ctx: AppContext, user: User, input: BarrageListInput) {
  await authorize(ctx, user, input.courseid, 'view');
  let classTimeId = 0;
  if (input.classtimeid) {
    const [ct] = await ctx.db
      .select({ id: classTimes.id })
      .from(classTimes)
      .where(and(eq(classTimes.id, input.classtimeid), eq(classTimes.courseId, input.courseid)));
    if (!ct) throw fail('notFound');
    classTimeId = ct.id;
  } else classTimeId = (await currentClassTime(ctx, input.courseid)) ?? 0;
  if (!classTimeId) return { classtimeid: 0, status: 0 as const, list: [] };
  const rows = await ctx.db
    .select({ m: barrageMessages, username: users.username })
    .from(barrageMessages)
    .innerJoin(users, eq(users.id, barrageMessages.userId))
    .where(
      and(
        eq(barrageMessages.classTimeId, classTimeId),
        isNull(barrageMessages.deletedAt),
        input.lastid ? gt(barrageMessages.id, input.lastid) : undefined,
      ),
    )
    .orderBy(desc(barrageMessages.id))
    .limit(BARRAGE_LIST_LIMIT);
  return {
    classtimeid: classTimeId,
    status: await switchOf(ctx, classTimeId),
    list: rows.reverse().map((r) => present(r.m, r.username)),
  };
}

function present(m: typeof barrageMessages.$inferSelect, username: string): BarrageItem {
  return {
    id: m.id,
    courseid: m.courseId,
    classtimeid: m.classTimeId,
    uid: m.userId,
    username,
    content: m.content,
    vip: m.vip ? 1 : 0,
    create_time: seconds(m.createdAt),
  };
}

/**
 * `sendBarrage` and the socket command `Barrage.send`: a student's bullet comment in the class in
 * progress, fanned out to everyone with the course open (`Barrage.new`). Refused when not in class
 * (31201), when the switch is off (31202), to the teacher and assistants (31207), sooner than
 * BARRAGE_INTERVAL_MS after the student's last one (31203), past BARRAGE_PER_CLASS_TIME (31204), and
 * with the VIP effect past its uses (31205). The text arrives cleaned to plain text by the schema.
 */
export async function sendBarrage(ctx: AppContext, user: User, input: BarrageSendInput) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  if (m.role !== 'student') throw fail('barrageStudentsOnly');
  const classTimeId = await requireClassTime(ctx, input.courseid);
  const item = await inTransaction(ctx, async (t) => {
    // one comment at a time per student and class time, so two quick sends cannot both pass the limits
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`barrage:${classTimeId}:${user.id}`}))`);
    if (!(await switchOf(t, classTimeId))) throw fail('barrageOff');
    const used = await usage(t, classTimeId, user.id);
    if (used.last && Date.now() - used.last.getTime() < BARRAGE_INTERVAL_MS) throw fail('barrageTooFast');
    if (used.sent >= BARRAGE_PER_CLASS_TIME) throw fail('barrageCountUsedUp');
    if (input.vip && used.vip >= vipAllowance(user)) throw fail('barrageVipUsedUp');
    const [row] = await t.db
      .insert(barrageMessages)
      .values({ classTimeId, courseId: input.courseid, userId: user.id, content: input.content, vip: input.vip === 1 })
      .returning();
    const answer = present(row!, user.username);
    await t.realtime.publish(rooms.course(input.courseid), 'Barrage.new', answer);
    return answer;
  });
  return item;
}

/**
 * `setStatus` (ours): the teacher or an assistant switches barrage on or off for the class in
 * progress; pushed to everyone with the course open (`Barrage.switch`). Students: 40003.
 */
export async function setBarrageSwitch(ctx: AppContext, user: User, input: BarrageSwitchInput) {
  await authorize(ctx, user, input.courseid, 'teachClass');
  const classTimeId = await requireClassTime(ctx, input.courseid);
  const enabled = input.status === 1;
  await ctx.db
    .insert(barrageSwitches)
    .values({ classTimeId, enabled, changedBy: user.id })
    .onConflictDoUpdate({ target: barrageSwitches.classTimeId, set: { enabled, changedBy: user.id, changedAt: new Date() } });
  const answer = { courseid: input.courseid, classtimeid: classTimeId, status: input.status as 0 | 1 };
  await ctx.realtime.publish(rooms.course(input.courseid), 'Barrage.switch', answer);
  return answer;
}

/**
 * `delBarrage` (ours): the teacher or an assistant removes a comment of the course; it leaves every
 * screen (`Barrage.deleted`) and the list, and still counts toward its sender's limits. Deleting again changes nothing.
 */
export async function deleteBarrage(ctx: AppContext, user: User, input: BarrageDeleteInput) {
  await authorize(ctx, user, input.courseid, 'teachClass');
  const [row] = await ctx.db
    .update(barrageMessages)
    .set({ deletedAt: new Date(), deletedBy: user.id })
    .where(and(eq(barrageMessages.id, input.id), eq(barrageMessages.courseId, input.courseid), isNull(barrageMessages.deletedAt)))
    .returning({ id: barrageMessages.id, classTimeId: barrageMessages.classTimeId });
  if (row)
    await ctx.realtime.publish(rooms.course(input.courseid), 'Barrage.deleted', {
      id: row.id,
      classtimeid: row.classTimeId,
      courseid: input.courseid,
    });
  else {
    const [exists] = await ctx.db
      .select({ id: barrageMessages.id })
      .from(barrageMessages)
      .where(and(eq(barrageMessages.id, input.id), eq(barrageMessages.courseId, input.courseid)));
    if (!exists) throw fail('notFound');
  }
  return { id: input.id };
}

export { isStaff };
