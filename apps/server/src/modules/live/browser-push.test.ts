import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LIVE_PUSH_CLOSE, LIVE_PUSH_SOCKET_PATH } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, sweepsElsewhere, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { freePort, until } from '../../../test/waiting';
import { startIngest } from './ingest';
import type { MediaServer } from './media-server';
import { mediaTools } from './media-server';

/**
 * Issue 26, the teacher going live from the browser (decision 036): WebM chunks as MediaRecorder makes
 * them (here a short WebM that ffmpeg generates in the test: VP8 and Opus, as Chromium records) sent over
 * the push socket with a key from getLivePushUrl; PaiClass's ffmpeg pushes them into its nginx-rtmp, the
 * HLS playlist appears, a student's bullet comment is sent; the teacher ends the live, which closes the
 * socket; the live becomes a recorded lesson (type 21) whose video-on-demand playlist, segments and
 * bullet comments on its timeline are served from the storage. Refusals: a bad key, media before the
 * key, a second push of the same live, a chunk over the limit. Skipped, saying what to install, without
 * ffmpeg and nginx-rtmp.
 */
const tools = mediaTools();
const missing = [...tools.missing];
if (missing.length) {
  console.warn(`browser-push.test.ts skipped: install the Debian packages ${missing.join(', ')} (scripts/test.sh does)`);
}

let db: TestDatabase;
let app: FastifyInstance;
let media: MediaServer | null = null;
let base = '';
let webm: Buffer = Buffer.alloc(0);
const SECONDS = 8;

/** A push socket, with its close code as a promise. */
function socket() {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PUSH_SOCKET_PATH}`);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const said = new Promise<{ ok: number; id: number }>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
  return { ws, closed, opened, said };
}

// once a run: on PostgreSQL when the run has it (decision 042)
describe.skipIf(missing.length > 0 || sweepsElsewhere)(
  `the teacher's browser push${missing.length ? ` (skipped: install ${missing.join(', ')})` : ''}`,
  () => {
    beforeAll(async () => {
      // what MediaRecorder gives in Chromium: WebM with VP8 and Opus
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-push-')), 'camera.webm');
      execFileSync(tools.ffmpeg!, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS)],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k', '-g', '50'],
        ...['-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', file],
      ]);
      webm = fs.readFileSync(file);
      const rtmpPort = await freePort();
      db = await testDatabase();
      app = await testApp(db, { LIVE_RTMP_PORT: String(rtmpPort) });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      base = `http://127.0.0.1:${port}`;
      media = await startIngest(app, port);
    }, 300_000);
    afterAll(async () => {
      await media?.stop();
      await app?.close();
      await db?.drop();
    });

    type Person = { token: string };
    async function ok(url: string, body: Record<string, unknown>, who?: Person) {
      const res = await call(app, url, body, who ? { token: who.token } : {});
      if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
      return res.data;
    }

    async function setup() {
      const teacher = await newTeacher(app);
      const course = await newCourse(app, teacher.token, { coursename: '网页直播课' });
      const student = await registerUser(app, { username: '周同学' });
      await ok('/CourseApi/joinCourse', { code: course.code }, student);
      const live = await ok('/Live/LiveApi/addLive', { courseid: course.id, title: '网页开播' }, teacher);
      const ref = { courseid: course.id, id: live.id };
      const { stream } = await ok('/Live/LiveApi/getLivePushUrl', ref, teacher);
      return { teacher, course, student, live, ref, stream: stream as string };
    }

    it('a browser push goes on the air as HLS; the teacher ends it; the recording replays with its bullet comments', async () => {
      expect(app.ctx.media).toMatchObject({ running: true, missing: [] });
      const { teacher, course, student, live, ref, stream } = await setup();
      expect(await ok('/Live/LiveApi/getLiveInfo', ref, teacher)).toMatchObject({
        ingest: { running: true, browser: true },
        liveState: 0,
      });
      const push = socket();
      await push.opened;
      push.ws.send(JSON.stringify({ key: stream }));
      expect(await push.said).toEqual({ ok: 1, id: live.id });

      // the file in 40 KB chunks, paced at the media's own speed, as MediaRecorder sends them
      const chunk = 40 * 1024;
      const pieces = Math.ceil(webm.length / chunk);
      const pace = (SECONDS * 1000) / pieces;
      let sent = 0;
      const sending = (async () => {
        for (let i = 0; i < webm.length && push.ws.readyState === WebSocket.OPEN; i += chunk) {
          push.ws.send(webm.subarray(i, i + chunk));
          sent += 1;
          await new Promise((r) => setTimeout(r, pace));
        }
      })();

      const on = await until('the live on the air', async () => {
        const i = await ok('/Live/LiveApi/getLiveInfo', ref, student);
        return i.liveState === 1 && i.playUrl ? i : null;
      });
      expect(on.playUrl).not.toContain(stream);
      const playlist = await until('the HLS playlist', async () => {
        const res = await app.inject({ method: 'GET', url: on.playUrl });
        return res.statusCode === 200 && res.body.includes('.ts') ? res.body : null;
      });
      expect(playlist).toContain('#EXTINF');

      // a bullet comment while on the air
      await ok('/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher);
      await ok('/FutureV2/Barrage/setStatus', { courseid: course.id, status: 1 }, teacher);
      await ok('/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: '网页直播很清楚' }, student);
      await ok('/Live/LiveApi/watchLiveLog', { ...ref, seconds: 0 }, student);

      // a second push of the same live is refused while this one runs
      const second = socket();
      await second.opened;
      second.ws.send(JSON.stringify({ key: stream }));
      expect(await second.closed).toBe(LIVE_PUSH_CLOSE.busy);

      await sending;
      expect(sent).toBe(pieces);
      // the teacher ends the live: the socket is closed by the server, the push ends cleanly
      await until('two segments recorded', async () => {
        const res = await app.inject({ method: 'GET', url: on.playUrl });
        return (res.body.match(/\.ts/g) ?? []).length >= 2;
      });
      const ended = await ok('/Live/LiveApi/endLive', ref, teacher);
      expect(await push.closed).toBe(LIVE_PUSH_CLOSE.ended);
      expect(ended).toMatchObject({ liveState: 2, contenttype: 21, state: 3, playUrl: '' });
      expect(ended.replayUrl).toMatch(new RegExp(`^/live/rec/${live.id}/[A-Za-z0-9_-]{22}/index\\.m3u8$`));
      expect(ended.duration).toBeGreaterThan(2);
      expect(ended.duration).toBeLessThanOrEqual(SECONDS + 1);
      expect(app.ctx.lives.pushes.byLive.has(live.id)).toBe(false);

      // the recording: a video-on-demand playlist from the storage, every segment served
      const vod = await app.inject({ method: 'GET', url: ended.replayUrl });
      expect(vod.statusCode).toBe(200);
      expect(vod.headers['content-type']).toContain('mpegurl');
      expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(vod.body).toContain('#EXT-X-ENDLIST');
      const segments = vod.body.split('\n').filter((l) => l.endsWith('.ts'));
      expect(segments[0]).toBe('0.ts');
      for (const s of segments) {
        const res = await app.inject({ method: 'GET', url: ended.replayUrl.replace('index.m3u8', s) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.rawPayload[0]).toBe(0x47);
      }
      expect(await app.ctx.storage.exists(`live/${live.id}/0.ts`)).toBe(true);
      // the address is a capability: a wrong signature is not served
      expect(
        (await app.inject({ method: 'GET', url: ended.replayUrl.replace(/rec\/(\d+)\/[^/]+/, 'rec/$1/xxxx') })).statusCode,
      ).toBe(404);

      // the bullet comment on the recording's timeline
      const replay = await ok('/Live/LiveApi/getReplayBarrage', ref, student);
      expect(replay.list).toHaveLength(1);
      expect(replay.list[0]).toMatchObject({ content: '网页直播很清楚', username: '周同学' });
      expect(replay.list[0].at).toBeGreaterThanOrEqual(0);
      expect(replay.list[0].at).toBeLessThanOrEqual(ended.duration);
      // the student's replay counts as a visit afterwards
      expect(await ok('/Live/LiveApi/watchLiveLog', { ...ref, seconds: 30 }, student)).toMatchObject({
        joinLive: 1,
        visited: 1,
        replaySeconds: 30,
      });
      // a stranger reads none of it
      const stranger = await newTeacher(app);
      expect(await call(app, '/Live/LiveApi/getReplayBarrage', ref, { token: stranger.token })).toMatchObject({ status: 0 });
      // shared by link: the recording, without login
      const { shareToken } = await ok('/Live/LiveApi/setLiveShare', { ...ref, share: 1 }, teacher);
      expect(await ok('/Live/LiveApi/getSharedLive', { token: shareToken })).toMatchObject({
        contenttype: 21,
        liveState: 2,
        replayUrl: ended.replayUrl,
      });
    }, 90_000);

    it('refuses a bad key, media before the key, and a chunk over the limit; a dropped socket ends the push', async () => {
      const { ref, stream, teacher, live } = await setup();
      const bad = socket();
      await bad.opened;
      bad.ws.send(JSON.stringify({ key: `${live.id}-9999999999-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` }));
      expect(await bad.closed).toBe(LIVE_PUSH_CLOSE.refused);

      const early = socket();
      await early.opened;
      early.ws.send(webm.subarray(0, 1000));
      expect(await early.closed).toBe(LIVE_PUSH_CLOSE.refused);

      const big = socket();
      await big.opened;
      big.ws.send(JSON.stringify({ key: stream }));
      await big.said;
      big.ws.send(Buffer.alloc(200 * 1024));
      // the socket's own limit (1009 "message too big")
      expect(await big.closed).toBe(1009);
      await until('the push forgotten', async () => !app.ctx.lives.pushes.byLive.has(live.id));

      // a push whose socket drops: ffmpeg's input ends, nginx says publish done, the live ends by itself
      const drop = socket();
      await drop.opened;
      drop.ws.send(JSON.stringify({ key: stream }));
      await drop.said;
      for (let i = 0; i < webm.length / 2; i += 40 * 1024) {
        drop.ws.send(webm.subarray(i, i + 40 * 1024));
        await new Promise((r) => setTimeout(r, 250));
      }
      await until('on the air', async () => (await ok('/Live/LiveApi/getLiveInfo', ref, teacher)).liveState === 1);
      drop.ws.terminate();
      const off = await until('the live ended by the drop', async () => {
        const i = await ok('/Live/LiveApi/getLiveInfo', ref, teacher);
        return i.liveState === 2 ? i : null;
      });
      expect(off.playUrl).toBe('');
      expect(app.ctx.lives.pushes.byLive.has(live.id)).toBe(false);
    }, 90_000);
  },
);
