import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_CHUNK_BYTES } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  type Envelope,
  registerUser,
  type TestDatabase,
  testApp,
  testDatabase,
  upload as uploadTo,
} from '../../../test/helpers';
import { files, users } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

const upload = (
  url: string,
  token: string | undefined,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer },
) => uploadTo(app, url, token, fields, file);
const get = (url: string) => app.inject({ method: 'GET', url });

function chunksOf(data: Buffer) {
  const out: Buffer[] = [];
  for (let i = 0; i < data.length; i += UPLOAD_CHUNK_BYTES) out.push(data.subarray(i, i + UPLOAD_CHUNK_BYTES));
  return out;
}

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** A 6 MB "phone photo": a JPEG signature and noise, sent by the chunked protocol like the web app does. */
async function sendPhoto(token: string, fields: Record<string, string> = {}) {
  const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024 - 4)]);
  const meta = { fileMd5: md5(data), filename: 'IMG_0001.jpg', size: data.length, ...fields };
  const check = await call(app, '/UploadApi/checkChunk', meta, { token });
  if (check.status !== 1) return { check, last: undefined };
  const parts = chunksOf(data);
  let last: Envelope | undefined;
  for (const [i, part] of parts.entries()) {
    last = await upload(
      '/UploadApi/uploadChunk',
      token,
      { ...meta, chunks: parts.length, chunk: i, id: 'WU_FILE_0' },
      { name: meta.filename, data: part },
    );
  }
  return { check, last };
}

describe('limits by kind (issue 12)', () => {
  it('accepts a 6 MB photo as an attachment: the attachment limit, not the image limit, applies', async () => {
    const u = await registerUser(app);
    const { check, last } = await sendPhoto(u.token);
    expect(check).toMatchObject({ status: 1, data: { exists: 0 } });
    expect(last).toMatchObject({
      status: 1,
      data: { status: 1, complete: 1, file: { name: 'IMG_0001.jpg', size: 6 * 1024 * 1024, mime: 'image/jpeg' } },
    });
    const [row] = await app.ctx.db.select().from(files).where(eq(files.id, last?.data.file.id));
    expect(row?.size).toBe(6 * 1024 * 1024);
  });

  it('refuses a 6 MB image with the image message where the image limit applies, storing nothing', async () => {
    const u = await registerUser(app);
    const { check } = await sendPhoto(u.token, { kind: 'image' });
    expect(check).toMatchObject({ status: 0, code: 40013, message: '图片文件不能大于 5MB' });
    const chunk = await upload(
      '/UploadApi/uploadChunk',
      u.token,
      { fileMd5: 'a'.repeat(32), filename: 'a.jpg', size: 6 * 1024 * 1024, chunks: 2, chunk: 0, kind: 'image' },
      { name: 'a.jpg', data: Buffer.alloc(UPLOAD_CHUNK_BYTES) },
    );
    expect(chunk).toMatchObject({ status: 0, code: 40013, message: '图片文件不能大于 5MB' });
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(6 * 1024 * 1024 - 4)]);
    const small = await upload('/UploadApi/uploadV2', u.token, { type: 'image' }, { name: 'IMG_0001.jpg', data: photo });
    expect(small).toMatchObject({ status: 0, code: 40013, message: '图片文件不能大于 5MB' });
    expect(await app.ctx.db.select().from(files).where(eq(files.ownerId, u.uid))).toEqual([]);
  });
});

describe('small uploads and signed addresses', () => {
  it('stores a file and serves it by a signed address, inline or as a download', async () => {
    const u = await registerUser(app);
    const text = Buffer.from('第一章 极限与连续\n');
    const res = await upload('/UploadApi/uploadV2', u.token, {}, { name: 'notes.txt', data: text });
    expect(res).toMatchObject({
      status: 1,
      data: { status: 1, file: { name: 'notes.txt', size: text.length, orgin_size: text.length, md5: md5(text) } },
    });
    const file = res.data.file;
    const inline = await get(file.url);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(text)).toBe(true);
    expect(inline.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect((await get(file.download)).headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''notes\.txt/);
    const info = await call(app, '/FileApi/getAttachmentInfo', { id: file.id }, { token: u.token });
    expect(info.data).toMatchObject({ id: file.id, name: 'notes.txt', orgin_size: text.length, playurl: '' });
  });

  it('refuses a tampered or expired address and another user’s file', async () => {
    const u = await registerUser(app);
    const other = await registerUser(app);
    const file = (await upload('/UploadApi/uploadV2', u.token, {}, { name: 'a.txt', data: Buffer.from('abc') })).data.file;
    expect((await get(file.url.replace(/sig=\w+/, `sig=${'0'.repeat(64)}`))).json()).toMatchObject({ status: 0, code: 40003 });
    expect((await get(file.url.replace(/id=\d+/, `id=${file.id + 1}`))).json()).toMatchObject({ code: 40003 });
    const expired = file.url.replace(/exp=\d+/, 'exp=1000');
    expect((await get(expired)).json()).toMatchObject({ code: 40003 });
    expect((await call(app, '/FileApi/getAttachmentInfo', { id: file.id }, { token: other.token })).code).toBe(40004);
  });

  it('serves markup as a download, never inline', async () => {
    const u = await registerUser(app);
    const file = (
      await upload('/UploadApi/uploadV2', u.token, {}, { name: 'page.html', data: Buffer.from('<script>alert(1)</script>') })
    ).data.file;
    const res = await get(file.url);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('checks images by their bytes and their size', async () => {
    const u = await registerUser(app);
    const ok = await upload('/UploadApi/uploadV2', u.token, { type: 'image' }, { name: 'avatar.png', data: PNG });
    expect(ok.data.file.mime).toBe('image/png');
    const fake = await upload(
      '/UploadApi/uploadV2',
      u.token,
      { type: 'image' },
      { name: 'avatar.png', data: Buffer.from('not really a picture') },
    );
    expect(fake).toMatchObject({ status: 0, code: 40014, message: '请上传图片文件（jpg、png、gif、webp、bmp）' });
    const big = await upload(
      '/UploadApi/uploadV2',
      u.token,
      { type: 'image' },
      { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5_300_000)]) },
    );
    expect(big).toMatchObject({ status: 0, code: 40013 });
    expect((await upload('/UploadApi/uploadV2', undefined, {}, { name: 'a.txt', data: Buffer.from('x') })).code).toBe(20003);
    expect((await upload('/UploadApi/uploadV2', u.token, { type: 'image' })).code).toBe(40001);
  });
});

describe('chunked upload', () => {
  it('resumes after a dropped connection, verifies the MD5 and serves the joined file', async () => {
    const u = await registerUser(app);
    const data = randomBytes(UPLOAD_CHUNK_BYTES * 2 + 12345);
    const parts = chunksOf(data);
    const fields = (i: number) => ({
      fileMd5: md5(data),
      chunks: parts.length,
      chunk: i,
      id: 'WU_FILE_0',
      lastModifiedDate: 'Sat Nov 21 2026',
      filename: 'lecture.mp4',
      size: data.length,
    });
    expect(
      (
        await call(
          app,
          '/UploadApi/checkChunk',
          { fileMd5: md5(data), filename: 'lecture.mp4', size: data.length },
          { token: u.token },
        )
      ).data,
    ).toMatchObject({ exists: 0, received: [] });
    expect((await upload('/UploadApi/uploadChunk', u.token, fields(0), { name: 'blob', data: parts[0]! })).data).toMatchObject({
      status: 1,
      complete: 0,
      received: [0],
    });
    expect((await upload('/UploadApi/uploadChunk', u.token, fields(2), { name: 'blob', data: parts[2]! })).data).toMatchObject({
      status: 1,
      complete: 0,
      received: [0, 2],
    });
    // the connection drops; the client asks what arrived and sends only the rest
    expect(
      (
        await call(
          app,
          '/UploadApi/checkChunk',
          { fileMd5: md5(data), filename: 'lecture.mp4', size: data.length },
          { token: u.token },
        )
      ).data.received,
    ).toEqual([0, 2]);
    // a chunk cut short in transit is asked for again
    expect(
      (await upload('/UploadApi/uploadChunk', u.token, fields(1), { name: 'blob', data: parts[1]!.subarray(10) })).data,
    ).toMatchObject({ status: 0 });
    const done = (await upload('/UploadApi/uploadChunk', u.token, fields(1), { name: 'blob', data: parts[1]! })).data;
    expect(done).toMatchObject({
      status: 1,
      complete: 1,
      id: 'WU_FILE_0',
      file: { name: 'lecture.mp4', size: data.length, mime: 'video/mp4' },
    });
    expect(done.file.playurl).toMatch(/^http:\/\/localhost(:\d+)?\/FileApi\/download\?/);
    const served = await get(done.file.download);
    expect(md5(served.rawPayload)).toBe(md5(data));
    // the same content again from the same account is answered at once, without uploading
    const again = await call(
      app,
      '/UploadApi/checkChunk',
      { fileMd5: md5(data), filename: 'copy.mp4', size: data.length },
      { token: u.token },
    );
    expect(again.data).toMatchObject({ exists: 1, file: { name: 'copy.mp4', size: data.length } });
  });

  it('discards a file whose chunks do not make its MD5 (status 2)', async () => {
    const u = await registerUser(app);
    const data = randomBytes(1000);
    const wrong = md5(Buffer.from('something else'));
    const res = await upload(
      '/UploadApi/uploadChunk',
      u.token,
      { fileMd5: wrong, chunks: 1, chunk: 0, filename: 'x.bin', size: data.length },
      { name: 'blob', data },
    );
    expect(res.data).toMatchObject({ status: 2, complete: 0 });
    expect(await app.ctx.db.select().from(files).where(eq(files.md5, wrong))).toEqual([]);
  });

  it('holds attachments to 150M, or 2G for VIP', async () => {
    const u = await registerUser(app);
    const body = { fileMd5: md5(Buffer.from('big')), filename: 'big.zip', size: 200 * 1024 * 1024 };
    expect(await call(app, '/UploadApi/checkChunk', body, { token: u.token })).toMatchObject({
      code: 40013,
      message: '文件太大：非会员附件最大 150M，会员最大 2G；较大的文件请分片上传',
    });
    await app.ctx.db.update(users).set({ isvip: 1 }).where(eq(users.id, u.uid));
    await app.ctx.sessions.forgetUser(u.uid); // as the services do after changing a user
    expect((await call(app, '/UploadApi/checkChunk', body, { token: u.token })).data).toMatchObject({ exists: 0 });
    expect((await call(app, '/UploadApi/checkChunk', { ...body, size: 3 * 1024 * 1024 * 1024 }, { token: u.token })).code).toBe(
      40013,
    );
  });

  it('refuses fields that do not describe the file', async () => {
    const u = await registerUser(app);
    const data = randomBytes(100);
    expect(
      (
        await upload(
          '/UploadApi/uploadChunk',
          u.token,
          { fileMd5: 'nope', chunks: 1, chunk: 0, filename: 'a', size: 100 },
          { name: 'b', data },
        )
      ).message,
    ).toBe('文件校验值不正确');
    expect(
      (
        await upload(
          '/UploadApi/uploadChunk',
          u.token,
          { fileMd5: md5(data), chunks: 3, chunk: 0, filename: 'a', size: 100 },
          { name: 'b', data },
        )
      ).message,
    ).toBe('文件大小不正确');
  });
});
