import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';

/**
 * Issue 10: a public Ketangpai material downloader, replayed call for call through real HTTP (not
 * inject), so the file addresses it is given are fetched as it would fetch them.
 */

let db: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const statuses: number[] = [];
const answers: number[] = [];

/** A POST as Python's `requests` sends it: JSON text, with or without a Content-Type. */
async function post(path: string, body: unknown, opts: { token?: string; untyped?: boolean; lang?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (!opts.untyped) headers['content-type'] = 'application/json';
  // a Buffer body makes fetch send no Content-Type at all, as `requests.post(data=str)` does
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: Buffer.from(JSON.stringify(body)) });
  statuses.push(res.status);
  const json = (await res.json()) as { status: number; code: number; message: string; data: any };
  return json;
}

type Item = {
  id: number;
  title: string;
  attachment?: unknown[];
  isfolder?: number;
  isdir?: number;
  type?: number;
  filecount?: number;
};
const isFolder = (i: Item) =>
  i.isfolder === 1 || i.isdir === 1 || i.type === 3 || (!i.attachment?.length && (i.filecount ?? 0) > 0);

/** The downloader's listing: pages until a page is shorter than `limit`, recursing into folders by `drid`. */
async function listAll(token: string, courseid: string, drid: number, limit: number, key: 'drid' | 'dirid' = 'drid') {
  const found: Item[] = [];
  for (let page = 1; ; page++) {
    const res = await post(
      '/FutureV2/CourseMeans/getCourseContent',
      { contenttype: 2, courseid, coruserole: 0, desc: 3, [key]: drid, lessonlink: [], limit, page, reqtimestamp: Date.now() },
      { token },
    );
    answers.push(res.status);
    const list: Item[] = res.data.list;
    for (const item of list) {
      if (isFolder(item)) found.push(...(await listAll(token, courseid, item.id, limit, key)));
      else found.push(item);
    }
    if (list.length < limit) return found;
  }
}

describe('a Ketangpai material downloader, unchanged but for its base address', () => {
  it('logs in, lists courses, walks folders page by page and downloads every file byte for byte', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token, { coursename: '数据结构' });
    const student = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
    const bytes = [
      Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(700)]),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(900)]),
    ];
    const ids: number[] = [];
    for (const [i, data] of bytes.entries()) {
      ids.push((await upload(app, '/UploadApi/uploadV2', teacher.token, {}, { name: `ch${i + 1}.pdf`, data })).data.file.id);
    }
    const folder = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '第二章' },
        { token: teacher.token },
      )
    ).data;
    const top = (
      await call(
        app,
        '/FutureV2/CourseMeans/addContent',
        { courseid: course.id, contenttype: 2, title: '第一章', fileids: [ids[0]] },
        { token: teacher.token },
      )
    ).data;
    const inner = (
      await call(
        app,
        '/FutureV2/CourseMeans/addContent',
        { courseid: course.id, contenttype: 2, title: '第二章讲义', fileids: [ids[1]], folderid: folder.id },
        { token: teacher.token },
      )
    ).data;
    expect([folder.id, top.id, inner.id].every(Boolean)).toBe(true);

    // 1. login, the body exactly as the tool sends it, with no Content-Type
    const login = await post(
      '/UserApi/login',
      {
        email: student.mobile,
        password: student.password,
        remember: '0',
        code: '',
        mobile: '',
        type: 'login',
        reqtimestamp: Date.now(),
      },
      { untyped: true },
    );
    expect(login.status).toBe(1);
    expect(typeof login.data.uid).toBe('string');
    const token: string = login.data.token;

    // 2. the course list, read as a list; id a string
    const courses = await post('/CourseApi/semesterCourseList', { isstudy: 1, search: '', reqtimestamp: Date.now() }, { token });
    const mine = (courses.data as { id: string; coursename: string; teachername: string }[]).find(
      (c) => c.coursename === '数据结构',
    );
    expect(mine).toMatchObject({ id: String(course.id), teachername: expect.any(String) });

    // 3. the catalogue, one item a page so paging is exercised, folders opened by drid (and by dirid)
    for (const key of ['drid', 'dirid'] as const) {
      const files = await listAll(token, mine!.id, 0, 1, key);
      expect(files.map((f) => f.id).sort()).toEqual([top.id, inner.id].sort());
    }
    const all = await listAll(token, mine!.id, 0, 50);
    expect(all.map((f) => f.id).sort()).toEqual([top.id, inner.id].sort());

    // the flat style: every file of the type wherever it sits, each naming its folder
    const flat = await post(
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: mine!.id, contenttype: '2', flat: 1 },
      { token },
    );
    expect(flat.data.list.map((i: { id: number; folder: unknown }) => [i.id, i.folder]).sort()).toEqual(
      [
        [top.id, null],
        [inner.id, { id: folder.id, title: '第二章' }],
      ].sort(),
    );

    // 4 and 5. each file's address, absolute, fetched with the same headers; the bytes are the upload's
    for (const [i, item] of [top, inner].entries()) {
      const q = await post('/FutureV2/Courseware/query', { id: item.id, courseid: mine!.id, contenttype: '2' }, { token });
      const att = q.data.attachment[0];
      expect(att.name).toBe(`ch${i + 1}.pdf`);
      expect(att.url).toMatch(new RegExp(`^${base}/FileApi/download\\?`));
      expect(att.downloadurl).toMatch(new RegExp(`^${base}/FileApi/download\\?`));
      expect(att.download_url).toBe(att.downloadurl);
      const res = await fetch(att.url, { headers: { token } });
      statuses.push(res.status);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes[i]!)).toBe(true);
    }
    expect(statuses.every((s) => s >= 200 && s < 300)).toBe(true);
    expect([login.status, courses.status, flat.status, ...answers].every((s) => s === 1)).toBe(true);
  });

  it('builds file addresses from PUBLIC_URL when it is configured', async () => {
    const other = await testApp(db, { PUBLIC_URL: 'https://class.example.edu.cn' });
    try {
      const teacher = await newTeacher(other);
      const res = await upload(
        other,
        '/UploadApi/uploadV2',
        teacher.token,
        {},
        { name: 'a.pdf', data: Buffer.from('%PDF-1.4\nx') },
      );
      expect(res.data.file.url).toMatch(/^https:\/\/class\.example\.edu\.cn\/FileApi\/download\?/);
    } finally {
      await other.close();
    }
  });
});

describe('tolerance rules', () => {
  it('reads a body sent without a Content-Type or as text/plain as JSON, else as form fields', async () => {
    const res = await fetch(`${base}/SchoolApi/getConfig`, { method: 'POST', body: Buffer.from('{"reqtimestamp":1}') });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: number }).status).toBe(1);
    const plain = await fetch(`${base}/SchoolApi/getConfig`, { method: 'POST', body: 'reqtimestamp=1' });
    expect(plain.status).toBe(200);
  });

  it('accepts contenttype as a list, sort [], any desc, limit 200 and misspelt or unknown fields', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const res = await post(
      '/FutureV2/CourseMeans/getCourseContent',
      {
        courseid: String(course.id),
        contenttype: ['2', '8'],
        sort: [],
        desc: '3',
        limit: 200,
        lessonlink: [],
        coruserole: 0,
        vtr: 'x',
      },
      { token: teacher.token },
    );
    expect(res).toMatchObject({ status: 1, data: { list: [], limit: 200 } });
  });

  it('lists every course for semester "" and term "0"', async () => {
    const teacher = await newTeacher(app);
    await newCourse(app, teacher.token, { term: 1 });
    await newCourse(app, teacher.token, { term: 2 });
    const res = await post('/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '0' }, { token: teacher.token });
    expect(res.data).toHaveLength(2);
    expect(res.data.map((c: { term: string }) => c.term).sort()).toEqual(['1', '2']);
  });

  it('names the wrong field in a refusal, in the caller’s language, and changes nothing', async () => {
    const teacher = await newTeacher(app);
    const zh = await post('/FutureV2/CourseMeans/getCourseContent', { courseid: 'abc' }, { token: teacher.token });
    expect(zh).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：courseid' });
    await post('/UserApi/setLanguage', { lang: 'en' }, { token: teacher.token });
    const en = await post('/FutureV2/CourseMeans/getCourseContent', { courseid: 'abc' }, { token: teacher.token, lang: 'en' });
    expect(en).toMatchObject({ status: 0, code: 40001, message: 'Invalid input: courseid' });
    const limit = await post(
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: 1, limit: 201 },
      { token: teacher.token, lang: 'en' },
    );
    expect(limit.message).toBe('Invalid input: limit');
  });
});
