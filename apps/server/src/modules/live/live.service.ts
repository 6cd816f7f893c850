import { randomBytes } from 'node:crypto';
import { CONTENT_TYPES, LIVE_STATES, PUBLISH_STATES } from '@paiclass/shared';
import { and, asc, count, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { barrageMessages, contents, contentWatchLogs, courses, directories, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, fail } from '../../platform/errors';
import { overClass } from '../classtime/classtime.service';
import { managesContent } from '../content/content.policy';
import { courseRole, requireManager } from '../content/content.service';
import {
  hlsPlayUrl,
  hookToken,
  keyClosed,
  liveSettings,
  recordPlayUrl,
  sameToken,
  streamKey,
  verifyStreamKey,
} from './live.policy';
import { liveClassOf } from './live-class.queries';
import { defaultRtmpUrl } from './media-server';
import { readRecordIndex, recordingTime } from './recording';
import { recordVisit, watchStatistics } from './watch.service';

type Item = typeof contents.$inferSelect;
const LIVE_TYPES = [CONTENT_TYPES.live, CONTENT_TYPES.recorded];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const VIEWER_WINDOW_MS = 90_000;

/** Students who reported watching the live in the last 90 seconds (the player reports every 30). */
async function viewersOf(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(contentWatchLogs)
    .where(
      and(
        eq(contentWatchLogs.contentId, id),
        eq(contentWatchLogs.joinedLive, 1),
        gt(contentWatchLogs.lastAt, new Date(Date.now() - VIEWER_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

export async function present(ctx: AppContext, item: Item, manager: boolean) {
  const s = liveSettings(item.settings);
  const onAir = item.contenttype === CONTENT_TYPES.live && s.liveState === LIVE_STATES.live;
  return {
    id: item.id,
    courseid: item.courseId,
    contenttype: item.contenttype,
    title: item.title,
    // spec 2 §4: lives and recordings are fixed at state 3
    state: 3 as const,
    liveState: item.contenttype === CONTENT_TYPES.live ? s.liveState : LIVE_STATES.ended,
    starttime: s.startedAt,
    endtime: s.endedAt,
    courserole: manager ? 1 : 0,
    ...(manager ? { statistics: await watchStatistics(ctx, item) } : {}),
    playUrl: onAir ? hlsPlayUrl(ctx.secret, item.id) : '',
    viewers: onAir ? await viewersOf(ctx, item.id) : 0,
    ingest: {
      running: ctx.media.running,
      missing: ctx.media.missing,
      browser: ctx.media.running && !ctx.media.missing.includes('ffmpeg'),
    },
    ...replayOf(ctx, item),
    shareToken: manager ? s.shareToken : '',
    ...(await liveClassOf(ctx, item)),
  };
}

/** The recording of an ended live (type 21 once it has one), served from the storage by any instance. */
function replayOf(ctx: AppContext, item: Item) {
  const s = liveSettings(item.settings);
  const ended = item.contenttype === CONTENT_TYPES.recorded || s.liveState === LIVE_STATES.ended;
  return ended && s.recordSeconds > 0
    ? { replayUrl: recordPlayUrl(ctx.secret, item.id), duration: s.recordSeconds }
    : { replayUrl: '', duration: 0 };
}

export async function loadLive(ctx: AppContext, courseId: number, id: number, types: number[] = LIVE_TYPES) {
  const [item] = await ctx.db
    .select()
    .from(contents)
    .where(
      and(eq(contents.id, id), eq(contents.courseId, courseId), inArray(contents.contenttype, types), isNull(contents.deletedAt)),
    );
  if (!item) throw fail('notFound');
  return item;
}

/** `addLive`: a teacher's or assistant's live (type 20), published at once, not started until OBS pushes. */
export async function addLive(ctx: AppContext, user: User, input: { courseid: number; title: string; dirid: number }) {
  const m = await requireManager(ctx, user, input.courseid);
  let dirId: number | null = null;
  if (input.dirid) {
    const [dir] = await ctx.db
      .select({ id: directories.id })
      .from(directories)
      .where(and(eq(directories.id, input.dirid), eq(directories.courseId, m.course.id)));
    if (!dir) throw fail('notFound');
    dirId = dir.id;
  }
  const [item] = await ctx.db
    .insert(contents)
    .values({
      courseId: m.course.id,
      authorId: user.id,
      contenttype: CONTENT_TYPES.live,
      title: input.title,
      directoryId: dirId,
      publishState: PUBLISH_STATES.published,
      publishAt: new Date(),
      settings: { liveState: LIVE_STATES.notStarted, startedAt: 0, endedAt: 0 },
    })
    .returning();
  return present(ctx, item!, true);
}

/** `getLiveInfo`: a live or recorded lesson as a member sees it; statistics for teachers and assistants. */
export async function liveInfo(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  return present(ctx, await loadLive(ctx, courseId, id), managesContent(m.role));
}

/** `getLivePushUrl`: the RTMP address and a signed stream key that expires; teachers and assistants of the course only. */
export async function livePushUrl(ctx: AppContext, user: User, courseId: number, id: number, host: string) {
  const m = await requireManager(ctx, user, courseId);
  const item = await loadLive(ctx, m.course.id, id);
  const rtmp = (ctx.config.liveRtmpUrl ?? defaultRtmpUrl(host, ctx.config.liveRtmpPort)).replace(/\/+$/, '');
  const { key, expires } = streamKey(ctx.secret, item.id);
  return { rtmp, stream: key, pushUrl: `${rtmp}/${key}`, expires };
}

/**
 * `watchLiveLog`: a student says they are watching (0 seconds on joining, then the seconds since the
 * last report). Time while the live is on counts as joining the live, afterwards as a replay visit.
 * Teachers and assistants are not counted.
 */
export async function watchLiveLog(ctx: AppContext, user: User, input: { courseid: number; id: number; seconds: number }) {
  const m = await courseRole(ctx, user, input.courseid);
  const item = await loadLive(ctx, input.courseid, input.id);
  if (m.role !== 'student') throw fail('forbidden');
  const s = liveSettings(item.settings);
  if (item.contenttype === CONTENT_TYPES.live && s.liveState === LIVE_STATES.notStarted) throw fail('liveNotStarted');
  const live = item.contenttype === CONTENT_TYPES.live && s.liveState === LIVE_STATES.live;
  const row = await recordVisit(ctx, item.id, user.id, live, input.seconds);
  return { joinLive: row.joinedLive, visited: row.visited, liveSeconds: row.liveSeconds, replaySeconds: row.replaySeconds };
}

/** `getWatchLog`: who joined and for how long; teachers and assistants of the course only. */
export async function watchLog(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await requireManager(ctx, user, courseId);
  const item = await loadLive(ctx, m.course.id, id);
  const rows = await ctx.db
    .select({ log: contentWatchLogs, username: users.username })
    .from(contentWatchLogs)
    .innerJoin(users, eq(users.id, contentWatchLogs.userId))
    .where(eq(contentWatchLogs.contentId, item.id))
    .orderBy(asc(contentWatchLogs.firstAt));
  return {
    list: rows.map(({ log, username }) => ({
      uid: log.userId,
      username,
      joinLive: log.joinedLive,
      visited: log.visited,
      liveSeconds: log.liveSeconds,
      replaySeconds: log.replaySeconds,
      firsttime: Math.floor(log.firstAt.getTime() / 1000),
      lasttime: Math.floor(log.lastAt.getTime() / 1000),
    })),
    statistics: await watchStatistics(ctx, item),
  };
}

/** A refusal nginx-rtmp understands: any answer but 2xx drops the connection. */
const refuse = () => new AppError('forbidden', 'errors.forbidden', {}, 403);

/**
 * nginx-rtmp's `on_publish` and `on_publish_done` (decision 031): the hook token must be this
 * server's, and the stream key one it signed for an existing live (on publish also not expired).
 * Publishing marks the live started (liveState 1) and starts its recording (decision 036); done ends it
 * (2) and keeps the recording: a live with one becomes a recorded lesson (type 21). A republish of the
 * recorded lesson puts it back on the air as a live, its recording continued.
 */
export async function rtmpCallback(ctx: AppContext, event: 'publish' | 'update' | 'done', input: { name: string }, hook: string) {
  if (!sameToken(hook, hookToken(ctx.secret))) throw refuse();
  // nginx's own relay to its HLS application carries the stream as renamed at publish (the live's id,
  // not a key): it lives and ends with the encoder's publish, which its own updates judge. Refusing it
  // would break the HLS stream every 10 s (a discontinuity each time, found by bench:live)
  const relay = event === 'update' && /^\d{1,10}$/.test(input.name);
  // an encoder may go on past its key's expiry once it publishes
  const id = relay ? Number(input.name) : verifyStreamKey(ctx.secret, input.name, event === 'publish' ? nowSeconds() : 0);
  if (!id) throw refuse();
  const [item] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, id), inArray(contents.contenttype, LIVE_TYPES), isNull(contents.deletedAt)));
  if (!item) throw refuse();
  const s = liveSettings(item.settings);
  // ended by the teacher: the encoder is dropped at its next update, and its reconnections refused
  if (event !== 'done' && !relay && keyClosed(s, input.name)) throw refuse();
  if (event === 'update') return { id: item.id, liveState: s.liveState };
  if (event === 'publish') {
    const next = { liveState: LIVE_STATES.live, startedAt: s.startedAt || nowSeconds(), endedAt: 0 };
    await ctx.db
      .update(contents)
      .set({ contenttype: CONTENT_TYPES.live, settings: { ...item.settings, ...next }, updatedAt: new Date() })
      .where(eq(contents.id, item.id));
    await ctx.lives.recorder.start(item.id);
    return { id: item.id, liveState: next.liveState };
  }
  return finishLive(ctx, item);
}

/**
 * The live is off the air: the recording's last segments kept and its playlist written, the browser
 * push of this instance closed, the state ended, and with a recording the item a recorded lesson (21).
 */
async function finishLive(ctx: AppContext, item: Item) {
  ctx.lives.pushes.end(item.id);
  const index = await ctx.lives.recorder.stop(item.id);
  const seconds = Math.round(index.segments.reduce((sum, x) => sum + x.dur, 0) * 1000) / 1000;
  // read again: the stop took a moment, and a second callback (endLive, then nginx's done) may have come
  const [now] = await ctx.db.select().from(contents).where(eq(contents.id, item.id));
  const cur = now ?? item;
  const s = liveSettings(cur.settings);
  const next = {
    liveState: LIVE_STATES.ended,
    endedAt: s.liveState === LIVE_STATES.ended && s.endedAt ? s.endedAt : nowSeconds(),
    recordSeconds: seconds,
    recordSegments: index.segments.length,
  };
  await ctx.db
    .update(contents)
    .set({
      contenttype: seconds > 0 ? CONTENT_TYPES.recorded : cur.contenttype,
      // merged in the database: a `closedAt` written meanwhile by endLive stays
      settings: sql`${contents.settings} || ${JSON.stringify(next)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(contents.id, item.id));
  return { id: item.id, liveState: next.liveState };
}

/** `endLive`: the teacher ends the live (teachers and assistants of the course); an ended live answers as it is. */
export async function endLive(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await requireManager(ctx, user, courseId);
  const item = await loadLive(ctx, m.course.id, id);
  const s = liveSettings(item.settings);
  if (item.contenttype === CONTENT_TYPES.live && s.liveState === LIVE_STATES.notStarted) throw fail('liveNotStarted');
  // first, so that nginx's next update of an encoder (OBS) finds it and drops the encoder (keyClosed)
  await ctx.db
    .update(contents)
    .set({ settings: sql`${contents.settings} || ${JSON.stringify({ closedAt: nowSeconds() })}::jsonb` })
    .where(eq(contents.id, item.id));
  if (s.liveState === LIVE_STATES.live || ctx.lives.recorder.isRecording(item.id)) await finishLive(ctx, item);
  // the class given on the live ends with it (decision 040); a class not given on it goes on
  if ((await liveClassOf(ctx, item)).classtimeid) await overClass(ctx, user, m.course.id);
  return present(ctx, await loadLive(ctx, m.course.id, id), true);
}

/**
 * `getReplayBarrage`: the bullet comments sent to the course while the live was on the air, each placed
 * on the recording's timeline (a comment the teacher deleted is left out). Members of the course.
 */
export async function replayBarrage(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  const item = await loadLive(ctx, m.course.id, id);
  return { list: await replayComments(ctx, item) };
}

async function replayComments(ctx: AppContext, item: Item) {
  const index = await readRecordIndex(ctx.storage, item.id);
  const first = index.segments[0];
  const last = index.segments[index.segments.length - 1];
  if (!first || !last) return [];
  const rows = await ctx.db
    .select({ b: barrageMessages, username: users.username })
    .from(barrageMessages)
    .innerJoin(users, eq(users.id, barrageMessages.userId))
    .where(
      and(
        eq(barrageMessages.courseId, item.courseId),
        isNull(barrageMessages.deletedAt),
        gte(barrageMessages.createdAt, new Date(first.start)),
        lte(barrageMessages.createdAt, new Date(last.start + last.dur * 1000)),
      ),
    )
    .orderBy(asc(barrageMessages.createdAt))
    .limit(2000);
  const list = [];
  for (const { b, username } of rows) {
    const at = recordingTime(index, b.createdAt.getTime());
    if (at === null) continue;
    list.push({
      id: b.id,
      courseid: b.courseId,
      classtimeid: b.classTimeId,
      uid: b.userId,
      username,
      content: b.content,
      vip: (b.vip ? 1 : 0) as 0 | 1,
      create_time: Math.floor(b.createdAt.getTime() / 1000),
      at: Math.round(at * 10) / 10,
    });
  }
  return list;
}

/** `setLiveShare`: the teacher's switch of the share link; on, a new unguessable token; off, the old link refused. */
export async function setLiveShare(ctx: AppContext, user: User, input: { courseid: number; id: number; share: number }) {
  const m = await requireManager(ctx, user, input.courseid);
  const item = await loadLive(ctx, m.course.id, input.id);
  const s = liveSettings(item.settings);
  const shareToken = input.share ? s.shareToken || randomBytes(16).toString('base64url') : '';
  await ctx.db
    .update(contents)
    .set({ settings: { ...item.settings, shareToken }, updatedAt: new Date() })
    .where(eq(contents.id, item.id));
  return present(ctx, await loadLive(ctx, m.course.id, input.id), true);
}

/** `getSharedLive` (`/ShareLive`, no login): the live a share link names while the teacher shares it; read-only. */
export async function sharedLive(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ item: contents, coursename: courses.coursename })
    .from(contents)
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .where(
      and(
        inArray(contents.contenttype, LIVE_TYPES),
        isNull(contents.deletedAt),
        eq(sql`${contents.settings}->>'shareToken'`, token),
      ),
    );
  if (!row || !sameToken(liveSettings(row.item.settings).shareToken, token)) throw fail('liveShareOff');
  const { item } = row;
  const s = liveSettings(item.settings);
  const onAir = item.contenttype === CONTENT_TYPES.live && s.liveState === LIVE_STATES.live;
  return {
    id: item.id,
    contenttype: item.contenttype,
    title: item.title,
    coursename: row.coursename,
    liveState: item.contenttype === CONTENT_TYPES.live ? s.liveState : LIVE_STATES.ended,
    starttime: s.startedAt,
    endtime: s.endedAt,
    playUrl: onAir ? hlsPlayUrl(ctx.secret, item.id) : '',
    ...replayOf(ctx, item),
  };
}
