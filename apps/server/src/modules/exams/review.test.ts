import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { testAttempts, tests } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 3);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i: number) => room.students[i]!;

/** A published test of a true/false question (2 points), a short answer (10) and an anonymous question (1). */
async function publishedTest(settings: Record<string, unknown> = {}) {
  const add = async (q: Record<string, unknown>) =>
    must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...q }, { token: room.owner.token }), 'q').id;
  const fixed = [
    await add({ type: 1, title: '<p>判断</p>', answer: '1', score: 2 }),
    await add({ type: 4, title: '<p>简答</p>', answer: '参考答案', score: 10 }),
    await add({ type: 14, title: '<p>匿名建议</p>', score: 1 }),
  ];
  const made = must(
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '期中测验', fixed, ...settings }),
    'paper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  return made.id as number;
}

/** A student takes the test: true/false right, a written answer, an anonymous suggestion. */
async function take(id: number, who: Person, written = '我的理解') {
  const paper = must(await tp('doSubjectList', who, { courseid: room.courseid, testpaperid: id }), 'start');
  const [tf, short, anon] = paper.lists as { id: number }[];
  must(
    await tp('handup', who, {
      courseid: room.courseid,
      testpaperid: id,
      answers: [
        { subjectid: tf!.id, answer: '1', seq: 1 },
        { subjectid: short!.id, answer: written, seq: 2 },
        { subjectid: anon!.id, answer: '匿名的话', seq: 3 },
      ],
    }),
    'handup',
  );
  return { attemptid: paper.attemptid as number, short: short!.id, tf: tf!.id };
}

describe('the teacher’s review', () => {
  it('lists every student with the paper that counts, and shows one paper with keys — an anonymous answer without its text', async () => {
    const id = await publishedTest();
    const a = await take(id, stu(0));
    const list = must(await tp('reviewList', room.assistant, { courseid: room.courseid, id }), 'list');
    expect(list).toMatchObject({ total: 3, totalScore: 13, scorespublished: 0 });
    expect(list.list.find((r: { uid: number }) => r.uid === stu(0).uid)).toMatchObject({
      attemptid: a.attemptid,
      state: 1,
      score: 3,
      pending: 1,
      submitkind: 1,
    });
    expect(list.list.find((r: { uid: number }) => r.uid === stu(1).uid)).toMatchObject({ attemptid: 0, state: 0, score: null });
    expect(
      must(await tp('reviewList', room.owner, { courseid: room.courseid, id, state: 1 }), 'to grade').list.map(
        (r: { uid: number }) => r.uid,
      ),
    ).toEqual([stu(0).uid]);
    const detail = must(await tp('reviewDetail', room.owner, { courseid: room.courseid, id, attemptid: a.attemptid }), 'detail');
    expect(detail).toMatchObject({ uid: stu(0).uid, state: 1, score: 3, pending: 1 });
    expect(
      detail.lists.map((i: { answer: string; myanswer: unknown; correct: number }) => [i.answer, i.myanswer, i.correct]),
    ).toEqual([
      ['1', '1', 1],
      ['参考答案', '我的理解', 3],
      ['', null, 1],
    ]);
    expect(detail.lists[2].answered).toBe(1);
    const raw = await app.inject({
      method: 'POST',
      url: '/TestpaperApi/reviewDetail',
      payload: { courseid: room.courseid, id, attemptid: a.attemptid },
      headers: { token: room.owner.token },
    });
    expect(raw.body).not.toContain('匿名的话');
  });

  it('grades by hand up to the question’s score and not beyond; the student sees the score once nothing waits', async () => {
    const id = await publishedTest();
    const a = await take(id, stu(1));
    const over = await tp('markAnswer', room.owner, {
      courseid: room.courseid,
      id,
      attemptid: a.attemptid,
      subjectid: a.short,
      score: 10.5,
    });
    expect(over).toMatchObject({ status: 0, code: 40001, message: '该题满分 10 分，分数不能超过它' });
    expect(
      await tp('markAnswer', room.owner, { courseid: room.courseid, id, attemptid: a.attemptid, subjectid: a.short, score: '' }),
    ).toMatchObject({
      code: 40001,
      message: '请输入分数',
    });
    const [before] = await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.id, a.attemptid));
    expect(before).toMatchObject({ score: 3, pending: 1 });
    expect(must(await tp('testpaperdetails', stu(1), { courseid: room.courseid, testpaperid: id }), 'd')).toMatchObject({
      state: 5,
      score: null,
    });
    const graded = must(
      await tp('markAnswer', room.assistant, {
        courseid: room.courseid,
        id,
        attemptid: a.attemptid,
        subjectid: a.short,
        score: 7.5,
      }),
      'mark',
    );
    expect(graded).toMatchObject({ score: 10.5, pending: 0, state: 2 });
    expect(graded.lists[1]).toMatchObject({ myscore: 7.5, correct: 2, manual: 1 });
    expect(must(await tp('testpaperdetails', stu(1), { courseid: room.courseid, testpaperid: id }), 'd')).toMatchObject({
      state: 3,
      score: 10.5,
    });
    // a mark of another test's paper is not found
    const other = await publishedTest();
    expect(
      (
        await tp('markAnswer', room.owner, {
          courseid: room.courseid,
          id: other,
          attemptid: a.attemptid,
          subjectid: a.short,
          score: 1,
        })
      ).code,
    ).toBe(40004);
  });

  it('returns a paper: the student may take the test again, the returned paper not counted', async () => {
    const id = await publishedTest();
    const a = await take(id, stu(2));
    expect(
      must(await tp('returnAttempt', room.owner, { courseid: room.courseid, id, attemptids: [a.attemptid] }), 'return'),
    ).toEqual({ count: 1 });
    expect(must(await tp('testpaperdetails', stu(2), { courseid: room.courseid, testpaperid: id }), 'd')).toMatchObject({
      state: 4,
      canstart: 1,
      attemptsleft: 1,
    });
    // returning it again: not handed in any more, nothing changes
    expect((await tp('returnAttempt', room.owner, { courseid: room.courseid, id, attemptids: [a.attemptid] })).code).toBe(30911);
    const again = must(await tp('doSubjectList', stu(2), { courseid: room.courseid, testpaperid: id }), 'again');
    expect(again).toMatchObject({ attemptno: 2 });
    expect(again.attemptid).not.toBe(a.attemptid);
  });

  it('keeps an exam’s scores from students until the teacher publishes them', async () => {
    const id = await publishedTest({ testtype: 2 });
    const a = await take(id, stu(0), '考试作答');
    must(
      await tp('markAnswer', room.owner, { courseid: room.courseid, id, attemptid: a.attemptid, subjectid: a.short, score: 10 }),
      'mark',
    );
    expect(must(await tp('testingResult', stu(0), { courseid: room.courseid, testpaperid: id }), 'r')).toMatchObject({
      scorereleased: 0,
      score: null,
    });
    expect(must(await tp('publishScores', room.owner, { courseid: room.courseid, id }), 'publish')).toEqual({ count: 1 });
    expect(must(await tp('testingResult', stu(0), { courseid: room.courseid, testpaperid: id }), 'r')).toMatchObject({
      scorereleased: 1,
      score: 13,
    });
  });

  it('is the teacher’s and assistants’ only: students, outsiders and strangers read and grade nothing', async () => {
    const id = await publishedTest();
    const a = await take(id, stu(1));
    for (const [who, p, code] of [
      ['student', stu(1), 40003],
      ['outsider', room.outsider, 30202],
      ['stranger', room.stranger, 30202],
    ] as const) {
      expect((await tp('reviewList', p, { courseid: room.courseid, id })).code, who).toBe(code);
      expect((await tp('reviewDetail', p, { courseid: room.courseid, id, attemptid: a.attemptid })).code, who).toBe(code);
      expect(
        (await tp('markAnswer', p, { courseid: room.courseid, id, attemptid: a.attemptid, subjectid: a.short, score: 10 })).code,
        who,
      ).toBe(code);
      expect((await tp('returnAttempt', p, { courseid: room.courseid, id, attemptids: [a.attemptid] })).code, who).toBe(code);
      expect((await tp('publishScores', p, { courseid: room.courseid, id })).code, who).toBe(code);
    }
    const [row] = await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.id, a.attemptid));
    expect(row).toMatchObject({ status: 2, pending: 1, score: 3 });
    const [test] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, id));
    expect(test!.scoresPublished).toBe(false);
  });
});

describe('tests in the score book', () => {
  it('shows a test as a column worth its total and weighted by its score percentage; a student sees it once released', async () => {
    const fresh = await classroom(app, 2);
    const add = async (q: Record<string, unknown>) =>
      must(await call(app, '/QuestionBankApi/addQuestion', { courseid: fresh.courseid, ...q }, { token: fresh.owner.token }), 'q')
        .id;
    const q = await add({ type: 1, title: '<p>判断</p>', answer: '1', score: 4 });
    const made = must(
      await tp('addTestpaper', fresh.owner, {
        courseid: fresh.courseid,
        title: '小测',
        fixed: [q],
        testtype: 2,
        scorepercent: 40,
      }),
      'paper',
    );
    must(await tp('publishTestpaper', fresh.owner, { courseid: fresh.courseid, id: made.id }), 'publish');
    for (const [s, answer] of [
      [fresh.students[0]!, '1'],
      [fresh.students[1]!, '0'],
    ] as const) {
      const paper = must(await tp('doSubjectList', s, { courseid: fresh.courseid, testpaperid: made.id }), 'start');
      must(
        await tp('handup', s, {
          courseid: fresh.courseid,
          testpaperid: made.id,
          answers: [{ subjectid: paper.lists[0].id, answer, seq: 1 }],
        }),
        'handup',
      );
    }
    const book = must(
      await call(app, '/ScoreApi/getScoreBook', { courseid: fresh.courseid }, { token: fresh.owner.token }),
      'book',
    );
    expect(book.columns).toEqual([
      expect.objectContaining({
        key: String(made.id),
        contenttype: 6,
        // an online test, not "offline test" (issue 25)
        kind: 'online',
        fullscore: 4,
        weight: 40,
        visible: false,
        scored: 2,
      }),
    ]);
    expect(book.rows.map((r: { scores: Record<string, number>; total: number }) => [r.scores[String(made.id)], r.total])).toEqual(
      [
        [4, 100],
        [0, 0],
      ],
    );
    const own = () =>
      call(app, '/ScoreApi/getScoreBook', { courseid: fresh.courseid }, { token: fresh.students[0]!.token }).then((r) =>
        must(r, 'own'),
      );
    expect((await own()).columns).toEqual([]);
    must(await tp('publishScores', fresh.owner, { courseid: fresh.courseid, id: made.id }), 'publish scores');
    expect((await own()).rows[0]).toMatchObject({ scores: { [String(made.id)]: 4 }, total: 100 });
    // the weight set in the score book is the test's score percentage
    must(
      await call(
        app,
        '/ScoreApi/setWeights',
        { courseid: fresh.courseid, weights: [{ key: String(made.id), weight: 25 }] },
        { token: fresh.owner.token },
      ),
      'weights',
    );
    const [test] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, made.id));
    expect(test!.scorePercent).toBe(25);
    expect(
      must(await tp('testpaperdetails', fresh.owner, { courseid: fresh.courseid, testpaperid: made.id }), 'd').settings
        .scorepercent,
    ).toBe(25);
  });
});
