import {
  MEETING_MAX_PEOPLE,
  MEETING_ROOMS,
  type MeetingIceAnswer,
  type MeetingRecordAnswer,
  type MeetingRoomsAnswer,
} from '@paiclass/shared';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { courses, meetingPresences, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { closedToStudent } from '../courses/courses.policy';
import { membership } from '../courses/courses.queries';
import { TURN_CREDENTIAL_SECONDS, turnCredential } from './turn-server';

/**
 * The built-in small meeting (decision 041): rooms 1–9 of each course, at most MEETING_MAX_PEOPLE in
 * each. A person is a member of a room while their presence row is open (`leftAt` null) and was seen
 * within the last three heartbeats of their socket's instance (an instance that died leaves rows that
 * stop counting by themselves). Presences are written by the classroom socket (realtime/meeting.ts);
 * the calls here read them.
 */

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The condition of a presence that still counts: open and seen within `staleMs`. */
export const livePresence = (staleMs: number) =>
  and(isNull(meetingPresences.leftAt), gt(meetingPresences.seenAt, sql`now() - ${`${staleMs} milliseconds`}::interval`));

export const presenceStaleMs = (ctx: AppContext) => 3 * ctx.config.wsHeartbeatMs;

/** The caller's course role, refused unless they may use the course now (not a member, deleted, closed to students). */
async function courseMember(ctx: AppContext, userId: number, courseId: number) {
  const m = await membership(ctx, userId, courseId);
  if (!m) throw fail('courseGone');
  if (closedToStudent(m.role, m.course)) throw fail('courseClosed');
  return m;
}

/**
 * Enters the room: refused for a non-member of the course and when MEETING_MAX_PEOPLE are in it. The
 * count and the insert are serialised per course (the course row locked), so the 9th of nine joining
 * at once is refused on any instance.
 */
export async function enterRoom(ctx: AppContext, user: User, courseId: number, room: number) {
  await courseMember(ctx, user.id, courseId);
  return inTransaction(ctx, async (tx) => {
    await tx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    const [{ n }] = (await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(meetingPresences)
      .where(
        and(eq(meetingPresences.courseId, courseId), eq(meetingPresences.room, room), livePresence(presenceStaleMs(ctx))),
      )) as [{ n: number }];
    if (n >= MEETING_MAX_PEOPLE) throw fail('meetingFull', { max: MEETING_MAX_PEOPLE });
    const [row] = await tx.db
      .insert(meetingPresences)
      .values({ courseId, room, userId: user.id })
      .returning({ id: meetingPresences.id, joinedAt: meetingPresences.joinedAt });
    return row!;
  });
}

/** Leaves: the presence is closed (once; a second leave changes nothing). */
export async function leaveRoom(ctx: AppContext, presenceId: number) {
  await ctx.db
    .update(meetingPresences)
    .set({ leftAt: sql`now()` })
    .where(and(eq(meetingPresences.id, presenceId), isNull(meetingPresences.leftAt)));
}

/** The instance's open presences are still there (each heartbeat). */
export async function touchPresences(ctx: AppContext, ids: number[]) {
  if (ids.length === 0) return;
  await ctx.db
    .update(meetingPresences)
    .set({ seenAt: sql`now()` })
    .where(and(inArray(meetingPresences.id, ids), isNull(meetingPresences.leftAt)));
}

/** Whether presence `id` is a live member of this course's room: who a signal may be sent to. */
export async function inSameRoom(ctx: AppContext, id: number, courseId: number, room: number) {
  const [row] = await ctx.db
    .select({ id: meetingPresences.id })
    .from(meetingPresences)
    .where(
      and(
        eq(meetingPresences.id, id),
        eq(meetingPresences.courseId, courseId),
        eq(meetingPresences.room, room),
        livePresence(presenceStaleMs(ctx)),
      ),
    );
  return Boolean(row);
}

/** The live members of a room (or of every room of the course), first come first. */
export async function roomPeople(ctx: AppContext, courseId: number, room?: number) {
  return ctx.db
    .select({
      peerId: meetingPresences.id,
      room: meetingPresences.room,
      userId: meetingPresences.userId,
      name: users.username,
      avatar: users.avatar,
      joinedAt: meetingPresences.joinedAt,
    })
    .from(meetingPresences)
    .innerJoin(users, eq(users.id, meetingPresences.userId))
    .where(
      and(
        eq(meetingPresences.courseId, courseId),
        room ? eq(meetingPresences.room, room) : undefined,
        livePresence(presenceStaleMs(ctx)),
      ),
    )
    .orderBy(asc(meetingPresences.id));
}

/** `getMeetingRooms`: the course's rooms and who is in each now, and whether STUN/TURN runs here. */
export async function meetingRooms(ctx: AppContext, user: User, courseId: number): Promise<MeetingRoomsAnswer> {
  const m = await courseMember(ctx, user.id, courseId);
  const people = await roomPeople(ctx, courseId);
  return {
    max: MEETING_MAX_PEOPLE,
    courserole: m.role === 'owner' || m.role === 'assistant' ? 1 : 0,
    rooms: Array.from({ length: MEETING_ROOMS }, (_, i) => ({
      room: i + 1,
      people: people
        .filter((p) => p.room === i + 1)
        .map((p) => ({ peerid: p.peerId, userid: p.userId, name: p.name, avatar: p.avatar, joined: seconds(p.joinedAt) })),
    })),
    turn: { running: ctx.turn.running, missing: ctx.turn.missing, problem: ctx.turn.problem },
  };
}

/**
 * `getMeetingIce`: the ICE servers of a room, with a TURN credential valid TURN_CREDENTIAL_SECONDS,
 * for its live members only (refused otherwise, before anything is computed). Without coturn running,
 * no servers: peers on one network still meet through their own addresses.
 */
export async function meetingIce(
  ctx: AppContext,
  user: User,
  courseId: number,
  room: number,
  host: string,
): Promise<MeetingIceAnswer> {
  await courseMember(ctx, user.id, courseId);
  const [mine] = await ctx.db
    .select({ id: meetingPresences.id })
    .from(meetingPresences)
    .where(
      and(
        eq(meetingPresences.userId, user.id),
        eq(meetingPresences.courseId, courseId),
        eq(meetingPresences.room, room),
        livePresence(presenceStaleMs(ctx)),
      ),
    )
    .limit(1);
  if (!mine) throw new AppError('notInMeeting', 'errors.notInMeeting', {}, 403);
  if (!ctx.turn.running) return { iceServers: [], ttl: 0, turn: 0 };
  const { username, credential } = turnCredential(ctx.secret, user.id);
  const where = ctx.config.turnHost ?? `${host.replace(/^\[|\]?(:\d+)?$/g, '') || '127.0.0.1'}:${ctx.config.turnPort}`;
  return {
    iceServers: [
      { urls: [`stun:${where}`] },
      { urls: [`turn:${where}?transport=udp`, `turn:${where}?transport=tcp`], username, credential },
    ],
    ttl: TURN_CREDENTIAL_SECONDS,
    turn: 1,
  };
}

/**
 * `getMeetingRecord`: who was in the course's rooms and for how long, newest first (teachers and
 * assistants). A presence whose socket's instance died ends when it was last seen.
 */
export async function meetingRecord(
  ctx: AppContext,
  user: User,
  courseId: number,
  room: number | undefined,
  page: number,
): Promise<MeetingRecordAnswer> {
  const m = await courseMember(ctx, user.id, courseId);
  if (m.role !== 'owner' && m.role !== 'assistant') throw fail('forbidden');
  const size = 50;
  const where = and(eq(meetingPresences.courseId, courseId), room ? eq(meetingPresences.room, room) : undefined);
  const stale = presenceStaleMs(ctx);
  const [rows, [{ total }]] = (await Promise.all([
    ctx.db
      .select({
        id: meetingPresences.id,
        room: meetingPresences.room,
        userId: meetingPresences.userId,
        name: users.username,
        joinedAt: meetingPresences.joinedAt,
        leftAt: meetingPresences.leftAt,
        seenAt: meetingPresences.seenAt,
        here: sql<boolean>`(${livePresence(stale)})`,
      })
      .from(meetingPresences)
      .innerJoin(users, eq(users.id, meetingPresences.userId))
      .where(where)
      .orderBy(desc(meetingPresences.id))
      .limit(size)
      .offset((page - 1) * size),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(meetingPresences).where(where),
  ])) as [
    {
      id: number;
      room: number;
      userId: number;
      name: string;
      joinedAt: Date;
      leftAt: Date | null;
      seenAt: Date;
      here: boolean;
    }[],
    [{ total: number }],
  ];
  const now = new Date();
  return {
    total,
    page,
    list: rows.map((r) => {
      const end = r.leftAt ?? (r.here ? now : r.seenAt);
      return {
        id: r.id,
        room: r.room,
        userid: r.userId,
        name: r.name,
        joined: seconds(r.joinedAt),
        left: r.leftAt ? seconds(r.leftAt) : r.here ? 0 : seconds(r.seenAt),
        seconds: Math.max(0, Math.round((end.getTime() - r.joinedAt.getTime()) / 1000)),
        here: r.here ? 1 : 0,
      };
    }),
  };
}
