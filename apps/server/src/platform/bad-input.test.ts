import { randomBytes } from 'node:crypto';
import { EPOCH_SECONDS_MAX, INT_MAX } from '@paiclass/shared';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseForm, newCourse, newTeacher } from '../../test/courses';
import { contractRoutes, inputSchema, type JsonSchema } from '../../test/fuzz-support';
import { call, newAddress, type TestDatabase, testApp, testDatabase, upload } from '../../test/helpers';
import { contents, courses, files, uploads } from '../db/schema';

/**
 * Issue 11 point 9: the inputs that answered HTTP 500 (ids past PostgreSQL's integer, NUL
 * characters, cut-short uploads and over-long file names, dates past year 9999) are each refused
 * with a localised 40001 that names the field, and nothing is written.
 */

let db: TestDatabase;
let app: FastifyInstance;
let teacher: { token: string; uid: number };
let course: { id: number; code: string };
/** a teacher whose account speaks English, and a course of theirs */
let english: { token: string };
let englishCourse: { id: number };

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  teacher = await newTeacher(app);
  course = await newCourse(app, teacher.token);
  english = await newTeacher(app);
  await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: english.token });
  englishCourse = await newCourse(app, english.token);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const rows = async (table: typeof courses | typeof contents | typeof files | typeof uploads) =>
  (await app.ctx.db.select({ n: count() }).from(table))[0]!.n;
const soon = () => Math.floor(Date.now() / 1000) + 3600;

describe('ids past 2^31-1', () => {
  it('refuses an id past 2^31-1 with 40001 naming courseid, in zh and en', async () => {
    const zh = await call(app, '/CourseApi/getCourseInfo', { courseid: INT_MAX + 1 }, { token: teacher.token });
    expect(zh).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：courseid' });
    const en = await call(app, '/CourseApi/getCourseInfo', { courseid: String(INT_MAX + 1) }, { token: english.token });
    expect(en).toMatchObject({ status: 0, code: 40001, message: 'Invalid input: courseid' });
  });

  it('refuses an id past 2^31-1 inside a list, naming its place', async () => {
    const res = await call(
      app,
      '/FutureV2/ClassAdministration/kick',
      { courseid: course.id, uids: [1, INT_MAX + 1] },
      { token: teacher.token },
    );
    expect(res).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：uids.1' });
  });

  it('still answers the largest id PostgreSQL holds as a missing course', async () => {
    const res = await call(app, '/CourseApi/getCourseInfo', { courseid: INT_MAX }, { token: teacher.token });
    expect(res.status).toBe(0);
    expect(res.code).not.toBe(40001);
    expect(res.code).toBeLessThan(50000);
  });

  it('gives every integer of every call a bound PostgreSQL holds', () => {
    // file sizes are bigint columns; times (epoch seconds) end with year 9999
    const unbounded: string[] = [];
    const walk = (s: JsonSchema | undefined, path: string, url: string) => {
      if (!s) return;
      const field = path.split('.').pop()!;
      const max = field === 'size' ? Number.MAX_SAFE_INTEGER : /time$|^exp(ires?)?$/.test(field) ? EPOCH_SECONDS_MAX : INT_MAX;
      if (s.type === 'integer' && !(s.maximum !== undefined && s.maximum <= max)) unbounded.push(`${url} ${path}`);
      for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, path ? `${path}.${k}` : k, url);
      walk(s.items, `${path}[]`, url);
      for (const v of s.anyOf ?? []) walk(v, path, url);
    };
    for (const route of contractRoutes()) walk(inputSchema(route), '', route.url);
    expect(unbounded).toEqual([]);
  });
});

describe('NUL characters', () => {
  it('refuses a NUL character in a text field with 40001 naming it, and creates nothing', async () => {
    const before = await rows(courses);
    const res = await call(app, '/CourseApi/createCourse', courseForm({ coursename: '高等\u0000数学' }), {
      token: teacher.token,
    });
    expect(res).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：coursename' });
    expect(await rows(courses)).toBe(before);
  });

  it('refuses a NUL character in a nested field, a search and a form-encoded body alike', async () => {
    const nested = await call(
      app,
      '/CourseApi/saveEnrollSetting',
      { courseid: englishCourse.id, enrollstate: '1', auditstate: '0', formLists: [{ key: '', title: 'a\u0000' }] },
      { token: english.token },
    );
    expect(nested).toMatchObject({ status: 0, code: 40001, message: 'Invalid input: formLists.0.title' });
    const search = await call(app, '/CourseApi/semesterCourseList', { search: '\u0000' }, { token: teacher.token });
    expect(search).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：search' });
    const form = await call(
      app,
      '/CourseApi/addDirectory',
      { courseid: String(course.id), title: 'x\u0000' },
      { token: teacher.token, form: true },
    );
    expect(form).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：title' });
  });

  it('refuses a NUL character in an upload field or file name', async () => {
    const before = await rows(files);
    const res = await upload(
      app,
      '/UploadApi/uploadV2',
      teacher.token,
      { filename: 'a\u0000.txt' },
      { name: 'a.txt', data: Buffer.from('x') },
    );
    expect(res).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：filename' });
    expect(await rows(files)).toBe(before);
  });
});

describe('uploads', () => {
  async function truncated(url: string) {
    const boundary = `----cut${randomBytes(4).toString('hex')}`;
    const whole = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(500)}\r\n--${boundary}--\r\n`,
    );
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { token: teacher.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: whole.subarray(0, 200),
      remoteAddress: newAddress(),
    });
    return { http: res.statusCode, ...res.json() };
  }

  it('refuses an upload cut short with 40001 in the caller’s language, and stores nothing', async () => {
    const before = [await rows(files), await rows(uploads)];
    for (const url of ['/UploadApi/uploadV2', '/UploadApi/uploadChunk']) {
      expect(await truncated(url)).toMatchObject({ http: 200, status: 0, code: 40001, message: '上传的内容不完整，请重新上传' });
    }
    expect([await rows(files), await rows(uploads)]).toEqual(before);
  });

  it('refuses a file name over 255 characters with 40001, and stores nothing', async () => {
    const before = await rows(files);
    const long = `${'名'.repeat(256)}.txt`;
    const asPart = await upload(app, '/UploadApi/uploadV2', teacher.token, {}, { name: long, data: Buffer.from('x') });
    expect(asPart).toMatchObject({ status: 0, code: 40001, message: '文件名不正确' });
    const asField = await upload(
      app,
      '/UploadApi/uploadV2',
      teacher.token,
      { filename: long },
      { name: 'a.txt', data: Buffer.from('x') },
    );
    expect(asField).toMatchObject({ status: 0, code: 40001, message: '文件名不正确' });
    expect(await rows(files)).toBe(before);
  });
});

describe('dates past year 9999', () => {
  it('refuses a deadline or publish time past 9999-12-31 with 40001 naming the field, and creates nothing', async () => {
    const before = await rows(contents);
    const late = await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '作业', endtime: EPOCH_SECONDS_MAX + 1 },
      { token: teacher.token },
    );
    expect(late).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：endtime' });
    const publish = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid: englishCourse.id, contenttype: 7, title: '公告', content: '<p>x</p>', publish: 2, publish_time: 8.64e12 },
      { token: english.token },
    );
    expect(publish).toMatchObject({ status: 0, code: 40001, message: 'Invalid input: publish_time' });
    expect(await rows(contents)).toBe(before);
  });

  it('takes a deadline in year 9999', async () => {
    const res = await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '远期作业', endtime: EPOCH_SECONDS_MAX },
      { token: teacher.token },
    );
    expect(res.status).toBe(1);
    expect(soon()).toBeLessThan(EPOCH_SECONDS_MAX);
  });
});

describe('a term that is not a term', () => {
  it('refuses a course list term other than empty, 0, 1 or 2 with 40001 naming term', async () => {
    const res = await call(app, '/CourseApi/semesterCourseList', { term: '第一学期' }, { token: teacher.token });
    expect(res).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：term' });
    expect((await call(app, '/CourseApi/semesterCourseList', { term: '1' }, { token: teacher.token })).status).toBe(1);
  });
});
