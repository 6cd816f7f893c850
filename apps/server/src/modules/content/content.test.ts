import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { contents, jobs, messageNotices } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const now = () => Math.floor(Date.now() / 1000);
type Person = { token: string; uid: number };

/** A course with its teacher and two students. */
async function classroom() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const students: Person[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    students.push(s);
  }
  return { teacher, course, students, a: students[0]!, b: students[1]! };
}

async function file(
  token: string,
  name = 'chapter1.pdf',
  data: Buffer = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]),
) {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name, data });
  return res.data.file as { id: number; url: string };
}

async function add(token: string, body: Record<string, unknown>) {
  return call(app, '/FutureV2/CourseMeans/addContent', { publish: 1, ...body }, { token });
}

async function material(token: string, courseid: number, extra: Record<string, unknown> = {}) {
  const f = await file(token);
  const res = await add(token, { courseid, contenttype: 2, title: '第一章 讲义', fileids: [f.id], ...extra });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number };
}

const list = (token: string, body: Record<string, unknown>) =>
  call(app, '/FutureV2/CourseMeans/getCourseContent', body, { token });

describe('the catalogue as Ketangpai clients read it', () => {
  it('answers getCourseContent with string numbers and the item fields tools read', async () => {
    const { teacher, course, a } = await classroom();
    const m = await material(teacher.token, course.id, { endtime: now() + 86400 });
    const res = await list(a.token, {
      courseid: String(course.id),
      courserole: '0',
      contenttype: '0',
      dirid: '',
      lessonlink: '',
      sort: '',
      desc: '1',
      page: '1',
      limit: '10',
      vtr_type: '',
    });
    expect(res.status).toBe(1);
    expect(res.data.total).toBe(1);
    const [item] = res.data.list;
    expect(item).toMatchObject({
      id: m.id,
      courseid: course.id,
      title: '第一章 讲义',
      contenttype: 2,
      mstatus: 0,
      folder: null,
      directory: null,
      publishState: 2,
    });
    expect(item.endtime).toBeGreaterThan(now());
    expect(item.attachment[0]).toMatchObject({ name: 'chapter1.pdf', size: 509 });
    // absolute, under the request's own host (PUBLIC_URL unset)
    expect(item.attachment[0].url).toMatch(/^http:\/\/localhost(:\d+)?\/FileApi\/download\?id=\d+&exp=\d+&dl=0&sig=/);
    // raw status 0 (published) and its normalisation (spec 2 §4): 0 → 2
    expect(item).toMatchObject({ status: 0, state: 0, normalized: { status: 2, state: 0 } });
  });

  it('answers Courseware/query with attachment {name, url, orgin_size, playurl} and counts it as learned', async () => {
    const { teacher, course, a } = await classroom();
    const m = await material(teacher.token, course.id);
    const res = await call(
      app,
      '/FutureV2/Courseware/query',
      { id: String(m.id), courseid: String(course.id), contenttype: '2' },
      { token: a.token },
    );
    expect(res.data.attachment[0]).toMatchObject({ name: 'chapter1.pdf', orgin_size: 509, playurl: '' });
    expect((await app.inject({ method: 'GET', url: res.data.attachment[0].url })).statusCode).toBe(200);
    expect((await list(a.token, { courseid: course.id })).data.list[0].mstatus).toBe(1);
  });

  it('filters by exactly the types asked (one, or a list as ["2","10"]) and by directory', async () => {
    const { teacher, course, a } = await classroom();
    await material(teacher.token, course.id);
    await add(teacher.token, { courseid: course.id, contenttype: 10, title: '课程网站', link: 'https://example.edu.cn/course' });
    await add(teacher.token, { courseid: course.id, contenttype: 7, title: '期中考试通知', content: '<p>下周三期中考试</p>' });
    const dir = (await call(app, '/CourseApi/addDirectory', { courseid: course.id, title: '第一单元' }, { token: teacher.token }))
      .data;
    const n = await add(teacher.token, {
      courseid: course.id,
      contenttype: 7,
      title: '单元公告',
      content: '<p>第一单元</p>',
      dirid: dir.id,
    });
    const types = async (contenttype: unknown) =>
      (await list(a.token, { courseid: course.id, contenttype })).data.list
        .map((i: { contenttype: number }) => i.contenttype)
        .sort((x: number, y: number) => x - y);
    // a client asking for 2 and 8 separately and merging them must not get every file twice
    expect(await types(2)).toEqual([2]);
    expect(await types(8)).toEqual([]);
    expect(await types(['2', '10'])).toEqual([2, 10]);
    expect(await types('2,10')).toEqual([2, 10]);
    expect((await list(a.token, { courseid: course.id, contenttype: 7 })).data.total).toBe(2);
    const inDir = (await list(a.token, { courseid: course.id, dirid: dir.id })).data;
    expect(inDir.list.map((i: { id: number }) => i.id)).toEqual([n.data.id]);
    expect(inDir.list[0].directory).toEqual({ id: dir.id, title: '第一单元' });
  });
});

describe('download permission', () => {
  it('gives a student no usable file address anywhere when the material is not downloadable', async () => {
    const { teacher, course, a } = await classroom();
    const m = await material(teacher.token, course.id, { downloadable: 0 });
    const answers = [
      await list(a.token, { courseid: course.id }),
      await call(app, '/FutureV2/Courseware/query', { id: m.id, courseid: course.id }, { token: a.token }),
      await call(app, '/FutureV2/CourseMeans/getContentDetail', { id: m.id, courseid: course.id }, { token: a.token }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(1);
      expect(JSON.stringify(res.data)).not.toMatch(/FileApi|sig=/);
    }
    const attachment = answers[1]!.data.attachment[0];
    expect(attachment).toMatchObject({ name: 'chapter1.pdf', url: '', playurl: '', candownload: 0 });
    const refused = await call(
      app,
      '/FutureV2/Courseware/download',
      { id: m.id, courseid: course.id, fileid: attachment.id },
      { token: a.token },
    );
    expect(refused).toMatchObject({ status: 0, code: 30401, message: '没有下载权限' });
    // the teacher still has it, and switching it on gives the student a working address
    const own = await call(
      app,
      '/FutureV2/Courseware/download',
      { id: m.id, courseid: course.id, fileid: attachment.id },
      { token: teacher.token },
    );
    expect(own.data.download).toMatch(/dl=1/);
    await call(
      app,
      '/FutureV2/CourseMeans/setDownload',
      { id: m.id, courseid: course.id, downloadable: 1 },
      { token: teacher.token },
    );
    const allowed = await call(
      app,
      '/FutureV2/Courseware/download',
      { id: m.id, courseid: course.id, fileid: attachment.id },
      { token: a.token },
    );
    const got = await app.inject({ method: 'GET', url: allowed.data.download });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a student the switch', async () => {
    const { teacher, course, a } = await classroom();
    const m = await material(teacher.token, course.id);
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/setDownload',
          { id: m.id, courseid: course.id, downloadable: 0 },
          { token: a.token },
        )
      ).code,
    ).toBe(40003);
  });
});

describe('membership scoping', () => {
  it('refuses a student another course’s content, whichever way it is asked', async () => {
    const one = await classroom();
    const two = await classroom();
    const theirs = await material(two.teacher.token, two.course.id);
    const notice = (
      await add(two.teacher.token, { courseid: two.course.id, contenttype: 7, title: '通知', content: '<p>内容</p>' })
    ).data;
    const me = one.a;
    expect((await list(me.token, { courseid: two.course.id })).code).toBe(30202);
    expect(
      (await call(app, '/FutureV2/Courseware/query', { id: theirs.id, courseid: two.course.id }, { token: me.token })).code,
    ).toBe(30202);
    // their item under my course id is simply not found
    expect(
      (await call(app, '/FutureV2/Courseware/query', { id: theirs.id, courseid: one.course.id }, { token: me.token })).code,
    ).toBe(40004);
    expect((await call(app, '/Futurev2/Comment/getCommentPage', { contentid: notice.id }, { token: me.token })).code).toBe(30202);
    expect(
      (await call(app, '/Futurev2/Comment/addComment', { contentid: notice.id, content: '你好' }, { token: me.token })).code,
    ).toBe(30202);
    expect((await call(app, '/NoticeApi/readNotice', { id: notice.id }, { token: me.token })).code).toBe(30202);
    expect(
      (await call(app, '/Futurev2/Todo/ignoreTodo', { contentid: notice.id, contenttype: 7, msgtype: 1 }, { token: me.token }))
        .code,
    ).toBe(30202);
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/deleteContent',
          { id: theirs.id, courseid: one.course.id },
          { token: one.teacher.token },
        )
      ).code,
    ).toBe(40004);
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/getContentDetail',
          { id: theirs.id, courseid: two.course.id },
          { token: one.teacher.token },
        )
      ).code,
    ).toBe(30202);
  });

  it('lets a teacher and an assistant manage, and a student only learn', async () => {
    const { teacher, course, a } = await classroom();
    const assistant = await newTeacher(app);
    const me = await call(app, '/UserApi/getUserInfo', {}, { token: assistant.token });
    await call(
      app,
      '/AssistantApi/addAssistant',
      { courseid: course.id, account: me.data.mobile ?? assistant.mobile },
      { token: teacher.token },
    );
    const f = await file(assistant.token);
    const byAssistant = await add(assistant.token, { courseid: course.id, contenttype: 2, title: '助教上传', fileids: [f.id] });
    expect(byAssistant.status).toBe(1);
    const byStudent = await add(a.token, {
      courseid: course.id,
      contenttype: 2,
      title: '学生上传',
      fileids: [(await file(a.token)).id],
    });
    expect(byStudent.code).toBe(40003);
    for (const path of [
      '/FutureV2/CourseMeans/getStudyProgress',
      '/FutureV2/CourseMeans/deleteContent',
      '/FutureV2/CourseMeans/publishContent',
    ]) {
      expect((await call(app, path, { courseid: course.id, id: byAssistant.data.id }, { token: a.token })).code).toBe(40003);
    }
    expect((await call(app, '/CourseApi/addDirectory', { courseid: course.id, title: '第二章' }, { token: a.token })).code).toBe(
      40003,
    );
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/getStudyProgress',
          { courseid: course.id, id: byAssistant.data.id },
          { token: assistant.token },
        )
      ).status,
    ).toBe(1);
  });
});

describe('validation: a clear message and nothing created', () => {
  it.each([
    [{ contenttype: 7, title: '通知', content: '<p> &nbsp; </p><script>alert(1)</script>' }, '公告内容不允许为空'],
    [{ contenttype: 7, title: '', content: '<p>内容</p>' }, '请输入标题'],
    [{ contenttype: 7, title: 'x'.repeat(101), content: '<p>内容</p>' }, '标题最多 100 个字'],
    [{ contenttype: 2, title: '资料' }, '请至少上传一个文件'],
    [{ contenttype: 10, title: '链接', link: 'javascript:alert(1)' }, '请输入以 http:// 或 https:// 开头的链接'],
    [{ contenttype: 10, title: '链接', link: 'example.com' }, '请输入以 http:// 或 https:// 开头的链接'],
    [{ contenttype: 3, title: '互动' }, '不支持这种内容类型'],
    [{ contenttype: 7, title: '通知', content: '<p>内容</p>', publish: 2, publish_time: now() - 60 }, '时间不能早于现在'],
    [
      { contenttype: 7, title: '通知', content: '<p>内容</p>', publish: 2, publish_time: now() + 7200, endtime: now() + 3600 },
      '截止时间不能早于发布时间',
    ],
  ])('refuses %j', async (body, message) => {
    const { teacher, course } = await classroom();
    const res = await add(teacher.token, { courseid: course.id, ...body });
    expect(res).toMatchObject({ status: 0, code: 40001, message });
    expect(await app.ctx.db.select().from(contents).where(eq(contents.courseId, course.id))).toEqual([]);
  });

  it('refuses attaching someone else’s file, and a MOOC video that is not a video', async () => {
    const { teacher, course, a } = await classroom();
    const hers = await file(a.token);
    expect((await add(teacher.token, { courseid: course.id, contenttype: 2, title: '资料', fileids: [hers.id] })).message).toBe(
      '只能添加自己上传的文件',
    );
    const pdf = await file(teacher.token);
    expect((await add(teacher.token, { courseid: course.id, contenttype: 9, title: '视频', fileids: [pdf.id] })).message).toBe(
      '请上传视频文件',
    );
  });

  it('answers in English for an English caller', async () => {
    const { teacher, course } = await classroom();
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: teacher.token });
    const res = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 7, title: 'Notice', content: '' },
      { token: teacher.token },
    );
    expect(res.message).toBe('The announcement cannot be empty');
  });
});

describe('rich text', () => {
  it('keeps formatting, drops scripts, handlers, javascript links and foreign images; own images get fresh addresses', async () => {
    const { teacher, course, a } = await classroom();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]);
    const mine = (await upload(app, '/UploadApi/uploadV2', teacher.token, { type: 'image' }, { name: 'a.png', data: png })).data
      .file;
    const hers = (await upload(app, '/UploadApi/uploadV2', a.token, { type: 'image' }, { name: 'b.png', data: png })).data.file;
    const html = `<p style="font-size: 20px; position: fixed">加粗<strong>重点</strong><script>steal()</script></p><img src="x" onerror="steal()"><a href="javascript:steal()">点我</a><a href="https://example.edu.cn">课程网站</a><img src="${mine.url}"><img src="${hers.url}"><span style="font-size: 100px">大</span>`;
    const res = await add(teacher.token, { courseid: course.id, contenttype: 7, title: '格式', content: html });
    expect(res.status).toBe(1);
    const shown = (
      await call(app, '/FutureV2/CourseMeans/getContentDetail', { courseid: course.id, id: res.data.id }, { token: a.token })
    ).data.content as string;
    expect(shown).toContain('<p style="font-size:20px">加粗<strong>重点</strong></p>');
    expect(shown).not.toMatch(/script|onerror|javascript|position|100px/);
    expect(shown).toContain('<a href="https://example.edu.cn" target="_blank" rel="noopener noreferrer nofollow">课程网站</a>');
    expect(shown).toContain(`data-file="${mine.id}"`);
    expect(shown).not.toContain(`data-file="${hers.id}"`);
    const src = /<img src="([^"]+)"/.exec(shown)![1]!.replace(/&amp;/g, '&');
    expect((await app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
  });

  it('keeps the lines Chromium’s editor makes with Enter, blank line included, and nothing on the divs that could run script', async () => {
    const { teacher, course, a } = await classroom();
    // exactly what Chromium's contenteditable holds after "first", Enter, "second", Enter, Enter, "third"
    const typed = 'first<div>second</div><div><br></div><div>third</div>';
    const res = await add(teacher.token, { courseid: course.id, contenttype: 7, title: '三行', content: typed });
    expect(res.status).toBe(1);
    const detail = (id: number) =>
      call(app, '/FutureV2/CourseMeans/getContentDetail', { courseid: course.id, id }, { token: a.token });
    expect((await detail(res.data.id)).data.content).toBe('first<div>second</div><div><br /></div><div>third</div>');

    const hostile = await add(teacher.token, {
      courseid: course.id,
      contenttype: 7,
      title: '坏的',
      content: '<div onclick="steal()" style="text-align: center; background: url(javascript:steal())" class="x">居中</div>',
    });
    expect(hostile.status).toBe(1);
    expect((await detail(hostile.data.id)).data.content).toBe('<div style="text-align:center">居中</div>');
  });
});

describe('publishing at a time and end times are durable jobs', () => {
  it('publishes a scheduled notice after a restart, once, and tells each student once', async () => {
    const { teacher, course, a, b } = await classroom();
    const at = now() + 3600;
    const res = await add(teacher.token, {
      courseid: course.id,
      contenttype: 7,
      title: '停课通知',
      content: '<p>明天停课</p>',
      publish: 2,
      publish_time: at,
    });
    expect(res.data).toMatchObject({ publishState: 1, publish_time: at, status: 2, normalized: { status: 1 } });
    expect((await list(a.token, { courseid: course.id })).data.total).toBe(0);

    // a restart: a new instance over the same database takes the job up
    const second = await testApp(db);
    try {
      expect(await second.ctx.jobs.runDue(new Date((at - 10) * 1000))).toBe(0);
      expect(await second.ctx.jobs.runDue(new Date((at + 5) * 1000))).toBeGreaterThanOrEqual(1);
      expect(await second.ctx.jobs.runDue(new Date((at + 3600) * 1000))).toBe(0);
      await app.ctx.jobs.runDue(new Date((at + 7200) * 1000));
    } finally {
      await second.close();
    }
    const seen = (await list(a.token, { courseid: course.id })).data;
    expect(seen.list[0]).toMatchObject({ id: res.data.id, publishState: 2 });
    for (const s of [a, b]) {
      const rows = await app.ctx.db.select().from(messageNotices).where(eq(messageNotices.userId, s.uid));
      expect(rows.filter((r) => r.contentId === res.data.id)).toHaveLength(1);
    }
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `content-publish:${res.data.id}`));
    expect(job!.doneAt).not.toBeNull();
  });

  it('moves the job when rescheduled and drops it when the item is deleted', async () => {
    const { teacher, course } = await classroom();
    const draft = await add(teacher.token, {
      courseid: course.id,
      contenttype: 7,
      title: '草稿',
      content: '<p>草稿</p>',
      publish: 0,
    });
    expect(draft.data.publishState).toBe(0);
    await call(
      app,
      '/FutureV2/CourseMeans/publishContent',
      { courseid: course.id, id: draft.data.id, publish_time: now() + 600 },
      { token: teacher.token },
    );
    await call(
      app,
      '/FutureV2/CourseMeans/setEndTime',
      { courseid: course.id, id: draft.data.id, endtime: now() + 1200 },
      { token: teacher.token },
    );
    const keys = async () =>
      (await app.ctx.db.select().from(jobs))
        .filter((j) => j.key?.startsWith('content-') && j.key.endsWith(`:${draft.data.id}`) && !j.doneAt)
        .map((j) => j.key);
    expect((await keys()).sort()).toEqual([`content-end:${draft.data.id}`, `content-publish:${draft.data.id}`]);
    await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: draft.data.id }, { token: teacher.token });
    expect(await keys()).toEqual([]);
  });

  it('ends an item at its end time; an ended topic takes no more comments; a later end reopens it', async () => {
    const { teacher, course, a } = await classroom();
    const end = now() + 60;
    const topic = (
      await add(teacher.token, {
        courseid: course.id,
        contenttype: 5,
        title: '讨论：极限',
        content: '<p>说说你的理解</p>',
        endtime: end,
      })
    ).data;
    await app.ctx.jobs.runDue(new Date((end + 1) * 1000));
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, topic.id));
    expect(row!.publishState).toBe(3);
    const refused = await call(
      app,
      '/Futurev2/Comment/addComment',
      { contentid: topic.id, content: '来晚了' },
      { token: a.token },
    );
    expect(refused).toMatchObject({ status: 0, code: 30403 });
    await call(
      app,
      '/FutureV2/CourseMeans/setEndTime',
      { courseid: course.id, id: topic.id, endtime: now() + 3600 },
      { token: teacher.token },
    );
    expect(
      (await call(app, '/Futurev2/Comment/addComment', { contentid: topic.id, content: '现在可以了' }, { token: a.token }))
        .status,
    ).toBe(1);
  });
});

describe('folders and directories', () => {
  it('pages a folder’s children 10 at a time and keeps folders to their own kind, one level deep', async () => {
    const { teacher, course, a } = await classroom();
    const folder = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '课件合集' },
        { token: teacher.token },
      )
    ).data;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await material(teacher.token, course.id, { title: `资料 ${i}` })).id);
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/moveToFolder',
          { courseid: course.id, ids: ids.join(','), folderid: folder.id },
          { token: teacher.token },
        )
      ).data.count,
    ).toBe(12);
    const top = (await list(a.token, { courseid: course.id })).data;
    expect(top.total).toBe(1);
    expect(top.list[0]).toMatchObject({
      id: folder.id,
      item_type: 2,
      children: { total: 12, currentPage: 1, pageSize: 10, finished: 0 },
    });
    expect(top.list[0].children.list).toHaveLength(10);
    const page2 = (await list(a.token, { courseid: course.id, folderid: folder.id, page: 2 })).data;
    expect(page2).toMatchObject({ total: 12, finished: 1 });
    expect(page2.list).toHaveLength(2);
    expect(page2.list[0].folder).toEqual({ id: folder.id, title: '课件合集' });

    // a link shares the materials' folders
    const link = (
      await add(teacher.token, { courseid: course.id, contenttype: 10, title: '网站', link: 'https://example.edu.cn' })
    ).data;
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/moveToFolder',
          { courseid: course.id, ids: [link.id], folderid: folder.id },
          { token: teacher.token },
        )
      ).data.count,
    ).toBe(1);
    await call(
      app,
      '/FutureV2/CourseMeans/moveToFolder',
      { courseid: course.id, ids: [link.id], folderid: 0 },
      { token: teacher.token },
    );
    const notices = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 7, title: '公告' },
        { token: teacher.token },
      )
    ).data;
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/moveToFolder',
          { courseid: course.id, ids: [ids[0]], folderid: notices.id },
          { token: teacher.token },
        )
      ).code,
    ).toBe(30404);
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/moveToFolder',
          { courseid: course.id, ids: [notices.id], folderid: folder.id },
          { token: teacher.token },
        )
      ).code,
    ).toBe(30404);
    // deleting the folder takes its children
    expect(
      (await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: folder.id }, { token: teacher.token }))
        .data.count,
    ).toBe(13);
  });

  it('lists directories with their counts; deleting one keeps its items', async () => {
    const { teacher, course, a } = await classroom();
    const d1 = (await call(app, '/CourseApi/addDirectory', { courseid: course.id, title: '第一章' }, { token: teacher.token }))
      .data;
    expect(
      (await call(app, '/CourseApi/addDirectory', { courseid: course.id, title: ' ' }, { token: teacher.token })).message,
    ).toBe('目录名称不能为空，最多 50 个字');
    const m = await material(teacher.token, course.id);
    const draft = (
      await add(teacher.token, { courseid: course.id, contenttype: 7, title: '草稿', content: '<p>x</p>', publish: 0 })
    ).data;
    const moved = await call(
      app,
      '/FutureV2/CourseMeans/directoryChange',
      { courseid: course.id, ids: [m.id, draft.id], dirid: d1.id },
      { token: teacher.token },
    );
    expect(moved.data).toEqual({ count: 2 });
    expect(
      (await call(app, '/CourseApi/getCourseDirectory', { courseid: course.id }, { token: teacher.token })).data.list,
    ).toEqual([{ id: d1.id, title: '第一章', count: 2 }]);
    // a draft is not counted for students
    expect((await call(app, '/CourseApi/getCourseDirectory', { courseid: course.id }, { token: a.token })).data.list).toEqual([
      { id: d1.id, title: '第一章', count: 1 },
    ]);
    await call(
      app,
      '/CourseApi/renameDirectory',
      { courseid: course.id, id: d1.id, title: '第一章 函数' },
      { token: teacher.token },
    );
    await call(app, '/CourseApi/deleteDirectory', { courseid: course.id, id: d1.id }, { token: teacher.token });
    expect((await list(a.token, { courseid: course.id })).data.list[0]).toMatchObject({ id: m.id, directory: null });
  });

  /** Where each item stands now: its folder, its directory and whether it is deleted. */
  const placeOf = async (ids: number[]) =>
    (await app.ctx.db.select().from(contents).where(inArray(contents.id, ids)))
      .sort((x, y) => x.id - y.id)
      .map((r) => ({ id: r.id, folderId: r.folderId, directoryId: r.directoryId, deleted: r.deletedAt !== null }));

  it('refuses a move to a folder that holds one wrong item, naming it in the caller’s language, and moves none', async () => {
    const { teacher, course } = await classroom();
    const folder = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '讲义' },
        { token: teacher.token },
      )
    ).data;
    // the valid item first, so that a loop writing as it checks would move it before meeting the wrong one
    const m = await material(teacher.token, course.id);
    const notice = (
      await add(teacher.token, { courseid: course.id, contenttype: 7, title: '期中安排', content: '<p>周五考试</p>' })
    ).data;
    const other = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '另一个文件夹' },
        { token: teacher.token },
      )
    ).data;
    const before = await placeOf([m.id, notice.id, other.id]);
    const move = (ids: number[]) =>
      call(
        app,
        '/FutureV2/CourseMeans/moveToFolder',
        { courseid: course.id, ids, folderid: folder.id },
        { token: teacher.token },
      );
    const refused = await move([m.id, notice.id]);
    expect(await placeOf([m.id, notice.id, other.id])).toEqual(before);
    expect(refused).toMatchObject({
      status: 0,
      code: 30404,
      message: '「期中安排」：只能移到同类内容的文件夹里，文件夹里不能再放文件夹',
    });
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: teacher.token });
    expect((await move([m.id, notice.id])).message).toBe(
      '“期中安排”: Items can only go into a folder of their own kind, and folders cannot hold folders',
    );
    expect(await move([m.id, other.id])).toMatchObject({ code: 30404, message: expect.stringContaining('另一个文件夹') });
    expect(await placeOf([m.id, notice.id, other.id])).toEqual(before);
    // the valid item alone moves
    expect((await move([m.id])).data).toEqual({ count: 1 });
    expect((await placeOf([m.id]))[0]).toMatchObject({ folderId: folder.id });
  });

  it('refuses a directory change that holds an item inside a folder, naming it, and moves none', async () => {
    const { teacher, course } = await classroom();
    const dir = (await call(app, '/CourseApi/addDirectory', { courseid: course.id, title: '第二章' }, { token: teacher.token }))
      .data;
    const top = await material(teacher.token, course.id, { title: '顶层讲义' });
    const folder = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '合集' },
        { token: teacher.token },
      )
    ).data;
    const inside = await material(teacher.token, course.id, { title: '夹内讲义', folderid: folder.id });
    const before = await placeOf([top.id, folder.id, inside.id]);
    const res = await call(
      app,
      '/FutureV2/CourseMeans/directoryChange',
      { courseid: course.id, ids: [top.id, inside.id], dirid: dir.id },
      { token: teacher.token },
    );
    expect(await placeOf([top.id, folder.id, inside.id])).toEqual(before);
    expect(res).toMatchObject({ status: 0, code: 30404, message: expect.stringContaining('「夹内讲义」') });
    // the top-level item and the folder (with its child) move together
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/directoryChange',
          { courseid: course.id, ids: [top.id, folder.id], dirid: dir.id },
          { token: teacher.token },
        )
      ).data,
    ).toEqual({ count: 2 });
    expect((await placeOf([top.id, folder.id, inside.id])).map((r) => r.directoryId)).toEqual([dir.id, dir.id, dir.id]);
  });

  it('deletes a folder, its children and their jobs together: a delete that fails part-way deletes nothing', async () => {
    const { teacher, course } = await classroom();
    const folder = (
      await call(
        app,
        '/FutureV2/CourseMeans/addFolder',
        { courseid: course.id, contenttype: 2, title: '旧资料' },
        { token: teacher.token },
      )
    ).data;
    const children = [
      await material(teacher.token, course.id, { folderid: folder.id, endtime: now() + 3600 }),
      await material(teacher.token, course.id, { folderid: folder.id, endtime: now() + 3600 }),
    ];
    const ids = [folder.id, ...children.map((c) => c.id)];
    const pending = async () =>
      (await app.ctx.db.select().from(jobs)).filter((j) => children.some((c) => j.key === `content-end:${c.id}`) && !j.doneAt);
    expect(await pending()).toHaveLength(2);
    // the jobs' cancelling fails once the items are marked deleted
    const cancel = app.ctx.jobs.cancel;
    app.ctx.jobs.cancel = async () => {
      throw new Error('the job table is unavailable');
    };
    try {
      const res = await call(
        app,
        '/FutureV2/CourseMeans/deleteContent',
        { courseid: course.id, id: folder.id },
        { token: teacher.token },
      );
      expect(res.status).toBe(0);
    } finally {
      app.ctx.jobs.cancel = cancel;
    }
    expect((await placeOf(ids)).map((r) => r.deleted)).toEqual([false, false, false]);
    expect(await pending()).toHaveLength(2);
    expect(
      (await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: folder.id }, { token: teacher.token }))
        .data,
    ).toEqual({ count: 3 });
    expect((await placeOf(ids)).map((r) => r.deleted)).toEqual([true, true, true]);
    expect(await pending()).toHaveLength(0);
  });
});

describe('learning state and statistics', () => {
  it('counts completed and unlearned students per material', async () => {
    const { teacher, course, a } = await classroom();
    const m = await material(teacher.token, course.id);
    await call(app, '/FutureV2/CourseMeans/getContentDetail', { courseid: course.id, id: m.id }, { token: a.token });
    const progress = (
      await call(app, '/FutureV2/CourseMeans/getStudyProgress', { courseid: course.id, id: m.id }, { token: teacher.token })
    ).data;
    expect(progress).toMatchObject({ completed: 1, unlearned: 1 });
    expect(progress.list.find((r: { uid: number }) => r.uid === a.uid)).toMatchObject({ state: 1 });
    expect((await list(teacher.token, { courseid: course.id })).data.list[0].statistics).toEqual({ completed: 1, unlearned: 1 });
  });
});

describe('notices', () => {
  it('are unread until opened or dismissed, with the read tag on the detail', async () => {
    const { teacher, course, a, b } = await classroom();
    const n1 = (await add(teacher.token, { courseid: course.id, contenttype: 7, title: '第一次公告', content: '<p>欢迎</p>' }))
      .data;
    const n2 = (await add(teacher.token, { courseid: course.id, contenttype: 7, title: '第二次公告', content: '<p>作业</p>' }))
      .data;
    const unread = (await call(app, '/NoticeApi/unreadNotices', {}, { token: a.token })).data.list;
    expect(unread.map((n: { id: number }) => n.id).sort()).toEqual([n1.id, n2.id].sort());
    expect(unread[0]).toMatchObject({ courseid: course.id, coursename: course.coursename });
    expect(unread[0].publishtime).toBeGreaterThan(now() - 60);
    const detail = (
      await call(app, '/FutureV2/CourseMeans/getContentDetail', { courseid: course.id, id: n1.id }, { token: a.token })
    ).data;
    expect(detail).toMatchObject({ content: '<p>欢迎</p>', mstatus: 1, normalized: { read: true } });
    await call(app, '/NoticeApi/readNotice', { id: n2.id }, { token: a.token });
    expect((await call(app, '/NoticeApi/unreadNotices', {}, { token: a.token })).data.list).toEqual([]);
    expect((await call(app, '/NoticeApi/unreadNotices', {}, { token: b.token })).data.list).toHaveLength(2);
    expect(
      (await list(teacher.token, { courseid: course.id, contenttype: 7 })).data.list.find((i: { id: number }) => i.id === n1.id)
        .statistics,
    ).toEqual({ completed: 1, unlearned: 1 });
    // each student was told by a message notice
    expect((await call(app, '/MessageApi/lists', {}, { token: b.token })).data.list[0]).toMatchObject({
      contentid: n2.id,
      contenttype: 7,
      activitylabel: '公告',
      isread: 0,
    });
  });
});

describe('topics and comments', () => {
  it('lets students start topics until the teacher forbids it', async () => {
    const { teacher, course, a } = await classroom();
    const mine = await add(a.token, {
      courseid: course.id,
      contenttype: 5,
      title: '我的问题',
      content: '<p>这个怎么做？</p>',
      publish: 0,
    });
    expect(mine.data).toMatchObject({ publishState: 2, author: { id: a.uid } });
    await call(app, '/Futurev2/Topic/updateSetting', { courseid: course.id, allowstudent: 0 }, { token: teacher.token });
    expect(
      (await call(app, '/Futurev2/Topic/updateSetting', { courseid: course.id, allowstudent: 1 }, { token: a.token })).code,
    ).toBe(40003);
    expect((await call(app, '/Futurev2/Topic/getSetting', { courseid: course.id }, { token: a.token })).data.allowstudent).toBe(
      0,
    );
    expect(await add(a.token, { courseid: course.id, contenttype: 5, title: '再问一个', content: '' })).toMatchObject({
      status: 0,
      code: 30402,
      message: '老师已禁止学生发起话题',
    });
    // a student still edits and deletes their own topic, and not another's
    const teachers = (await add(teacher.token, { courseid: course.id, contenttype: 5, title: '老师的话题' })).data;
    expect(
      (await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: teachers.id }, { token: a.token })).code,
    ).toBe(40003);
    expect(
      (await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: mine.data.id }, { token: a.token }))
        .status,
    ).toBe(1);
  });

  it('takes comments with replies and likes, paged; deletion by the author or a teacher only', async () => {
    const { teacher, course, a, b } = await classroom();
    const topic = (await add(teacher.token, { courseid: course.id, contenttype: 5, title: '讨论', content: '<p>开始</p>' })).data;
    expect(
      (await call(app, '/Futurev2/Comment/addComment', { contentid: topic.id, content: '   ' }, { token: a.token })).message,
    ).toBe('评论内容不能为空');
    expect(
      (await call(app, '/Futurev2/Comment/addComment', { contentid: topic.id, content: 'x'.repeat(1001) }, { token: a.token }))
        .message,
    ).toBe('评论最多 1000 个字');
    const first = (
      await call(
        app,
        '/Futurev2/Comment/addComment',
        { contentid: topic.id, contenttype: 5, content: '我觉得是 1' },
        { token: a.token },
      )
    ).data;
    const reply = (
      await call(
        app,
        '/Futurev2/Comment/addComment',
        { contentid: topic.id, content: '同意', replyid: first.id },
        { token: b.token },
      )
    ).data;
    // a reply to a reply stays under the same top-level comment and names whom it answers
    const again = (
      await call(
        app,
        '/Futurev2/Comment/addComment',
        { contentid: topic.id, content: '谢谢', replyid: reply.id },
        { token: a.token },
      )
    ).data;
    expect(again.replyid).toBe(first.id);
    for (let i = 0; i < 11; i++)
      await call(app, '/Futurev2/Comment/addComment', { contentid: topic.id, content: `观点 ${i}` }, { token: b.token });
    expect((await call(app, '/Futurev2/Comment/like', { id: first.id }, { token: b.token })).data).toEqual({
      id: first.id,
      isliked: 1,
      likes: 1,
    });
    expect((await call(app, '/Futurev2/Comment/like', { id: first.id }, { token: teacher.token })).data.likes).toBe(2);
    expect((await call(app, '/Futurev2/Comment/like', { id: first.id }, { token: teacher.token })).data).toEqual({
      id: first.id,
      isliked: 0,
      likes: 1,
    });

    const page1 = (
      await call(
        app,
        '/Futurev2/Comment/getCommentPage',
        { contentid: topic.id, contenttype: 5, page: 1, limit: 10 },
        { token: a.token },
      )
    ).data;
    expect(page1.total).toBe(12);
    expect(page1.list).toHaveLength(10);
    const page2 = (
      await call(app, '/Futurev2/Comment/getCommentPage', { contentid: topic.id, page: 2, limit: 10 }, { token: a.token })
    ).data;
    const shown = page2.list.find((c: { id: number }) => c.id === first.id);
    expect(shown).toMatchObject({ content: '我觉得是 1', likes: 1, isliked: 0, candelete: 1, uid: a.uid });
    expect(shown.replies.map((r: { content: string; reply_username: string }) => [r.content, r.reply_username])).toEqual([
      ['同意', '测试同学'],
      ['谢谢', '测试同学'],
    ]);
    expect(shown.replies[0].candelete).toBe(0);

    expect(
      (await call(app, '/Futurev2/Comment/delComment', { id: reply.id, courseid: course.id }, { token: a.token })).code,
    ).toBe(40003);
    expect(
      (await call(app, '/Futurev2/Comment/delComment', { id: reply.id, courseid: course.id }, { token: teacher.token })).data
        .count,
    ).toBe(1);
    // deleting a comment takes its replies
    expect(
      (await call(app, '/Futurev2/Comment/delComment', { id: first.id, courseid: course.id }, { token: a.token })).data.count,
    ).toBe(2);
    // commenting counts as taking part
    expect((await list(a.token, { courseid: course.id, contenttype: 5 })).data.list[0].mstatus).toBe(1);
  });
});

describe('to-dos', () => {
  it('lists a student’s unread notices and unlearned materials with a deadline; ignore and finish remove them', async () => {
    const one = await classroom();
    const me = one.a;
    const two = await newCourse(app, one.teacher.token, { coursename: '线性代数' });
    await call(app, '/CourseApi/joinCourse', { code: two.code }, { token: me.token });
    const n1 = (await add(one.teacher.token, { courseid: one.course.id, contenttype: 7, title: '公告一', content: '<p>1</p>' }))
      .data;
    const n2 = (await add(one.teacher.token, { courseid: two.id, contenttype: 7, title: '公告二', content: '<p>2</p>' })).data;
    const m = await material(one.teacher.token, one.course.id, { endtime: now() + 86400 });
    await material(one.teacher.token, one.course.id, { title: '无截止时间' });
    await add(one.teacher.token, { courseid: two.id, contenttype: 7, title: '草稿', content: '<p>3</p>', publish: 0 });

    const all = (
      await call(app, '/Futurev2/Todo/getTodoList', { classid: '', type: '', page: 1, limit: 10 }, { token: me.token })
    ).data;
    expect(all.total).toBe(3);
    // the soonest deadline first
    expect(all.list[0]).toMatchObject({
      contentid: m.id,
      contenttype: 2,
      msgtype: 1,
      activitylabel: '资料',
      coursename: '高等数学',
      number: 0,
    });
    expect(all.courses.map((c: { id: number }) => c.id).sort()).toEqual([one.course.id, two.id].sort());
    const filtered = (await call(app, '/Futurev2/Todo/getTodoList', { classid: two.id }, { token: me.token })).data;
    expect(filtered.list.map((t: { contentid: number }) => t.contentid)).toEqual([n2.id]);
    expect((await call(app, '/todoApi/getIndexList', { limit: 3 }, { token: me.token })).data.list).toHaveLength(3);
    expect((await call(app, '/MessageApi/getAgencyMsg', {}, { token: me.token })).data).toMatchObject({ todo: 3, notices: 2 });

    await call(
      app,
      '/Futurev2/Todo/tagFinishedTodo',
      { classid: one.course.id, contentid: m.id, contenttype: 2, msgtype: 1 },
      { token: me.token },
    );
    await call(
      app,
      '/Futurev2/Todo/ignoreTodo',
      { classid: two.id, contentid: n2.id, contenttype: 7, msgtype: 1 },
      { token: me.token },
    );
    // reading the notice clears its to-do too
    await call(app, '/FutureV2/CourseMeans/getContentDetail', { courseid: one.course.id, id: n1.id }, { token: me.token });
    expect((await call(app, '/todoApi/getIndexList', {}, { token: me.token })).data).toEqual({ total: 0, list: [] });
    // the other student's to-dos are their own
    expect((await call(app, '/Futurev2/Todo/getTodoList', {}, { token: one.b.token })).data.total).toBe(2);
    // the class id must be the item's course
    expect(
      (
        await call(
          app,
          '/Futurev2/Todo/ignoreTodo',
          { classid: two.id, contentid: m.id, contenttype: 2, msgtype: 1 },
          { token: one.b.token },
        )
      ).code,
    ).toBe(40004);
  });
});

describe('editing keeps what others put in', () => {
  it('keeps the teacher’s images and files when an assistant edits the item', async () => {
    const { teacher, course, a } = await classroom();
    const assistant = await newTeacher(app);
    await call(app, '/AssistantApi/addAssistant', { courseid: course.id, account: assistant.mobile }, { token: teacher.token });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const image = (await upload(app, '/UploadApi/uploadV2', teacher.token, { type: 'image' }, { name: 'p.png', data: png })).data
      .file;
    const f = await file(teacher.token);
    const notice = (
      await add(teacher.token, {
        courseid: course.id,
        contenttype: 2,
        title: '资料',
        content: `<p>看图</p><img src="${image.url}">`,
        fileids: [f.id],
      })
    ).data;
    const shown = (
      await call(
        app,
        '/FutureV2/CourseMeans/getContentDetail',
        { courseid: course.id, id: notice.id },
        { token: assistant.token },
      )
    ).data;
    const edited = await call(
      app,
      '/FutureV2/CourseMeans/editContent',
      { courseid: course.id, id: notice.id, title: '资料（改）', content: shown.content, fileids: [f.id] },
      { token: assistant.token },
    );
    expect(edited.status).toBe(1);
    expect(edited.data.content).toContain(`data-file="${image.id}"`);
    expect(edited.data.attachment.map((x: { id: number }) => x.id)).toEqual([f.id]);
    // a student's own file is still not the assistant's to attach
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/editContent',
          { courseid: course.id, id: notice.id, title: 'x', fileids: [f.id, (await file(a.token)).id] },
          { token: assistant.token },
        )
      ).message,
    ).toBe('只能添加自己上传的文件');
  });
});
