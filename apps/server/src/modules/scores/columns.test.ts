import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import {
  call,
  newAddress,
  QueryCounter,
  registerUser,
  type TestDatabase,
  testApp,
  testDatabase,
  upload,
} from '../../../test/helpers';
import { columnScores } from '../../db/schema';

/*
 * Issue 12 (10): the teacher's own columns of the score book — created, renamed, reweighted and
 * deleted by the teacher and assistants; scores typed in the book (0 to the full score) or imported
 * from .xlsx (all rows or none); the whole book exported; a student sees their own visible scores.
 */

const counter = new QueryCounter();
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase({ logger: counter });
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read by field name
type Any = any;

/** A course with a teacher, an assistant and three students (numbers 2026001..3). */
async function course() {
  const teacher = await newTeacher(app);
  const assistant = await newTeacher(app);
  const c = await newCourse(app, teacher.token);
  await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: assistant.mobile }, { token: teacher.token });
  const students: { token: string; uid: number; name: string; stno: string }[] = [];
  for (const [i, name] of ['王一', '李二', '张三'].entries()) {
    const stno = `202600${i + 1}`;
    const s = await registerUser(app, { username: name, stno });
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    students.push({ ...s, name, stno });
  }
  return { teacher, assistant, course: c, students };
}

const as = (token: string) => ({ token });
const book = async (courseid: number, token: string) =>
  (await call(app, '/ScoreApi/getScoreBook', { courseid }, as(token))).data as Any;
const scoresOf = async (courseid: number, token: string, key: string) =>
  Object.fromEntries((await book(courseid, token)).rows.map((r: Any) => [r.username, r.scores[key]]));

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('成绩');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function workbookOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

const file = (courseid: number, token: string, url: string) =>
  app.inject({ method: 'POST', url, headers: { token }, payload: { courseid }, remoteAddress: newAddress() });

describe('score columns', () => {
  it('are added, renamed, reweighted and deleted by the teacher and the assistant; students are refused', async () => {
    const { teacher, assistant, course: c, students } = await course();
    const added = await call(
      app,
      '/ScoreApi/addColumn',
      {
        courseid: String(c.id),
        name: ' 期中考试 ',
        kind: 'midterm',
        fullscore: '150',
        weight: '30',
        visible: 1,
        extra: 'ignored',
      },
      as(teacher.token),
    );
    expect(added.status).toBe(1);
    expect(added.data).toMatchObject({
      key: `c${added.data.id}`,
      title: '期中考试',
      kind: 'midterm',
      fullscore: 150,
      weight: 30,
      visible: true,
      contenttype: 0,
    });
    const id = added.data.id as number;
    // the assistant adds one too; the same name (any letter case) is refused
    const attendance = await call(
      app,
      '/ScoreApi/addColumn',
      { courseid: c.id, name: 'Attendance', kind: 'attendance' },
      as(assistant.token),
    );
    expect(attendance.data).toMatchObject({ fullscore: 100, weight: 0, visible: false });
    const taken = await call(
      app,
      '/ScoreApi/addColumn',
      { courseid: c.id, name: 'attendance', kind: 'other' },
      as(teacher.token),
    );
    expect(taken).toMatchObject({ status: 0, code: 30701, message: '本课程已有名为「attendance」的成绩列' });

    // bad fields are named, in the caller's language
    const bad = async (body: Record<string, unknown>) =>
      (await call(app, '/ScoreApi/addColumn', { courseid: c.id, name: '期末', ...body }, as(teacher.token))).message;
    expect(await bad({ name: '' })).toBe('请输入成绩列名称');
    expect(await bad({ name: '一'.repeat(21) })).toBe('成绩列名称最多 20 个字');
    expect(await bad({ kind: 'quiz' })).toBe('成绩列类型只能是线下测验、期中、期末、考勤或其他');
    expect(await bad({ fullscore: 0 })).toBe('满分须是 1 到 1000 的整数');
    expect(await bad({ fullscore: 1001 })).toBe('满分须是 1 到 1000 的整数');
    expect(await bad({ weight: 101 })).toBe('权重须是 0 到 100 的整数');

    // the book shows the columns after the homework, in the order they were added
    const teacherBook = await book(c.id, teacher.token);
    expect(teacherBook.columns.map((col: Any) => [col.key, col.title, col.kind])).toEqual([
      [`c${id}`, '期中考试', 'midterm'],
      [`c${attendance.data.id}`, 'Attendance', 'attendance'],
    ]);

    // renamed and reweighted by the assistant; only the fields sent change
    const edited = await call(
      app,
      '/ScoreApi/editColumn',
      { courseid: c.id, id, name: '期中测验', weight: 40 },
      as(assistant.token),
    );
    expect(edited.data).toMatchObject({ title: '期中测验', kind: 'midterm', fullscore: 150, weight: 40, visible: true });
    expect((await call(app, '/ScoreApi/editColumn', { courseid: c.id, id, name: 'ATTENDANCE' }, as(teacher.token))).code).toBe(
      30701,
    );

    // students are refused every write, and nothing changes
    const s = students[0]!.token;
    for (const [url, body] of [
      ['/ScoreApi/addColumn', { courseid: c.id, name: '偷加' }],
      ['/ScoreApi/editColumn', { courseid: c.id, id, weight: 100 }],
      ['/ScoreApi/deleteColumn', { courseid: c.id, id }],
      ['/ScoreApi/setColumnScores', { courseid: c.id, id, scores: [{ uid: students[0]!.uid, score: 150 }] }],
    ] as const)
      expect((await call(app, url, body, as(s))).code, url).toBe(40003);
    const stranger = await registerUser(app);
    expect((await call(app, '/ScoreApi/addColumn', { courseid: c.id, name: '外人' }, as(stranger.token))).code).toBe(30202);
    expect((await book(c.id, teacher.token)).columns.map((col: Any) => [col.title, col.weight])).toEqual([
      ['期中测验', 40],
      ['Attendance', 0],
    ]);

    // another course's teacher cannot touch this column through their own course
    const other = await newTeacher(app);
    const otherCourse = await newCourse(app, other.token);
    expect((await call(app, '/ScoreApi/editColumn', { courseid: otherCourse.id, id, weight: 1 }, as(other.token))).code).toBe(
      40004,
    );
    expect((await call(app, '/ScoreApi/deleteColumn', { courseid: otherCourse.id, id }, as(other.token))).code).toBe(40004);

    // the weights page sets homework and own columns in one call
    const weighted = await call(
      app,
      '/ScoreApi/setWeights',
      { courseid: c.id, weights: [{ key: `c${attendance.data.id}`, weight: 10 }] },
      as(teacher.token),
    );
    expect(weighted.data.columns.map((col: Any) => col.weight)).toEqual([40, 10]);

    // deleting takes its scores with it
    await call(
      app,
      '/ScoreApi/setColumnScores',
      { courseid: c.id, id, scores: [{ uid: students[0]!.uid, score: 120 }] },
      as(teacher.token),
    );
    expect((await call(app, '/ScoreApi/deleteColumn', { courseid: c.id, id }, as(teacher.token))).data).toEqual({ id });
    expect((await book(c.id, teacher.token)).columns.map((col: Any) => col.title)).toEqual(['Attendance']);
    expect(await app.ctx.db.select().from(columnScores).where(eq(columnScores.columnId, id))).toEqual([]);
    expect((await call(app, '/ScoreApi/deleteColumn', { courseid: c.id, id }, as(teacher.token))).code).toBe(40004);
  });

  it('takes typed scores from 0 to the full score, one decimal, and clears with empty; a wrong one writes nothing', async () => {
    const { teacher, course: c, students } = await course();
    const col = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '线下测验一', kind: 'test', fullscore: 20, weight: 50 },
        as(teacher.token),
      )
    ).data;
    const [a, b, d] = students as [Any, Any, Any];
    const typed = await call(
      app,
      '/ScoreApi/setColumnScores',
      {
        courseid: c.id,
        id: col.id,
        scores: [
          { uid: a.uid, score: '18.5' },
          { uid: b.uid, score: 20 },
          { uid: d.uid, score: 0 },
        ],
      },
      as(teacher.token),
    );
    expect(typed.status).toBe(1);
    expect(await scoresOf(c.id, teacher.token, col.key)).toEqual({ 王一: 18.5, 李二: 20, 张三: 0 });
    expect(typed.data.columns[0].scored).toBe(3);
    // weighted total: only this column has a weight, so it is the share of 20
    expect(typed.data.rows.find((r: Any) => r.uid === a.uid).total).toBe(92.5);

    // out of range: the message names the student and the column; nothing of the call is written
    const over = await call(
      app,
      '/ScoreApi/setColumnScores',
      {
        courseid: c.id,
        id: col.id,
        scores: [
          { uid: a.uid, score: 1 },
          { uid: b.uid, score: 20.5 },
        ],
      },
      as(teacher.token),
    );
    expect(over).toMatchObject({ status: 0, code: 40001, message: '李二的「线下测验一」成绩须在 0 到 20 之间' });
    expect(
      (
        await call(
          app,
          '/ScoreApi/setColumnScores',
          { courseid: c.id, id: col.id, scores: [{ uid: a.uid, score: -1 }] },
          as(teacher.token),
        )
      ).message,
    ).toBe('王一的「线下测验一」成绩须在 0 到 20 之间');
    expect(
      (
        await call(
          app,
          '/ScoreApi/setColumnScores',
          { courseid: c.id, id: col.id, scores: [{ uid: a.uid, score: 'abc' }] },
          as(teacher.token),
        )
      ).message,
    ).toBe('成绩须是数字');
    // a uid that is not a student of the course (the teacher) is refused
    expect(
      (
        await call(
          app,
          '/ScoreApi/setColumnScores',
          { courseid: c.id, id: col.id, scores: [{ uid: teacher.uid, score: 1 }] },
          as(teacher.token),
        )
      ).code,
    ).toBe(40001);
    expect(await scoresOf(c.id, teacher.token, col.key)).toEqual({ 王一: 18.5, 李二: 20, 张三: 0 });

    // rounding to one decimal, and clearing
    await call(
      app,
      '/ScoreApi/setColumnScores',
      {
        courseid: c.id,
        id: col.id,
        scores: [
          { uid: a.uid, score: 17.26 },
          { uid: d.uid, score: '' },
        ],
      },
      as(teacher.token),
    );
    expect(await scoresOf(c.id, teacher.token, col.key)).toEqual({ 王一: 17.3, 李二: 20, 张三: null });

    // the full score cannot drop below a score already given
    const lower = await call(app, '/ScoreApi/editColumn', { courseid: c.id, id: col.id, fullscore: 19 }, as(teacher.token));
    expect(lower).toMatchObject({ code: 30703, message: '已有学生的成绩是 20 分，满分不能低于它' });
    expect(
      (await call(app, '/ScoreApi/editColumn', { courseid: c.id, id: col.id, fullscore: 25 }, as(teacher.token))).data,
    ).toMatchObject({ fullscore: 25, scored: 2 });
  });

  it('shows a student only their own row, and only the columns made visible', async () => {
    const { teacher, course: c, students } = await course();
    const [a, b] = students as [Any, Any];
    const shown = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '期末考试', kind: 'final', weight: 60, visible: 1 },
        as(teacher.token),
      )
    ).data;
    const hidden = (
      await call(app, '/ScoreApi/addColumn', { courseid: c.id, name: '平时表现', kind: 'other', weight: 40 }, as(teacher.token))
    ).data;
    for (const col of [shown, hidden])
      await call(
        app,
        '/ScoreApi/setColumnScores',
        {
          courseid: c.id,
          id: col.id,
          scores: [
            { uid: a.uid, score: 80 },
            { uid: b.uid, score: 90 },
          ],
        },
        as(teacher.token),
      );
    const mine = await book(c.id, a.token);
    expect(mine.columns.map((col: Any) => col.title)).toEqual(['期末考试']);
    expect(mine.columns[0].scored).toBe(0);
    expect(mine.rows).toEqual([{ uid: a.uid, username: '王一', stno: a.stno, scores: { [shown.key]: 80 }, total: 80 }]);
    const detail = (await call(app, '/ScoreApi/scoreDetail', { courseid: c.id, uid: b.uid }, as(a.token))).data;
    expect(detail).toMatchObject({ uid: a.uid, total: 80 });
    expect(detail.list.map((i: Any) => [i.title, i.score])).toEqual([['期末考试', 80]]);
    // made visible, it joins the student's book and total
    await call(app, '/ScoreApi/editColumn', { courseid: c.id, id: hidden.id, visible: 1 }, as(teacher.token));
    expect((await book(c.id, a.token)).rows[0].total).toBe(80);
    expect((await book(c.id, b.token)).rows[0]).toMatchObject({ uid: b.uid, total: 90 });
    // students cannot export or download the template
    for (const url of ['/ScoreApi/exportScores', '/ScoreApi/importTemplate'])
      expect((await file(c.id, a.token, url)).json()).toMatchObject({ status: 0, code: 40003 });
  });
});

describe('score import and export', () => {
  it('gives a template with the students and columns, and imports it back', async () => {
    const { teacher, course: c, students } = await course();
    const mid = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '期中', kind: 'midterm', fullscore: 150, weight: 30 },
        as(teacher.token),
      )
    ).data;
    const att = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '考勤', kind: 'attendance', fullscore: 10, weight: 10 },
        as(teacher.token),
      )
    ).data;
    await call(
      app,
      '/ScoreApi/setColumnScores',
      { courseid: c.id, id: att.id, scores: [{ uid: students[2]!.uid, score: 7 }] },
      as(teacher.token),
    );
    const res = await file(c.id, teacher.token, '/ScoreApi/importTemplate');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('成绩导入'));
    const sheet = await workbookOf(res);
    expect(values(sheet, 1)).toEqual(['学号', '姓名', '期中 (150)', '考勤 (10)']);
    expect([2, 3, 4].map((n) => values(sheet, n))).toEqual([
      ['2026001', '王一'],
      ['2026002', '李二'],
      ['2026003', '张三', undefined, 7],
    ]);
    // filled in as a teacher would: numbers, a numeric text, a formula, an empty cell left alone
    sheet.getCell('C2').value = 120;
    sheet.getCell('D2').value = 9;
    sheet.getCell('C3').value = '98.5';
    sheet.getCell('C4').value = { formula: '100+35', result: 135 } as ExcelJS.CellFormulaValue;
    const filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const imported = await upload(
      app,
      '/ScoreApi/importScores',
      teacher.token,
      { courseid: c.id },
      { name: '成绩.xlsx', data: filled },
    );
    expect(imported.data).toEqual({ saved: 5, columns: ['期中', '考勤'], ignored: [], problems: [] });
    expect(await scoresOf(c.id, teacher.token, mid.key)).toEqual({ 王一: 120, 李二: 98.5, 张三: 135 });
    expect(await scoresOf(c.id, teacher.token, att.key)).toEqual({ 王一: 9, 李二: null, 张三: 7 });
  });

  it('reports every wrong row and writes nothing when any row is wrong', async () => {
    const { teacher, course: c, students } = await course();
    const mid = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '期中', kind: 'midterm', fullscore: 100, weight: 30 },
        as(teacher.token),
      )
    ).data;
    await call(
      app,
      '/ScoreApi/setColumnScores',
      { courseid: c.id, id: mid.id, scores: [{ uid: students[0]!.uid, score: 50 }] },
      as(teacher.token),
    );
    const data = await xlsx([
      ['学号', '姓名', '期中（100）', '作业一 (100)'],
      ['2026001', '王一', 95, 1],
      ['2026002', '李二', 101],
      ['2026009', '无名', 60],
      ['', '张三', '良好'],
      ['2026001', '', 70],
      ['2026003', '李二', 80],
    ]);
    const res = await upload(app, '/ScoreApi/importScores', teacher.token, { courseid: c.id }, { name: 'x.xlsx', data });
    expect(res.status).toBe(1);
    expect(res.data.saved).toBe(0);
    expect(res.data.ignored).toEqual(['作业一 (100)']);
    expect(res.data.problems).toEqual([
      { row: 3, field: '期中（100）', message: '「期中」须在 0 到 100 之间，这里是 101' },
      { row: 4, field: '学号', message: '本课程没有学号为 2026009 的学生' },
      { row: 5, field: '期中（100）', message: '「期中」须是数字，这里是“良好”' },
      { row: 6, field: '学号', message: '这名学生在第 2 行已出现过' },
      { row: 7, field: '姓名', message: '学号 2026003 是 张三，与本行姓名 李二 不符' },
      // 张三 was found by name on row 5
      { row: 7, field: '学号', message: '这名学生在第 5 行已出现过' },
    ]);
    // the good row 2 was not written either
    expect(await scoresOf(c.id, teacher.token, mid.key)).toEqual({ 王一: 50, 李二: null, 张三: null });

    // in English, for an English account
    expect((await call(app, '/UserApi/setLanguage', { lang: 'en' }, as(teacher.token))).status).toBe(1);
    const again = await upload(app, '/ScoreApi/importScores', teacher.token, { courseid: c.id }, { name: 'x.xlsx', data });
    expect(again.data.problems.map((p: Any) => p.message)).toEqual([
      '“期中” must be between 0 and 100, not 101',
      'No student in this course has the student no. 2026009',
      '“期中” must be a number, not “良好”',
      'This student is already on row 2',
      'Student no. 2026003 belongs to 张三, not 李二',
      'This student is already on row 5',
    ]);
    const typedEn = await call(
      app,
      '/ScoreApi/setColumnScores',
      { courseid: c.id, id: mid.id, scores: [{ uid: students[1]!.uid, score: 101 }] },
      as(teacher.token),
    );
    expect(typedEn.message).toBe("李二's score for “期中” must be between 0 and 100");

    // a header without the course's columns, a file that is not a workbook, a student uploading
    const none = await upload(
      app,
      '/ScoreApi/importScores',
      teacher.token,
      { courseid: c.id },
      {
        name: 'x.xlsx',
        data: await xlsx([
          ['学号', '期末'],
          ['2026001', 1],
        ]),
      },
    );
    expect(none.data.problems).toHaveLength(1);
    expect(none.data.saved).toBe(0);
    const junk = await upload(
      app,
      '/ScoreApi/importScores',
      teacher.token,
      { courseid: c.id },
      { name: 'x.xlsx', data: Buffer.from('not a workbook') },
    );
    expect(junk).toMatchObject({ status: 0, code: 40001 });
    const refused = await upload(app, '/ScoreApi/importScores', students[0]!.token, { courseid: c.id }, { name: 'x.xlsx', data });
    expect(refused).toMatchObject({ status: 0, code: 40003 });
    expect(await scoresOf(c.id, teacher.token, mid.key)).toEqual({ 王一: 50, 李二: null, 张三: null });
  });

  it('exports the whole book — homework, own columns, weights, totals — and the export imports back', async () => {
    const { teacher, course: c, students } = await course();
    const hw = (
      await call(
        app,
        '/HomeworkApi/addHomework',
        { courseid: c.id, title: '作业一', fullscore: 100, endtime: Math.floor(Date.now() / 1000) + 86400 },
        as(teacher.token),
      )
    ).data.id as number;
    const f = (await upload(app, '/UploadApi/uploadV2', students[0]!.token, {}, { name: 'w.txt', data: Buffer.from('作业') }))
      .data.file;
    const sid = (
      await call(app, '/HomeworkApi/stuWorkSubmit', { courseid: c.id, id: hw, fileids: [f.id] }, as(students[0]!.token))
    ).data.sid;
    await call(app, '/HomeworkApi/correct', { courseid: c.id, id: hw, sids: [sid], score: 80 }, as(teacher.token));
    const fin = (
      await call(
        app,
        '/ScoreApi/addColumn',
        { courseid: c.id, name: '期末', kind: 'final', fullscore: 100, weight: 3 },
        as(teacher.token),
      )
    ).data;
    await call(
      app,
      '/ScoreApi/setColumnScores',
      {
        courseid: c.id,
        id: fin.id,
        scores: [
          { uid: students[0]!.uid, score: 90 },
          { uid: students[1]!.uid, score: 60 },
        ],
      },
      as(teacher.token),
    );
    const res = await file(c.id, teacher.token, '/ScoreApi/exportScores');
    const sheet = await workbookOf(res);
    expect(values(sheet, 1)).toEqual(['学号', '姓名', '作业一 (100)', '期末 (100)', '总评']);
    expect(values(sheet, 2)).toEqual(['权重', '', 1, 3, '']);
    // 王一: (80·1 + 90·3) / 4 = 87.5; 李二: 60·3/4 = 45; 张三: 0
    expect(values(sheet, 3)).toEqual(['2026001', '王一', 80, 90, 87.5]);
    expect(values(sheet, 4)).toEqual(['2026002', '李二', '', 60, 45]);
    expect(values(sheet, 5)).toEqual(['2026003', '张三', '', '', 0]);
    // edited and imported back: the homework and total columns are left alone, the weights row skipped
    sheet.getCell('D5').value = 75;
    const back = await upload(
      app,
      '/ScoreApi/importScores',
      teacher.token,
      { courseid: c.id },
      { name: 'book.xlsx', data: Buffer.from(await sheet.workbook.xlsx.writeBuffer()) },
    );
    expect(back.data).toEqual({ saved: 3, columns: ['期末'], ignored: ['作业一 (100)', '总评'], problems: [] });
    expect(await scoresOf(c.id, teacher.token, fin.key)).toEqual({ 王一: 90, 李二: 60, 张三: 75 });
  });

  it('reads the book in a fixed number of queries, however many columns and students', async () => {
    const { teacher, course: c, students } = await course();
    const measure = async () => {
      await app.ctx.sessions.forgetUser(teacher.uid);
      app.ctx.reads.clear();
      return (await counter.measure(() => book(c.id, teacher.token))).queries;
    };
    const col0 = (await call(app, '/ScoreApi/addColumn', { courseid: c.id, name: '测验', kind: 'test' }, as(teacher.token))).data;
    await call(
      app,
      '/ScoreApi/setColumnScores',
      { courseid: c.id, id: col0.id, scores: [{ uid: students[0]!.uid, score: 1 }] },
      as(teacher.token),
    );
    const before = await measure();
    for (let i = 0; i < 5; i++) {
      const col = (await call(app, '/ScoreApi/addColumn', { courseid: c.id, name: `测验${i}`, kind: 'test' }, as(teacher.token)))
        .data;
      await call(
        app,
        '/ScoreApi/setColumnScores',
        { courseid: c.id, id: col.id, scores: students.map((s) => ({ uid: s.uid, score: i })) },
        as(teacher.token),
      );
    }
    for (let i = 0; i < 3; i++) {
      const s = await registerUser(app);
      await call(app, '/CourseApi/joinCourse', { code: c.code }, as(s.token));
    }
    expect(await measure()).toBe(before);
    expect(before).toBeLessThanOrEqual(9);
  });
});
