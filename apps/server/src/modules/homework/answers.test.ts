import { randomBytes } from 'node:crypto';
import { HOMEWORK_ANSWER_TEXT_MAX } from '@paiclass/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { homeworks, submissions, submissionTexts, submissionVersions } from '../../db/schema';
import { essay, lightlyEdited } from './dupcheck/corpus';

/**
 * The homework's answer type (issue 12, item 4): attachments only (the spec's rule, the default),
 * a written answer only, or either; the written answer kept sanitised across resubmissions, shown to
 * the teacher, and compared by duplicate checking like the text of files.
 */
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
/** A homework call; with `lang` 'en' made as a user whose language is English (a signed-in user's own setting wins). */
async function hwCall(path: string, token: string, body: Record<string, unknown>, lang?: string) {
  if (lang !== 'en') return call(app, `/HomeworkApi/${path}`, body, { token });
  await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token });
  try {
    return await call(app, `/HomeworkApi/${path}`, body, { token });
  } finally {
    await call(app, '/UserApi/setLanguage', { lang: 'zh' }, { token });
  }
}

async function classroom(students: number, settings: Record<string, unknown> = {}) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: Person[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  const res = await hwCall('addHomework', teacher.token, {
    courseid: course.id,
    title: '读后感',
    endtime: now() + 86400,
    ...settings,
  });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return { teacher, course, students: list, hw: res.data as { id: number; settings: { answertype: number } } };
}

async function fileOf(token: string, text = `作业 ${randomBytes(8).toString('hex')}`, name = 'essay.txt') {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name, data: Buffer.from(text) });
  return res.data.file.id as number;
}

async function imageOf(token: string) {
  // a 1×1 PNG
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name: 'p.png', data: png });
  return res.data.file.id as number;
}

async function writtenRows(contentId: number) {
  const rows = await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, contentId));
  const versions = rows.length
    ? await app.ctx.db
        .select()
        .from(submissionVersions)
        .where(
          inArray(
            submissionVersions.submissionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return { rows, versions };
}

/** A refusal: code 40001 with the message naming what was wrong, and no submission or version written. */
async function refused(res: { status: number; code: number; message: string }, contentId: number, says: RegExp) {
  expect(res).toMatchObject({ status: 0, code: 40001 });
  expect(res.message).toMatch(says);
  const { rows, versions } = await writtenRows(contentId);
  expect(rows).toHaveLength(0);
  expect(versions).toHaveLength(0);
}

describe('the homework answer type', () => {
  it('is attachments only unless the teacher chooses, is kept on edit, and refuses an unknown type naming it', async () => {
    const { teacher, course, hw } = await classroom(0);
    expect(hw.settings.answertype).toBe(1);
    const [stored] = await app.ctx.db.select().from(homeworks).where(eq(homeworks.contentId, hw.id));
    expect(stored!.answerType).toBe(1);

    const edit = (answertype: unknown, lang?: string) =>
      hwCall(
        'editHomework',
        teacher.token,
        { courseid: course.id, id: hw.id, title: '读后感', endtime: now() + 86400, answertype },
        lang,
      );
    expect((await edit('2')).data.settings.answertype).toBe(2);
    expect((await hwCall('getHomework', teacher.token, { courseid: course.id, id: hw.id })).data.settings.answertype).toBe(2);

    const bad = await edit(4);
    expect(bad).toMatchObject({ status: 0, code: 40001, message: '作答方式只能是附件、文字或二者皆可' });
    expect((await edit(0, 'en')).message).toBe('The answer type must be attachments, text or either');
    const [after] = await app.ctx.db.select().from(homeworks).where(eq(homeworks.contentId, hw.id));
    expect(after!.answerType).toBe(2);

    const either = await hwCall('addHomework', teacher.token, {
      courseid: course.id,
      title: '二选一',
      endtime: now() + 86400,
      answertype: 3,
    });
    expect(either.data.settings.answertype).toBe(3);
  });
});

describe('attachments only (the spec rule, unchanged)', () => {
  it('refuses a written answer alone or beside files, naming each, writes nothing; takes files with an empty editor', async () => {
    const { course, students, hw } = await classroom(1);
    const s = students[0]!;
    const file = await fileOf(s.token);
    await refused(
      await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, content: '<p>我的作答</p>', message: '老师好' }),
      hw.id,
      /附件/,
    );
    await refused(
      await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [file], content: '<p>我的作答</p>' }),
      hw.id,
      /不收文字作答/,
    );
    const en = await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [file], content: 'text' }, 'en');
    expect(en.message).toBe('This homework takes attachments only, not a written answer: put your answer in a file');

    // what Chrome's editor holds when nothing was typed is no answer
    const ok = await hwCall('stuWorkSubmit', s.token, {
      courseid: course.id,
      id: hw.id,
      fileids: [file],
      content: '<div><br></div>',
    });
    expect(ok.status).toBe(1);
    expect(ok.data).toMatchObject({ content: '', attachment: [{ id: file }] });
  });
});

describe('a written answer only', () => {
  it('refuses attachments and an empty answer, naming each, in both languages, and writes nothing', async () => {
    const { course, students, hw } = await classroom(1, { answertype: 2 });
    const s = students[0]!;
    const file = await fileOf(s.token);
    const submit = (body: Record<string, unknown>, lang?: string) =>
      hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, ...body }, lang);
    await refused(await submit({ fileids: [file], content: '<p>答</p>' }), hw.id, /只收文字作答，不收附件/);
    expect((await submit({ fileids: [file], content: '<p>答</p>' }, 'en')).message).toBe(
      'This homework takes a written answer only: remove the attachments',
    );
    await refused(await submit({ message: '见附件' }), hw.id, /请填写作答内容/);
    await refused(await submit({ content: '<div><br></div><p>&nbsp; </p>' }), hw.id, /请填写作答内容/);
    // markup the allow-list drops leaves nothing
    await refused(await submit({ content: '<script>alert(1)</script>' }), hw.id, /请填写作答内容/);
    expect((await submit({ content: '' }, 'en')).message).toBe('This homework is answered in text: write your answer');
  });

  it('refuses an answer over the limit, saying the limit, and takes one at it', async () => {
    const { course, students, hw } = await classroom(1, { answertype: 2 });
    const s = students[0]!;
    const over = await hwCall('stuWorkSubmit', s.token, {
      courseid: course.id,
      id: hw.id,
      content: `<p>${'字'.repeat(HOMEWORK_ANSWER_TEXT_MAX + 1)}</p>`,
    });
    await refused(over, hw.id, new RegExp(`最多 ${HOMEWORK_ANSWER_TEXT_MAX} 个字`));
    // far too long to be read at all: the schema's refusal
    await refused(
      await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, content: 'x'.repeat(200_001) }),
      hw.id,
      /文字作答太长了/,
    );
    const at = await hwCall('stuWorkSubmit', s.token, {
      courseid: course.id,
      id: hw.id,
      content: `<p>${'字'.repeat(HOMEWORK_ANSWER_TEXT_MAX)}</p>`,
    });
    expect(at.status).toBe(1);
  });

  it('keeps the lines sanitised, shows them to the teacher, and keeps each version in the history', async () => {
    const { teacher, course, students, hw } = await classroom(1, { answertype: 2 });
    const s = students[0]!;
    const picture = await imageOf(s.token);
    const other = await imageOf(teacher.token);
    const first = await hwCall('stuWorkSubmit', s.token, {
      courseid: course.id,
      id: hw.id,
      // Ketangpai's field name for the answer
      content: `<div>第一行</div><div><br></div><div onclick="x()">第三行 <b>重点</b><script>alert(1)</script></div><img data-file="${picture}"><img data-file="${other}"><img src="https://evil.example/x.png">`,
    });
    expect(first.status).toBe(1);
    const [row] = await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, hw.id));
    // no script, no handler, no picture that is not the student's own
    expect(
      row!.answer.startsWith(
        `<div>第一行</div><div><br /></div><div>第三行 <b>重点</b></div><img data-file="${picture}" alt="" />`,
      ),
    ).toBe(true);
    expect(row!.answer).not.toMatch(/script|onclick|evil|data-file="${other}"/);
    expect(first.data.content).toContain('<div>第一行</div><div><br /></div><div>第三行 <b>重点</b></div>');
    expect(first.data.content).toMatch(
      new RegExp(`<img src="[^"]*/FileApi/download\\?id=${picture}&amp;[^"]*" data-file="${picture}"`),
    );

    const detail = await hwCall('stuWorkDetail', teacher.token, { courseid: course.id, id: hw.id, sid: first.data.sid });
    expect(detail.data.content).toContain('<div>第三行 <b>重点</b></div>');
    const list = await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id });
    expect(JSON.stringify(list.data)).toContain('第三行');

    // returned, resubmitted: the new text replaces the old, and the history holds both
    await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [first.data.sid], reason: '请补充' });
    const again = await hwCall('stuWorkSubmit', s.token, {
      courseid: course.id,
      id: hw.id,
      content: `<p>补充后的作答</p><img data-file="${picture}">`,
    });
    expect(again.data).toMatchObject({ version: 2, state: 1 });
    expect(again.data.content).toContain('<p>补充后的作答</p>');
    const history = (await hwCall('stuWorkHistory', teacher.token, { courseid: course.id, id: hw.id, sid: first.data.sid })).data
      .list;
    expect(history.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(history[0].content).toContain('补充后的作答');
    expect(history[1].content).toContain('<div>第一行</div>');
    const mine = (await hwCall('getHomework', s.token, { courseid: course.id, id: hw.id })).data.mine;
    expect(mine.content).toContain('补充后的作答');
  });
});

describe('either a written answer or attachments', () => {
  it('refuses neither, naming both, and takes text alone, files alone, or both', async () => {
    const { course, students, hw } = await classroom(3, { answertype: 3 });
    const [a, b, c] = students as [Person, Person, Person];
    await refused(
      await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, message: '老师好', content: '<p> </p>' }),
      hw.id,
      /请填写文字作答或添加附件/,
    );
    expect((await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id }, 'en')).message).toBe(
      'Write an answer or add an attachment',
    );
    const text = await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, content: '<p>只写文字</p>' });
    expect(text.data).toMatchObject({ content: '<p>只写文字</p>', attachment: [] });
    const fileB = await fileOf(b.token);
    const files = await hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [fileB] });
    expect(files.data).toMatchObject({ content: '', attachment: [{ id: fileB }] });
    const fileC = await fileOf(c.token);
    const both = await hwCall('stuWorkSubmit', c.token, {
      courseid: course.id,
      id: hw.id,
      fileids: [fileC],
      content: '<p>两者</p>',
    });
    expect(both.data).toMatchObject({ content: '<p>两者</p>', attachment: [{ id: fileC }] });
    // someone else's file is still refused, and nothing of that call is kept
    const refusedOther = await hwCall('stuWorkSubmit', a.token, {
      courseid: course.id,
      id: hw.id,
      fileids: [fileB],
      content: '<p>改</p>',
    });
    expect(refusedOther).toMatchObject({ status: 0, code: 40001 });
    const [kept] = await app.ctx.db
      .select()
      .from(submissions)
      .where(eq(submissions.owner, `u:${a.uid}`));
    expect(kept).toMatchObject({ answer: '<p>只写文字</p>', version: 1 });
  });
});

describe('duplicate checking of written answers', () => {
  it('compares written answers with each other and with the text of files, as plain text', async () => {
    const { teacher, course, students, hw } = await classroom(4, { answertype: 3, dupcheck: 1, dupceiling: 40 });
    const [a, b, c, d] = students as [Person, Person, Person, Person];
    const original = essay(301, 1500);
    const asHtml = (text: string) =>
      text
        .split('\n')
        .map((line) => `<div>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;') || '<br>'}</div>`)
        .join('');
    const submit = async (p: Person, body: Record<string, unknown>) => {
      const res = await hwCall('stuWorkSubmit', p.token, { courseid: course.id, id: hw.id, ...body });
      if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
      return res.data.sid as number;
    };
    const sa = await submit(a, { content: asHtml(original) });
    const sb = await submit(b, { content: `<p><b>${lightlyEdited(original).replace(/\n/g, '</b></p><p><b>')}</b></p>` });
    const sc = await submit(c, { fileids: [await fileOf(c.token, lightlyEdited(original, 11), 'copy.txt')] });
    const sd = await submit(d, { content: asHtml(essay(302, 1500)) });
    await app.ctx.jobs.runDue(new Date(Date.now() + 10_000));

    const [text] = await app.ctx.db.select().from(submissionTexts).where(eq(submissionTexts.submissionId, sa));
    expect(text!.format).toBe('ok');
    expect(text!.text).not.toMatch(/<div>|&amp;/);
    expect(text!.text.split('\n').length).toBeGreaterThan(1);

    const report = (await hwCall('rechecking', teacher.token, { courseid: course.id, id: hw.id })).data;
    const row = (sid: number) => report.list.find((r: { sid: number }) => r.sid === sid);
    expect(row(sb)).toMatchObject({ flagged: 1, format: 'ok' });
    expect(row(sc)).toMatchObject({ flagged: 1, format: 'ok' });
    expect(row(sa).flagged).toBe(1);
    expect(row(sd)).toMatchObject({ flagged: 0, format: 'ok' });
    const pairs = report.pairs.map((p: { a: { sid: number }; b: { sid: number } }) => [p.a.sid, p.b.sid].sort().join('-'));
    expect(pairs).toContain([sa, sc].sort().join('-'));

    const side = (await hwCall('repeat', teacher.token, { courseid: course.id, id: hw.id, sid: sb, other: sa })).data;
    expect(side.passages.length).toBeGreaterThan(0);
    expect(side.a.text).not.toContain('<b>');
  });
});
