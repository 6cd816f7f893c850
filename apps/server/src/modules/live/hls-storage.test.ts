import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { followEdge, pushStream, segmentsOf, spread } from '../../../test/hls';
import { call, registerUser, sweepsElsewhere, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { freePort, until } from '../../../test/waiting';
import { hlsDirOf, startIngest } from './ingest';
import { type MediaServer, mediaTools } from './media-server';

/**
 * Issue 26, decision 048: a live on the air is served by every instance, not only the one running nginx.
 * Instance A runs nginx-rtmp and takes ffmpeg's push; instance B has a data folder of its own (another
 * machine) and shares only the database and the project's storage (S3, here s3rver on the loopback). B
 * serves the live's advancing playlist and each segment it names, the moment it names it; after the live
 * ends, both serve the recording. Skipped, saying what to install, without nginx-rtmp and ffmpeg.
 */
const tools = mediaTools();
const missing = [...tools.missing];
if (missing.length) {
  console.warn(`hls-storage.test.ts skipped: install the Debian packages ${missing.join(', ')} (scripts/test.sh does)`);
}

let s3server: S3rver;
let db: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;
let media: MediaServer | null = null;
let rtmpPort = 0;
const pushers: ChildProcess[] = [];

// once a run: on PostgreSQL when the run has it (decision 042)
describe.skipIf(missing.length > 0 || sweepsElsewhere)(
  `a live served from the storage by an instance without nginx${missing.length ? ` (skipped: install ${missing.join(', ')})` : ''}`,
  () => {
    beforeAll(async () => {
      s3server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        directory: fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-s3-')),
        silent: true,
        configureBuckets: [{ name: 'paiclass', configs: [] }],
      });
      const { port } = (await s3server.run()) as { port: number };
      const s3 = {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'paiclass',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
      };
      rtmpPort = await freePort();
      db = await testDatabase();
      // each with a data folder of its own (testConfig makes one per app)
      a = await testApp(db, { ...s3, LIVE_RTMP_PORT: String(rtmpPort) });
      b = await testApp(db, { ...s3, LIVE_INGEST: 'false' });
      await a.listen({ port: 0, host: '127.0.0.1' });
      media = await startIngest(a, (a.server.address() as net.AddressInfo).port);
    }, 300_000);
    afterAll(async () => {
      for (const p of pushers) p.kill('SIGKILL');
      await media?.stop();
      await a?.close();
      await b?.close();
      await db?.drop();
      await s3server?.close();
    });

    type Person = { token: string };
    async function ok(app: FastifyInstance, url: string, body: Record<string, unknown>, who: Person) {
      const res = await call(app, url, body, { token: who.token });
      if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
      return res.data;
    }
    const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

    it('serves the advancing playlist and every segment it names from instance B while ffmpeg pushes into A, and the recording from both after', async () => {
      expect(a.ctx.media.running).toBe(true);
      expect(b.ctx.config.dataDir).not.toBe(a.ctx.config.dataDir);
      const teacher = await newTeacher(a);
      const course = await newCourse(a, teacher.token, { coursename: '两台服务器' });
      const student = await registerUser(b, { username: '周同学' });
      await ok(b, '/CourseApi/joinCourse', { code: course.code }, student);
      const live = await ok(a, '/Live/LiveApi/addLive', { courseid: course.id, title: '存储里的直播' }, teacher);
      const infoOn = (app: FastifyInstance) => ok(app, '/Live/LiveApi/getLiveInfo', { courseid: course.id, id: live.id }, student);

      const { stream } = await ok(a, '/Live/LiveApi/getLivePushUrl', { courseid: course.id, id: live.id }, teacher);
      const pushed = pushStream(tools.ffmpeg!, `rtmp://127.0.0.1:${rtmpPort}/live/${stream}`, 15);
      pushers.push(pushed.child);
      const on = await until('the live on the air, as B tells it', async () => {
        const i = await infoOn(b);
        return i.liveState === 1 && i.playUrl ? i : null;
      });
      const playUrl: string = on.playUrl;
      const prefix = playUrl.replace(/index\.m3u8$/, '');

      // B's playlist, each segment it names fetched from B at once: never one B cannot serve
      const servedSegments = new Map<string, number>();
      const sequences: number[] = [];
      const edge = followEdge(
        path.join(hlsDirOf(a.ctx.config.dataDir), String(live.id), 'index.m3u8'),
        async () => {
          const res = await get(b, playUrl);
          if (res.statusCode === 404) return null;
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toContain('mpegurl');
          expect(res.headers['cache-control']).toBe('no-cache');
          return res.body;
        },
        async (text) => {
          sequences.push(Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]));
          for (const name of segmentsOf(text)) {
            if (servedSegments.has(name)) continue;
            const segment = await get(b, prefix + name);
            expect(segment.statusCode, `B serves ${name}, which its playlist names`).toBe(200);
            expect(segment.headers['content-type']).toBe('video/mp2t');
            expect(segment.headers['cache-control']).toContain('immutable');
            expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS packet
            servedSegments.set(name, segment.rawPayload.length);
          }
        },
      );
      try {
        // the playlist advances on B: its window slides past its first segment
        await until('B to serve a playlist whose window has moved on', async () => Math.max(0, ...sequences) > 0, 90_000);
      } catch (e) {
        const nginxNow = fs.readFileSync(path.join(hlsDirOf(a.ctx.config.dataDir), String(live.id), 'index.m3u8'), 'utf8');
        throw new Error(
          `${(e as Error).message}; ffmpeg exit ${pushed.child.exitCode}; B served ${JSON.stringify(edge.served())} (sequences ${[...new Set(sequences)]}, failure ${edge.failure()}); nginx's playlist now:\n${nginxNow}`,
        );
      } finally {
        await edge.stop();
      }
      // B never had the files: its own data folder holds no HLS of the live
      expect(fs.existsSync(path.join(hlsDirOf(b.ctx.config.dataDir), String(live.id)))).toBe(false);
      expect(servedSegments.size).toBeGreaterThanOrEqual(4);
      // a wrong signature, or a segment outside the live's window, is not served
      expect((await get(b, playUrl.replace(/\/[^/]+\/index\.m3u8$/, '/AAAAAAAAAAAAAAAAAAAAAA/index.m3u8'))).statusCode).toBe(404);
      expect((await get(b, `${prefix}9999.ts`)).statusCode).toBe(404);
      const delays = edge.delays();
      expect(delays.length).toBeGreaterThanOrEqual(4);
      console.info(
        `hls-storage (${a.ctx.config.s3 ? 'S3' : 'local'}): B served a segment's playlist ${JSON.stringify(spread(delays))} ms after nginx named it on A (polled every 25 ms) ${JSON.stringify(delays)}`,
      );

      // the encoder stops: the live ends, the live playlist is closed, the recording is served by both
      expect((await pushed.exit).code).toBe(0);
      const off = await until('the live ended, as B tells it', async () => {
        const i = await infoOn(b);
        return i.liveState === 2 && i.replayUrl ? i : null;
      });
      expect(off.playUrl).toBe('');
      expect((await get(b, playUrl)).body).toContain('#EXT-X-ENDLIST');
      for (const app of [a, b]) {
        const vod = await get(app, off.replayUrl);
        expect(vod.statusCode).toBe(200);
        expect(vod.body).toContain('#EXT-X-ENDLIST');
        const names = segmentsOf(vod.body);
        // every segment B served live is in the recording, under the same name
        expect(names).toEqual(expect.arrayContaining([...servedSegments.keys()]));
        for (const name of names) {
          const seg = await get(app, off.replayUrl.replace('index.m3u8', name));
          expect(seg.statusCode).toBe(200);
          expect(seg.rawPayload[0]).toBe(0x47);
        }
      }
    }, 180_000);
  },
);
