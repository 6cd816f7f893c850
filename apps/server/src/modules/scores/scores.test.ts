import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, newAddress, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { total } from './scores.service';

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

/** A course with three students, two graded homework (full 100 and 20), the first published. */
async function gradedCourse() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const students: { token: string; uid: number; name: string }[] = [];
  for (const [i, name] of ['王一', '李二', '张三'].entries()) {
    const s = await registerUser(app, { username: name, stno: `2026000${i + 1}` });
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    students.push({ ...s, name });
  }
  const hw = async (title: string, fullscore: number) =>
    (
      await call(
        app,
        '/HomeworkApi/addHomework',
        { courseid: course.id, title, fullscore, endtime: now() + 86400 },
        { token: teacher.token },
      )
    ).data.id as number;
  const h1 = await hw('作业一', 100);
  const h2 = await hw('作业二', 20);
  const grade = async (id: number, s: (typeof students)[number], score: number) => {
    const file = (await upload(app, '/UploadApi/uploadV2', s.token, {}, { name: 'w.txt', data: Buffer.from(`${s.uid}-${id}`) }))
      .data.file;
    const sid = (
      await call(app, '/HomeworkApi/stuWorkSubmit', { courseid: course.id, id, fileids: [file.id] }, { token: s.token })
    ).data.sid;
    await call(app, '/HomeworkApi/correct', { courseid: course.id, id, sids: [sid], score }, { token: teacher.token });
  };
  await grade(h1, students[0]!, 90);
  await grade(h1, students[1]!, 60);
  await grade(h2, students[0]!, 10);
  await call(app, '/HomeworkApi/publishScore', { courseid: course.id, id: h1 }, { token: teacher.token });
  return { teacher, course, students, h1, h2 };
}

describe('weighted totals', () => {
  it('weighs each item’s share of its full score; a missing score counts 0; no weight, no total', () => {
    const cols = [
      { key: '1', fullscore: 100, weight: 3 },
      { key: 'c2', fullscore: 20, weight: 1 },
    ];
    expect(total(cols, (k) => (k === '1' ? 90 : 10))).toBe(80);
    expect(total(cols, (k) => (k === '1' ? 90 : null))).toBe(67.5);
    expect(
      total(
        cols.map((c) => ({ ...c, weight: 0 })),
        () => 50,
      ),
    ).toBeNull();
  });
});

describe('the course score book', () => {
  it('shows the teacher every graded score with weights and totals', async () => {
    const { teacher, course, students, h1, h2 } = await gradedCourse();
    const book = (await call(app, '/ScoreApi/getScoreBook', { courseid: course.id }, { token: teacher.token })).data;
    expect(
      book.columns.map((c: { title: string; fullscore: number; weight: number }) => [c.title, c.fullscore, c.weight]),
    ).toEqual([
      ['作业一', 100, 1],
      ['作业二', 20, 1],
    ]);
    const row = (uid: number) => book.rows.find((r: { uid: number }) => r.uid === uid);
    expect(row(students[0]!.uid)).toMatchObject({
      username: '王一',
      stno: '20260001',
      scores: { [h1]: 90, [h2]: 10 },
      total: 70,
    });
    expect(row(students[2]!.uid)).toMatchObject({ scores: { [h1]: null, [h2]: null }, total: 0 });

    const weighted = (
      await call(
        app,
        '/ScoreApi/setWeights',
        {
          courseid: course.id,
          weights: [
            { id: h1, weight: 3 },
            { id: h2, weight: 1 },
          ],
        },
        { token: teacher.token },
      )
    ).data;
    expect(weighted.rows.find((r: { uid: number }) => r.uid === students[0]!.uid).total).toBe(80);
    expect(
      (
        await call(
          app,
          '/ScoreApi/setWeights',
          { courseid: course.id, weights: [{ id: h1, weight: 101 }] },
          { token: teacher.token },
        )
      ).message,
    ).toBe('权重须是 0 到 100 的整数');
    const detail = (
      await call(app, '/ScoreApi/scoreDetail', { courseid: course.id, uid: students[1]!.uid }, { token: teacher.token })
    ).data;
    expect(detail).toMatchObject({ username: '李二', total: 45 });
    expect(detail.list.map((i: { title: string; score: number | null; weight: number }) => [i.title, i.score, i.weight])).toEqual(
      [
        ['作业一', 60, 3],
        ['作业二', null, 1],
      ],
    );
  });

  it('shows a student only their own row, with published scores only', async () => {
    const { course, students, h1, h2 } = await gradedCourse();
    const mine = (await call(app, '/ScoreApi/getScoreBook', { courseid: course.id }, { token: students[0]!.token })).data;
    expect(mine.rows).toHaveLength(1);
    // the second homework's scores are not published: it is not in the student's book at all
    expect(mine.columns.map((c: { id: number }) => c.id)).toEqual([h1]);
    expect(mine.rows[0]).toMatchObject({ uid: students[0]!.uid, scores: { [h1]: 90 }, total: 90 });
    expect(mine.rows[0].scores[h2]).toBeUndefined();
    // another student's detail answers the caller's own
    const detail = (
      await call(app, '/ScoreApi/scoreDetail', { courseid: course.id, uid: students[1]!.uid }, { token: students[0]!.token })
    ).data;
    expect(detail.uid).toBe(students[0]!.uid);
    expect(
      (
        await call(
          app,
          '/ScoreApi/setWeights',
          { courseid: course.id, weights: [{ id: h1, weight: 2 }] },
          { token: students[0]!.token },
        )
      ).code,
    ).toBe(40003);
    const stranger = await registerUser(app);
    expect((await call(app, '/ScoreApi/getScoreBook', { courseid: course.id }, { token: stranger.token })).code).toBe(30202);
  });

  it('exports an .xlsx workbook whose cells hold the scores', async () => {
    const { teacher, course, students } = await gradedCourse();
    await call(app, '/ScoreApi/setWeights', { courseid: course.id, weights: [] }, { token: teacher.token });
    const res = await app.inject({
      method: 'POST',
      url: '/ScoreApi/exportScores',
      headers: { token: teacher.token },
      payload: { courseid: course.id },
      remoteAddress: newAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('成绩册'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('成绩册')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '学号', '姓名', '作业一 (100)', '作业二 (20)', '总评']);
    expect(sheet.getRow(2).values).toEqual([undefined, '权重', '', 1, 1, '']);
    const row = sheet.getRow(3).values as unknown[];
    expect(row.slice(1)).toEqual(['20260001', students[0]!.name, 90, 10, 70]);
    const refused = await app.inject({
      method: 'POST',
      url: '/ScoreApi/exportScores',
      headers: { token: students[0]!.token },
      payload: { courseid: course.id },
      remoteAddress: newAddress(),
    });
    expect(refused.json()).toMatchObject({ status: 0, code: 40003 });
  });
});
