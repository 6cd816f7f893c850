import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { UPLOAD_CHUNK_BYTES } from '@paiclass/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload as uploadTo } from '../../../test/helpers';
import { files, jobs, uploads, users } from '../../db/schema';
import { logHygiene } from '../../platform/log-hygiene';
import { ABANDONED_UPLOAD_MS, scheduleUploadCleanup, UPLOAD_CLEANUP_JOB } from './files.service';

/** Issue 11: who may have a file's bytes, how much an account may store, and what the log may say. */

let db: TestDatabase;
let app: FastifyInstance;
/** the same database under a small storage quota: 300K per account, 6M for VIP members */
let small: FastifyInstance;

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const get = (url: string) => app.inject({ method: 'GET', url });
const upload = (
  on: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
) => uploadTo(on, url, token, fields, file);
const chunkFields = (data: Buffer, chunk: number, filename = 'lecture.mp4', fileMd5 = md5(data)) => ({
  fileMd5,
  chunks: Math.ceil(data.length / UPLOAD_CHUNK_BYTES),
  chunk,
  id: 'WU_FILE_0',
  filename,
  size: data.length,
});
const chunkOf = (data: Buffer, i: number) => data.subarray(i * UPLOAD_CHUNK_BYTES, (i + 1) * UPLOAD_CHUNK_BYTES);
const chunkStored = (on: FastifyInstance, uid: number, data: Buffer, i: number) =>
  on.ctx.storage.exists(`chunks/${uid}/${md5(data)}-${data.length}/${i}`);

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  small = await testApp(db, { USER_STORAGE_QUOTA: '300K', VIP_STORAGE_QUOTA: '6M' });
});
afterAll(async () => {
  await small.close();
  await app.close();
  await db.drop();
});

describe('instant upload (issue 11 point 3)', () => {
  it('never hands another account’s file to a caller who knows only its MD5 and size', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const secret = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    const mine = (await upload(app, '/UploadApi/uploadV2', a.token, {}, { name: 'exam-answers.pdf', data: secret })).data.file;
    expect(mine.md5).toBe(md5(secret));

    const probe = await call(
      app,
      '/UploadApi/checkChunk',
      { fileMd5: md5(secret), filename: 'x.pdf', size: secret.length },
      { token: b.token },
    );
    expect(probe.data).toMatchObject({ exists: 0, received: [], file: null });
    expect(JSON.stringify(probe)).not.toMatch(/FileApi|sig=/);

    // nor by sending one chunk of the right length that is not the content: it is joined, fails its MD5
    const forged = Buffer.alloc(secret.length, 0x41);
    const sent = await upload(app, '/UploadApi/uploadChunk', b.token, chunkFields(secret, 0, 'x.pdf'), {
      name: 'blob',
      data: forged,
    });
    expect(sent.data).toMatchObject({ status: 2, complete: 0 });
    expect(JSON.stringify(sent)).not.toMatch(/FileApi|sig=/);
    expect(
      await app.ctx.db
        .select()
        .from(files)
        .where(and(eq(files.ownerId, b.uid), eq(files.md5, md5(secret)))),
    ).toEqual([]);
    // and the owner's bytes were not touched by the forged upload
    const served = await get(mine.download);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(secret)).toBe(true);
  });

  it('takes the bytes from a caller who has them, and keeps identical content once on disk', async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const data = randomBytes(UPLOAD_CHUNK_BYTES + 777);
    for (const who of [a, b]) {
      for (const i of [0, 1]) {
        const res = await upload(app, '/UploadApi/uploadChunk', who.token, chunkFields(data, i), {
          name: 'blob',
          data: chunkOf(data, i),
        });
        expect(res.data.status).toBe(1);
      }
    }
    const rows = await app.ctx.db
      .select()
      .from(files)
      .where(eq(files.md5, md5(data)));
    expect(rows.map((r) => r.ownerId).sort()).toEqual([a.uid, b.uid].sort());
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(1);
    // the caller's own earlier upload is still answered at once
    const again = await call(
      app,
      '/UploadApi/checkChunk',
      { fileMd5: md5(data), filename: 'again.mp4', size: data.length },
      { token: b.token },
    );
    expect(again.data).toMatchObject({ exists: 1, file: { name: 'again.mp4', size: data.length } });
  });

  it('limits checkChunk per account (42900)', async () => {
    const u = await registerUser(app);
    const body = { fileMd5: md5(randomBytes(8)), filename: 'a.bin', size: 10 };
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) codes.push((await call(app, '/UploadApi/checkChunk', body, { token: u.token })).code);
    expect(codes.slice(0, 120).every((c) => c === 10000)).toBe(true);
    expect(codes[120]).toBe(42900);
    // another account is not held up by it
    expect((await call(app, '/UploadApi/checkChunk', body, { token: (await registerUser(app)).token })).code).toBe(10000);
  });
});

describe('storage quota and abandoned uploads (issue 11 point 10)', () => {
  it('refuses a file past the account’s storage quota before storing a byte (40015, zh and en)', async () => {
    const u = await registerUser(small);
    const first = randomBytes(200 * 1024);
    expect((await upload(small, '/UploadApi/uploadV2', u.token, {}, { name: 'a.bin', data: first })).status).toBe(1);
    const second = randomBytes(200 * 1024);
    const refused = await upload(small, '/UploadApi/uploadV2', u.token, {}, { name: 'b.bin', data: second });
    expect(refused).toMatchObject({
      status: 0,
      code: 40015,
      message: '存储空间不足：您已上传 200K，上限为 300K，这个文件放不下，请联系学校管理员',
    });
    expect(
      await small.ctx.db
        .select()
        .from(files)
        .where(eq(files.md5, md5(second))),
    ).toEqual([]);

    // in the account's language
    await small.ctx.db.update(users).set({ lang: 'en' }).where(eq(users.id, u.uid));
    await small.ctx.sessions.forgetUser(u.uid);
    const body = { fileMd5: md5(second), filename: 'b.bin', size: second.length };
    const checked = await call(small, '/UploadApi/checkChunk', body, { token: u.token });
    expect(checked).toMatchObject({ status: 0, code: 40015 });
    expect(checked.message).toBe(
      "Not enough storage: you have uploaded 200K of your 300K, and this file does not fit; ask your school's administrator",
    );
    const chunk = await upload(small, '/UploadApi/uploadChunk', u.token, chunkFields(second, 0, 'b.bin'), {
      name: 'blob',
      data: second,
    });
    expect(chunk.code).toBe(40015);
    expect(await small.ctx.db.select().from(uploads).where(eq(uploads.ownerId, u.uid))).toEqual([]);
    expect(await chunkStored(small, u.uid, second, 0)).toBe(false);
    // the same file again of the caller's own takes no more room
    expect((await upload(small, '/UploadApi/uploadV2', u.token, {}, { name: 'a-copy.bin', data: first })).status).toBe(1);
  });

  it('never passes the quota with small uploads sent in parallel (issue 24): each reserves its room first', async () => {
    const u = await registerUser(small);
    const sent = Array.from({ length: 12 }, () => randomBytes(100 * 1024));
    const answers = await Promise.all(
      sent.map((data, i) => upload(small, '/UploadApi/uploadV2', u.token, {}, { name: `p${i}.bin`, data })),
    );
    const accepted = answers.filter((a) => a.status === 1).length;
    expect(answers.filter((a) => a.status !== 1).every((a) => a.code === 40015)).toBe(true);
    // 300K of room: three 100K files, never more
    expect(accepted).toBe(3);
    const kept = await small.ctx.db.select().from(files).where(eq(files.ownerId, u.uid));
    expect(kept).toHaveLength(3);
    expect(kept.reduce((n, f) => n + f.size, 0)).toBeLessThanOrEqual(300 * 1024);
    // no reservation is left behind
    expect(await small.ctx.db.select().from(uploads).where(eq(uploads.ownerId, u.uid))).toEqual([]);
  });

  it('counts an upload under way toward the quota from its first chunk, and a VIP member’s larger quota', async () => {
    const u = await registerUser(small);
    await small.ctx.db.update(users).set({ isvip: 1 }).where(eq(users.id, u.uid));
    await small.ctx.sessions.forgetUser(u.uid);
    const big = randomBytes(UPLOAD_CHUNK_BYTES + 500 * 1024);
    const res = await upload(small, '/UploadApi/uploadChunk', u.token, chunkFields(big, 0), {
      name: 'blob',
      data: chunkOf(big, 0),
    });
    expect(res.data).toMatchObject({ status: 1, complete: 0, received: [0] });
    // 5.4M reserved of 6M: a 700K file does not fit while the upload is under way
    const other = randomBytes(700 * 1024);
    expect((await upload(small, '/UploadApi/uploadV2', u.token, {}, { name: 'c.bin', data: other })).code).toBe(40015);
    // resuming the upload itself is not refused
    const resumed = await call(
      small,
      '/UploadApi/checkChunk',
      { fileMd5: md5(big), filename: 'lecture.mp4', size: big.length },
      { token: u.token },
    );
    expect(resumed.data).toMatchObject({ exists: 0, received: [0] });
  });

  it('removes uploads abandoned for a day, with their chunks, in a durable job that keeps recurring', async () => {
    const u = await registerUser(app);
    const old = randomBytes(UPLOAD_CHUNK_BYTES + 10);
    const fresh = randomBytes(UPLOAD_CHUNK_BYTES + 20);
    for (const data of [old, fresh]) {
      await upload(app, '/UploadApi/uploadChunk', u.token, chunkFields(data, 0), { name: 'blob', data: chunkOf(data, 0) });
      expect(await chunkStored(app, u.uid, data, 0)).toBe(true);
    }
    await app.ctx.db
      .update(uploads)
      .set({ updatedAt: new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000) })
      .where(eq(uploads.md5, md5(old)));

    await scheduleUploadCleanup(app.ctx);
    expect(await app.ctx.jobs.runDue(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);

    const left = await app.ctx.db.select().from(uploads).where(eq(uploads.ownerId, u.uid));
    expect(left.map((r) => r.md5)).toEqual([md5(fresh)]);
    expect(await chunkStored(app, u.uid, old, 0)).toBe(false);
    expect(await chunkStored(app, u.uid, fresh, 0)).toBe(true);
    // the next run is already scheduled, about an hour on
    const next = (await app.ctx.db.select().from(jobs).where(eq(jobs.kind, UPLOAD_CLEANUP_JOB))).filter((j) => !j.doneAt);
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    // the one who left it starts that file again from its first chunk
    const check = await call(
      app,
      '/UploadApi/checkChunk',
      { fileMd5: md5(old), filename: 'lecture.mp4', size: old.length },
      { token: u.token },
    );
    expect(check.data).toMatchObject({ exists: 0, received: [] });
  });
});

describe('signed addresses follow the current rights (issue 11 point 11)', () => {
  /** A course with a published material whose file the student has an address for. */
  async function material() {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const student = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(400)]);
    const f = (await upload(app, '/UploadApi/uploadV2', teacher.token, {}, { name: 'chapter1.pdf', data })).data.file;
    const item = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 2, title: '第一章', fileids: [f.id], publish: 1 },
      { token: teacher.token },
    );
    const seen = await call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid: course.id }, { token: student.token });
    const address: string = seen.data.list[0].attachment[0].download;
    expect((await get(address)).statusCode).toBe(200);
    return { teacher, course, student, item: item.data as { id: number }, address, data };
  }

  it('refuses a previously issued address once the student is removed from the course', async () => {
    const { teacher, course, student, address } = await material();
    const removed = await call(
      app,
      '/Futurev2/Student/remove',
      { courseid: course.id, uids: [student.uid] },
      { token: teacher.token },
    );
    expect(removed.status).toBe(1);
    const res = await get(address);
    expect(res.json()).toMatchObject({ status: 0, code: 30401 });
    expect(res.rawPayload.length).toBeLessThan(300);
  });

  it('refuses a previously issued address while the teacher has downloads switched off', async () => {
    const { teacher, course, item, address, data } = await material();
    const off = await call(
      app,
      '/FutureV2/CourseMeans/setDownload',
      { courseid: course.id, id: item.id, downloadable: 0 },
      { token: teacher.token },
    );
    expect(off.status).toBe(1);
    expect((await get(address)).json()).toMatchObject({ status: 0, code: 30401 });
    await call(
      app,
      '/FutureV2/CourseMeans/setDownload',
      { courseid: course.id, id: item.id, downloadable: 1 },
      { token: teacher.token },
    );
    expect((await get(address)).rawPayload.equals(data)).toBe(true);
  });

  it('binds each address to whom it was given: another user id or none breaks it', async () => {
    const { teacher, student, address } = await material();
    expect(address).toMatch(new RegExp(`&sig=[0-9a-f]{64}&u=${student.uid}$`));
    expect((await get(address.replace(/u=\d+$/, `u=${teacher.uid}`))).json()).toMatchObject({ code: 40003 });
    expect((await get(address.replace(/&u=\d+$/, ''))).json()).toMatchObject({ code: 40003 });
  });

  it('writes no signature, token or code of a query string to the log', () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += String(chunk);
        done();
      },
    });
    const log = pino({ level: 'info', ...logHygiene }, sink);
    const url = `/FileApi/download?id=7&exp=1900000000&dl=1&sig=${'ab'.repeat(32)}&u=3`;
    // the lines Fastify itself writes: a request, an error quoting the address, a plain message
    log.info({ req: { method: 'GET', url, ip: '10.0.0.1' } }, 'incoming request');
    log.warn({ err: new Error(`Reply was already sent, did you forget to "return reply" in the "${url}" (GET) route?`) });
    log.warn(`Reply was already sent, did you forget to "return reply" in the "${url}" (GET) route?`);
    log.info({ req: { method: 'POST', url: '/UserApi/resetPassword?token=abcdef123&code=123456' } });
    expect(out).toContain('/FileApi/download');
    expect(out).not.toContain('ab'.repeat(32));
    expect(out).not.toMatch(/abcdef123|123456/);
    expect(out).toContain('sig=[redacted]');
  });
});
