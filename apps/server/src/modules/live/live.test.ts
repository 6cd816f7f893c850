import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, newAddress, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { contents, contentWatchLogs } from '../../db/schema';
import { hookToken, streamKey, verifyStreamKey } from './live.policy';

/**
 * Issue 26, lives as content (types 20 and 21 fixed at state 3), the push address with its signed,
 * expiring stream key, nginx-rtmp's `on_publish` / `on_publish_done` called over HTTP as nginx-rtmp
 * calls them (form-encoded, the hook token in the URL), the watch log and its statistics, and the
 * course list's live label (spec 1 §4 type 1, `liveState`).
 */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

type Person = { token: string; uid: number; mobile: string };

async function ok(url: string, body: Record<string, unknown>, who: Person) {
  const res = await call(app, url, body, { token: who.token });
  if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

async function setup() {
  const teacher = await newTeacher(app);
  const stranger = await newTeacher(app);
  const course = await newCourse(app, teacher.token, { coursename: '直播课' });
  const student = await registerUser(app, { username: '赵同学' });
  const second = await registerUser(app, { username: '钱同学' });
  for (const s of [student, second]) await ok('/CourseApi/joinCourse', { code: course.code }, s);
  const live = await ok('/Live/LiveApi/addLive', { courseid: course.id, title: '第一次直播' }, teacher);
  return { teacher, stranger, student, second, course, live };
}

/** What nginx-rtmp sends: a form-encoded POST, the stream key as `name`, the hook token in the callback URL. */
function rtmp(event: 'onPublish' | 'onPublishUpdate' | 'onPublishDone', name: string, hook = hookToken(app.ctx.secret)) {
  return app.inject({
    method: 'POST',
    url: `/Live/LiveApi/${event}?hook=${encodeURIComponent(hook)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      app: 'live',
      flashver: 'FMLE/3.0',
      swfurl: '',
      tcurl: 'rtmp://127.0.0.1:1935/live',
      pageurl: '',
      addr: '127.0.0.1',
      clientid: '7',
      call: { onPublish: 'publish', onPublishUpdate: 'update_publish', onPublishDone: 'publish_done' }[event],
      name,
      type: 'live',
    }).toString(),
    remoteAddress: newAddress(),
  });
}

async function listed(who: Person, courseId: number) {
  const list = (await ok('/CourseApi/semesterCourseList', { isstudy: 1, semester: '', term: '' }, who)) as {
    courseid: number;
    type: number;
    liveState: number;
  }[];
  return list.find((c) => c.courseid === courseId)!;
}

describe('a live as course content', () => {
  it('is fixed at state 3 and not started until pushed; members read it, only managers see statistics', async () => {
    const { teacher, student, course, live } = await setup();
    expect(live).toMatchObject({ contenttype: 20, state: 3, liveState: 0, courserole: 1 });
    expect(live.statistics).toEqual({ joinLiveCount: 0, noJoinVisitCount: 0, joinVisitCount: 0, fullcount: 2 });
    const seen = await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student);
    expect(seen).toMatchObject({ state: 3, liveState: 0, courserole: 0 });
    expect(seen).not.toHaveProperty('statistics');
    const cat = await ok('/FutureV2/CourseMeans/getCourseContent', { courseid: course.id, contenttype: 20 }, teacher);
    // the raw `state` stays Ketangpai's; the normalised one is the rule's
    expect(cat.list[0]).toMatchObject({ id: live.id, normalized: { state: 3 } });
  });

  it('refuses a student or a stranger creating one, and a title left empty', async () => {
    const { student, stranger, course, teacher } = await setup();
    expect(await call(app, '/Live/LiveApi/addLive', { courseid: course.id, title: 'x' }, { token: student.token })).toMatchObject(
      { code: 40003 },
    );
    expect(
      await call(app, '/Live/LiveApi/addLive', { courseid: course.id, title: 'x' }, { token: stranger.token }),
    ).toMatchObject({ code: 30202 });
    expect(await call(app, '/Live/LiveApi/addLive', { courseid: course.id, title: ' ' }, { token: teacher.token })).toMatchObject(
      { code: 40001, message: '请输入标题' },
    );
  });
});

describe('the push address (getLivePushUrl) and its signed key', () => {
  it('gives the teacher an RTMP address with a key that expires, and nobody else', async () => {
    const { teacher, student, stranger, course, live } = await setup();
    const push = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    expect(push.rtmp).toMatch(/^rtmp:\/\/[^/]+:1935\/live$/);
    expect(push.pushUrl).toBe(`${push.rtmp}/${push.stream}`);
    expect(push.stream).toMatch(new RegExp(`^${live.id}-\\d+-[A-Za-z0-9_-]{32}$`));
    expect(push.expires).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(
      await call(app, '/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, { token: student.token }),
    ).toMatchObject({ code: 40003 });
    expect(
      await call(app, '/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, { token: stranger.token }),
    ).toMatchObject({ code: 30202 });
  });

  it('signs keys that verify until they expire, and not after, nor when changed', () => {
    const { key, expires } = streamKey('s'.repeat(32), 42, 1_000);
    expect(verifyStreamKey('s'.repeat(32), key, 1_000)).toBe(42);
    expect(verifyStreamKey('s'.repeat(32), key, expires)).toBe(42);
    expect(verifyStreamKey('s'.repeat(32), key, expires + 1)).toBeNull();
    expect(verifyStreamKey('t'.repeat(32), key, 1_000)).toBeNull();
    expect(verifyStreamKey('s'.repeat(32), key.replace(/^42-/, '43-'), 1_000)).toBeNull();
    expect(verifyStreamKey('s'.repeat(32), `${key}x`, 1_000)).toBeNull();
  });
});

describe('nginx-rtmp callbacks through HTTP', () => {
  it('allows a signed key, marks the live started, shows the course list live, then ended', async () => {
    const { teacher, student, course, live } = await setup();
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    const started = await rtmp('onPublish', stream);
    // the redirect renames the stream to the live's id, so the HLS files never carry the key
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe(String(live.id));
    const on = await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student);
    expect(on).toMatchObject({ liveState: 1, state: 3, viewers: 0 });
    expect(on.playUrl).toMatch(new RegExp(`^/live/hls/${live.id}/[A-Za-z0-9_-]{22}/index\\.m3u8$`));
    // another live's address is not guessed from this one's
    const other = on.playUrl.replace(`/hls/${live.id}/`, `/hls/${live.id + 1}/`);
    expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    // spec 1 §4: type 1 live, with liveState
    expect(await listed(student, course.id)).toMatchObject({ type: 1, liveState: 1 });
    const done = await rtmp('onPublishDone', stream);
    expect(done.statusCode).toBe(200);
    const after = await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student);
    expect(after).toMatchObject({ liveState: 2, state: 3 });
    expect(after.endtime).toBeGreaterThanOrEqual(after.starttime);
    expect(await listed(student, course.id)).toMatchObject({ type: 0, liveState: 0 });
  });

  it.each([
    ['a made-up key', () => '1-9999999999-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', undefined],
    ['an empty key', () => '', undefined],
    ['an expired key', (id: number) => streamKey(app.ctx.secret, id, Math.floor(Date.now() / 1000) - 5 * 3600).key, undefined],
    ['a good key with the wrong hook token', (id: number) => streamKey(app.ctx.secret, id).key, 'nope'],
  ])('refuses %s with a 403, and the live stays not started', async (_name, key, hook) => {
    const { student, course, live } = await setup();
    const res = await rtmp('onPublish', key(live.id), hook);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0 });
    expect(await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student)).toMatchObject({ liveState: 0 });
  });

  it('refuses the key of a deleted live', async () => {
    const { teacher, course, live } = await setup();
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    await ok('/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: live.id }, teacher);
    expect((await rtmp('onPublish', stream)).statusCode).toBe(403);
  });

  it('refuses on_publish_done without the hook token, and the live stays on', async () => {
    const { teacher, student, course, live } = await setup();
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    await rtmp('onPublish', stream);
    expect((await rtmp('onPublishDone', stream, '')).statusCode).toBe(403);
    expect(await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student)).toMatchObject({ liveState: 1 });
  });

  it("answers nginx's updates while the live is on, and refuses them and the same key's reconnection once the teacher ends it", async () => {
    const { teacher, student, course, live } = await setup();
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    await rtmp('onPublish', stream);
    expect((await rtmp('onPublishUpdate', stream)).statusCode).toBe(200);
    expect((await rtmp('onPublishUpdate', stream, 'nope')).statusCode).toBe(403);
    // an expired key goes on updating: the encoder was let in while it was valid
    const old = streamKey(app.ctx.secret, live.id, Math.floor(Date.now() / 1000) - 5 * 3600).key;
    expect((await rtmp('onPublishUpdate', old)).statusCode).toBe(200);

    await ok('/Live/LiveApi/endLive', { courseid: course.id, id: live.id }, teacher);
    expect((await rtmp('onPublishUpdate', stream)).statusCode).toBe(403);
    expect((await rtmp('onPublish', stream)).statusCode).toBe(403);
    // nginx's own done, after the drop, changes nothing
    expect((await rtmp('onPublishDone', stream)).statusCode).toBe(200);
    expect(await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student)).toMatchObject({ liveState: 2 });

    // a key signed after the end puts it back on the air
    const later = streamKey(app.ctx.secret, live.id, Math.floor(Date.now() / 1000) + 2).key;
    expect((await rtmp('onPublish', later)).statusCode).toBe(302);
    expect((await rtmp('onPublishUpdate', later)).statusCode).toBe(200);
    expect(await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student)).toMatchObject({ liveState: 1 });
  });
});

describe('watchLiveLog and the statistics', () => {
  it('refuses watching a live not started (30405), counts live time, then replay time, per student', async () => {
    const { teacher, student, second, course, live } = await setup();
    expect(
      await call(app, '/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id }, { token: student.token }),
    ).toMatchObject({ code: 30405 });
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    await rtmp('onPublish', stream);
    expect(await ok('/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id }, student)).toEqual({
      joinLive: 1,
      visited: 0,
      liveSeconds: 0,
      replaySeconds: 0,
    });
    expect(await ok('/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id, seconds: 60 }, student)).toMatchObject({
      liveSeconds: 60,
    });
    // the viewer count: students who reported in the last 90 seconds
    const watching = () => ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, second);
    expect(await watching()).toMatchObject({ viewers: 1 });
    await app.ctx.db
      .update(contentWatchLogs)
      .set({ lastAt: new Date(Date.now() - 120_000) })
      .where(eq(contentWatchLogs.contentId, live.id));
    expect(await watching()).toMatchObject({ viewers: 0 });
    await rtmp('onPublishDone', stream);
    expect(await ok('/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id, seconds: 30 }, student)).toEqual({
      joinLive: 1,
      visited: 1,
      liveSeconds: 60,
      replaySeconds: 30,
    });
    await ok('/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id, seconds: '20' }, second);
    const log = await ok('/Live/LiveApi/getWatchLog', { courseid: course.id, id: live.id }, teacher);
    expect(log.statistics).toEqual({ joinLiveCount: 1, noJoinVisitCount: 1, joinVisitCount: 1, fullcount: 2 });
    expect(
      log.list.map((r: { username: string; liveSeconds: number; replaySeconds: number }) => [
        r.username,
        r.liveSeconds,
        r.replaySeconds,
      ]),
    ).toEqual([
      ['赵同学', 60, 30],
      ['钱同学', 0, 20],
    ]);
    expect((await ok('/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, teacher)).statistics.joinLiveCount).toBe(
      1,
    );
  });

  it('refuses a report over 5 minutes, a teacher reporting, and a student reading the log', async () => {
    const { teacher, student, course, live } = await setup();
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
    await rtmp('onPublish', stream);
    const over = await call(
      app,
      '/Live/LiveApi/watchLiveLog',
      { courseid: course.id, id: live.id, seconds: 301 },
      { token: student.token },
    );
    expect(over).toMatchObject({ code: 40001, message: '观看时长应在 0 到 300 秒之间' });
    expect(
      await call(app, '/Live/LiveApi/watchLiveLog', { courseid: course.id, id: live.id }, { token: teacher.token }),
    ).toMatchObject({ code: 40003 });
    expect(
      await call(app, '/Live/LiveApi/getWatchLog', { courseid: course.id, id: live.id }, { token: student.token }),
    ).toMatchObject({ code: 40003 });
    const [row] = await db.database.db.select().from(contents).where(eq(contents.id, live.id));
    expect(row!.settings).toMatchObject({ liveState: 1 });
  });
});

describe('endLive and the share link (/ShareLive)', () => {
  it('lets only the teacher end a live on the air; a live not started is refused (30405); ended, it is off the air', async () => {
    const { teacher, student, course, live } = await setup();
    const ref = { courseid: course.id, id: live.id };
    expect(await call(app, '/Live/LiveApi/endLive', ref, { token: teacher.token })).toMatchObject({ status: 0, code: 30405 });
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', ref, teacher);
    expect((await rtmp('onPublish', stream)).statusCode).toBe(302);
    expect(await call(app, '/Live/LiveApi/endLive', ref, { token: student.token })).toMatchObject({ status: 0, code: 40003 });
    expect(await ok('/Live/LiveApi/getLiveInfo', ref, student)).toMatchObject({ liveState: 1 });
    const ended = await ok('/Live/LiveApi/endLive', ref, teacher);
    // nothing was pushed through nginx here, so nothing was recorded: still a live (20), no replay
    expect(ended).toMatchObject({ liveState: 2, contenttype: 20, playUrl: '', replayUrl: '', duration: 0 });
    expect(ended.endtime).toBeGreaterThan(0);
    // nginx's own done afterwards keeps the teacher's end time
    expect((await rtmp('onPublishDone', stream)).statusCode).toBe(200);
    expect(await ok('/Live/LiveApi/getLiveInfo', ref, student)).toMatchObject({ liveState: 2, endtime: ended.endtime });
  });

  it('shares a live by link without login while the teacher shares it, and refuses the link once switched off', async () => {
    const { teacher, student, course, live } = await setup();
    const ref = { courseid: course.id, id: live.id };
    expect(await call(app, '/Live/LiveApi/setLiveShare', { ...ref, share: 1 }, { token: student.token })).toMatchObject({
      status: 0,
      code: 40003,
    });
    const bad = await call(app, '/Live/LiveApi/setLiveShare', { ...ref, share: 2 }, { token: teacher.token });
    expect(bad).toMatchObject({ status: 0 });
    expect(bad.message).toContain('share');
    expect((await ok('/Live/LiveApi/getLiveInfo', ref, teacher)).shareToken).toBe('');
    const on = await ok('/Live/LiveApi/setLiveShare', { ...ref, share: 1 }, teacher);
    expect(on.shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // switching on again keeps the same link
    expect((await ok('/Live/LiveApi/setLiveShare', { ...ref, share: 1 }, teacher)).shareToken).toBe(on.shareToken);
    // students never see the link's token
    expect((await ok('/Live/LiveApi/getLiveInfo', ref, student)).shareToken).toBe('');
    // no login: the live, read-only, and nothing of the course's people
    const shared = await call(app, '/Live/LiveApi/getSharedLive', { token: on.shareToken });
    expect(shared).toMatchObject({ status: 1, data: { id: live.id, title: '第一次直播', coursename: '直播课', liveState: 0 } });
    expect(shared.data).not.toHaveProperty('statistics');
    expect(shared.data).not.toHaveProperty('shareToken');
    const { stream } = await ok('/Live/LiveApi/getLivePushUrl', ref, teacher);
    await rtmp('onPublish', stream);
    expect((await call(app, '/Live/LiveApi/getSharedLive', { token: on.shareToken })).data.playUrl).toMatch(
      new RegExp(`^/live/hls/${live.id}/`),
    );
    // switched off: the link is refused, and switching on again gives a new one
    await ok('/Live/LiveApi/setLiveShare', { ...ref, share: 0 }, teacher);
    expect(await call(app, '/Live/LiveApi/getSharedLive', { token: on.shareToken })).toMatchObject({ status: 0, code: 30406 });
    const again = await ok('/Live/LiveApi/setLiveShare', { ...ref, share: 1 }, teacher);
    expect(again.shareToken).not.toBe(on.shareToken);
    expect(await call(app, '/Live/LiveApi/getSharedLive', { token: 'short' })).toMatchObject({ status: 0 });
    await ok('/Live/LiveApi/endLive', ref, teacher);
  });
});
