import { randomInt } from 'node:crypto';
import {
  RACE_COLLECT_MS,
  RACE_OPEN_SECONDS,
  RACE_PONG_SLACK_MS,
  RACE_RTT_CAP_MS,
  RACE_TIE_MS,
  type RaceAnswer,
} from '@paiclass/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { raceEntries, races, realtimeEvents, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import type { SocketCaller } from '../../realtime/commands';
import { rooms } from '../../realtime/rooms';
import { authorize } from '../courses/courses.queries';
import { currentClassTime, requireClassTime } from './barrage.service';

type Race = typeof races.$inferSelect;

/**
 * The timers of one app instance: a race's draw when its collection window ends, and its closing when
 * nobody pressed. They are only a nudge: every read and press settles a race that is due, so a race
 * whose instance went away is still decided (decision 021).
 */
export class RaceTimers {
  private timers = new Map<string, NodeJS.Timeout>();
  constructor(readonly log: FastifyBaseLogger) {}

  at(ctx: AppContext, raceId: number, when: number) {
    const key = `${raceId}:${when}`;
    if (this.timers.has(key)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        settleRace(ctx, this, raceId).catch((err) => this.log.warn({ err, raceId }, 'race settle failed'));
      },
      Math.max(when - Date.now(), 0) + 5,
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  clear() {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

/**
 * How a press is timed: by the socket (corrected reaction) or over HTTP, from when the whole request
 * had arrived (its body complete: a client cannot stamp a press by sending its headers early).
 */
export type PressTiming = { via: 'socket'; caller: SocketCaller } | { via: 'http'; arrivedAt: number };

/** A press as ranked: its reaction (ms, never below 0), the round trip it was corrected by, whether its pongs were slowed. */
export interface PressMeasure {
  reactionMs: number;
  rttMs: number | null;
  pongSlowed: boolean;
}

/**
 * The fairness rule of a press (decision 021), on plain numbers. `startAt` is the race's start as this
 * caller was sent it (the socket's write of the start event; else the race's start), `arrivedAt` when
 * the press was complete, `rttMs` the socket's measured round trip (none over HTTP). A press complete
 * before `startAt` ranks nowhere (undefined: refused as "no race open"). The round trip taken off is at
 * most RACE_RTT_CAP_MS and at most the press's own time since the start — the start went out and the
 * press came back on that same socket, so its real round trip cannot be longer. Pongs slower than that
 * by more than RACE_PONG_SLACK_MS are slowed on purpose: flagged, and the press gets no correction at all.
 */
export function timePress(p: { arrivedAt: number; startAt: number; rttMs?: number }): PressMeasure | undefined {
  const elapsed = p.arrivedAt - p.startAt;
  if (!(elapsed >= 0)) return undefined;
  if (p.rttMs === undefined || !Number.isFinite(p.rttMs))
    return { reactionMs: Math.round(elapsed), rttMs: null, pongSlowed: false };
  const measured = Math.max(p.rttMs, 0);
  const pongSlowed = measured > elapsed + RACE_PONG_SLACK_MS;
  const correction = pongSlowed ? 0 : Math.min(measured, RACE_RTT_CAP_MS, elapsed);
  return { reactionMs: Math.max(Math.round(elapsed - correction), 0), rttMs: Math.round(correction), pongSlowed };
}

/**
 * A press of this race as ranked (`timePress`). On the socket: from when this socket was sent the
 * start event, less its bounded round trip. A socket that was not sent the start (it opened the course
 * later), and HTTP presses: the time from the race's start to the press's arrival, uncorrected.
 */
export function measurePress(timing: PressTiming, race: Pick<Race, 'startedAt'>, startSeq: number | undefined) {
  const startedAt = race.startedAt.getTime();
  if (timing.via === 'http') return timePress({ arrivedAt: timing.arrivedAt, startAt: startedAt });
  const { caller } = timing;
  const sent = startSeq === undefined ? undefined : caller.sentAt(startSeq);
  if (sent === undefined) return timePress({ arrivedAt: caller.receivedAt, startAt: startedAt });
  return timePress({ arrivedAt: caller.receivedAt, startAt: sent, rttMs: caller.rttMs() });
}

/** Draws the winner among entries: the smallest reaction; those within RACE_TIE_MS of it are a tie, settled by `crypto.randomInt`. */
export function drawWinner(entries: { userId: number; reactionMs: number }[], pick: (n: number) => number = randomInt) {
  if (entries.length === 0) return undefined;
  const best = Math.min(...entries.map((e) => e.reactionMs));
  const tied = entries.filter((e) => e.reactionMs <= best + RACE_TIE_MS).sort((a, b) => a.userId - b.userId);
  return tied[pick(tied.length)]!;
}

/** the `seq` of the race's start event, as stored by the hub (the race row keeps it once known) */
async function startSeqOf(ctx: AppContext, race: Race) {
  if (race.startSeq) return race.startSeq;
  const [e] = await ctx.db
    .select({ seq: realtimeEvents.id })
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.room, rooms.course(race.courseId)),
        eq(realtimeEvents.cmd, 'Tools.raceStart'),
        sql`(${realtimeEvents.data}->>'raceid')::int = ${race.id}`,
      ),
    )
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return e?.seq;
}

async function presentRace(ctx: AppContext, race: Race): Promise<RaceAnswer> {
  const [starter] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, race.startedBy));
  const [n] = await ctx.db.select({ n: count() }).from(raceEntries).where(eq(raceEntries.raceId, race.id));
  const [winner] = race.winnerId
    ? await ctx.db
        .select({ uid: users.id, username: users.username, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, race.winnerId))
    : [];
  return {
    raceid: race.id,
    courseid: race.courseId,
    classtimeid: race.classTimeId,
    status: race.closedAt ? 2 : 1,
    starttime: race.startedAt.getTime(),
    username: starter?.username ?? '',
    entrants: n?.n ?? 0,
    winner: winner ?? null,
  };
}

/**
 * Decides a race whose collection window has ended, or closes one nobody pressed within
 * RACE_OPEN_SECONDS; announces the result (`Tools.raceResult`) once. Anything else: nothing.
 * Any instance may call it; the row lock makes the draw happen once.
 */
export async function settleRace(ctx: AppContext, timers: RaceTimers, raceId: number, force = false) {
  const now = Date.now();
  const decided = await inTransaction(ctx, async (t) => {
    const [race] = await t.db
      .select()
      .from(races)
      .where(and(eq(races.id, raceId), isNull(races.closedAt)))
      .for('update');
    if (!race) return undefined;
    const due = race.decideAt ? race.decideAt.getTime() <= now : race.startedAt.getTime() + RACE_OPEN_SECONDS * 1000 <= now;
    if (!due && !force) {
      if (race.decideAt) timers.at(ctx, race.id, race.decideAt.getTime());
      return undefined;
    }
    const entries = await t.db
      .select({ userId: raceEntries.userId, reactionMs: raceEntries.reactionMs })
      .from(raceEntries)
      .where(eq(raceEntries.raceId, race.id));
    const winner = drawWinner(entries);
    const [closed] = await t.db
      .update(races)
      .set({ closedAt: new Date(now), winnerId: winner?.userId ?? null, winnerReactionMs: winner?.reactionMs ?? null })
      .where(eq(races.id, race.id))
      .returning();
    const answer = await presentRace(t, closed!);
    await t.realtime.publish(rooms.course(race.courseId), 'Tools.raceResult', answer);
    return answer;
  });
  return decided;
}

/** Settles the class time's open race if it is due; returns the open one left, if any. */
async function openRace(ctx: AppContext, timers: RaceTimers, classTimeId: number) {
  const [open] = await ctx.db
    .select()
    .from(races)
    .where(and(eq(races.classTimeId, classTimeId), isNull(races.closedAt)));
  if (!open) return undefined;
  await settleRace(ctx, timers, open.id);
  const [still] = await ctx.db
    .select()
    .from(races)
    .where(and(eq(races.id, open.id), isNull(races.closedAt)));
  return still;
}

/**
 * `startRace` (ours): the teacher or an assistant starts a grab-answer in the class in progress; every
 * socket with the course open is told (`Tools.raceStart`, whose `seq` times the presses). Refused when
 * not in class (31201) or while another race of the class is open (31210); students 40003.
 */
export async function startRace(ctx: AppContext, timers: RaceTimers, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const classTimeId = await requireClassTime(ctx, courseId);
  if (await openRace(ctx, timers, classTimeId)) throw fail('raceOpen');
  const [race] = await ctx.db
    .insert(races)
    // this instance's clock, as every press's arrival is (a database's clock may differ)
    .values({ classTimeId, courseId, startedBy: user.id, startedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!race) throw fail('raceOpen');
  const answer = await presentRace(ctx, race);
  await ctx.realtime.publish(rooms.course(courseId), 'Tools.raceStart', answer);
  const seq = await startSeqOf(ctx, race);
  if (seq) await ctx.db.update(races).set({ startSeq: seq }).where(eq(races.id, race.id));
  timers.at(ctx, race.id, race.startedAt.getTime() + RACE_OPEN_SECONDS * 1000);
  return answer;
}

/**
 * `closeRace` (ours): the teacher ends the open race now: drawn among the presses so far, or closed
 * without a winner. Nothing open: 31208.
 */
export async function closeRace(ctx: AppContext, timers: RaceTimers, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const classTimeId = await requireClassTime(ctx, courseId);
  const open = await openRace(ctx, timers, classTimeId);
  if (!open) throw fail('raceNone');
  const answer = await settleRace(ctx, timers, open.id, true);
  if (!answer) throw fail('raceNone');
  return answer;
}

/**
 * `joinRace` and the socket command `Tools.joinRace`: a student's press in the open race of the class
 * in progress. The first press counts (its reaction stored, `reactionOf`; the staff room is told the
 * number of presses, `Tools.racePress`); a second changes nothing.
 * The first press of the race opens its collection window (RACE_COLLECT_MS); a press after it, or
 * after the race closed, is refused (31209); no race (31208); not in class (31201); the teacher and
 * assistants (31207); strangers (30202).
 */
export async function joinRace(
  ctx: AppContext,
  timers: RaceTimers,
  user: User,
  courseId: number,
  raceId: number,
  timing: PressTiming,
) {
  const m = await authorize(ctx, user, courseId, 'view');
  if (m.role !== 'student') throw fail('barrageStudentsOnly');
  const classTimeId = await requireClassTime(ctx, courseId);
  const arrived = timing.via === 'http' ? timing.arrivedAt : timing.caller.receivedAt;
  const result = await inTransaction(ctx, async (t) => {
    const [race] = await t.db
      .select()
      .from(races)
      .where(and(eq(races.classTimeId, classTimeId), isNull(races.closedAt)))
      .for('update');
    if (!race || (raceId && race.id !== raceId)) {
      const [last] = await t.db
        .select({ id: races.id })
        .from(races)
        .where(and(eq(races.classTimeId, classTimeId), raceId ? eq(races.id, raceId) : undefined))
        .limit(1);
      throw fail(last ? 'raceClosed' : 'raceNone');
    }
    if (race.decideAt && race.decideAt.getTime() < arrived) throw fail('raceClosed');
    const measured = measurePress(timing, race, (await startSeqOf(t, race)) ?? undefined);
    // complete before the start reached this caller: pressed while no race was open
    if (!measured) throw fail('raceNone');
    if (measured.pongSlowed)
      timers.log.warn({ raceId: race.id, userId: user.id }, 'race press from a socket whose pongs are slowed');
    const [entry] = await t.db
      .insert(raceEntries)
      .values({
        raceId: race.id,
        userId: user.id,
        reactionMs: measured.reactionMs,
        via: timing.via,
        rttMs: measured.rttMs,
        pongSlowed: measured.pongSlowed,
      })
      .onConflictDoNothing()
      .returning({ raceId: raceEntries.raceId });
    let decideAt = race.decideAt;
    if (entry && !decideAt) {
      decideAt = new Date(arrived + RACE_COLLECT_MS);
      await t.db.update(races).set({ decideAt }).where(eq(races.id, race.id));
    }
    return { raceid: race.id, counted: entry ? (1 as const) : (0 as const), decideAt };
  });
  if (result.decideAt) timers.at(ctx, result.raceid, result.decideAt.getTime());
  if (result.counted) {
    // the teacher sees the presses come in; students are not told who pressed before the result
    const [n] = await ctx.db.select({ n: count() }).from(raceEntries).where(eq(raceEntries.raceId, result.raceid));
    await ctx.realtime.publish(rooms.courseStaff(courseId), 'Tools.racePress', {
      raceid: result.raceid,
      courseid: courseId,
      entrants: n?.n ?? 0,
    });
  }
  return { raceid: result.raceid, counted: result.counted };
}

/**
 * `getStudentCurrentRace`: the open race of the class in progress (settled first if due), else the
 * last one of the class; `joined` says whether the caller pressed. Members only; not in class: none.
 * What the course page asks on entering (spec 2 §8: "the teacher has started grab-answer, go to class?").
 */
export async function currentRace(ctx: AppContext, timers: RaceTimers, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const classTimeId = await currentClassTime(ctx, courseId);
  if (!classTimeId) return { race: null, joined: 0 as const };
  const race =
    (await openRace(ctx, timers, classTimeId)) ??
    (await ctx.db.select().from(races).where(eq(races.classTimeId, classTimeId)).orderBy(desc(races.id)).limit(1))[0];
  if (!race) return { race: null, joined: 0 as const };
  const [mine] = await ctx.db
    .select({ userId: raceEntries.userId })
    .from(raceEntries)
    .where(and(eq(raceEntries.raceId, race.id), eq(raceEntries.userId, user.id)));
  return { race: await presentRace(ctx, race), joined: mine ? (1 as const) : (0 as const) };
}
