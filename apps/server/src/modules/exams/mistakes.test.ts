import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { testMistakesMastered } from '../../db/schema';

/**
 * The mistakes set and weak knowledge points (issue 14, `/sets/mistakes/*`,
 * `/testing/weakKnowlegePoints`): the student's own wrong answers, only once the test shows answers.
 */

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 2);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i: number) => room.students[i]!;
const mastered = () => db.database.db.select().from(testMistakesMastered);

/**
 * A published paper: true/false (key 1, point 函数), single (key B, 函数), multiple (A|C, 极限),
 * two blanks (长江, 黄河; 极限), a short answer (函数). Its settings as given.
 */
async function published(settings: Record<string, unknown> = {}) {
  const add = async (q: Record<string, unknown>) =>
    must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...q }, { token: room.owner.token }), 'q').id;
  const fixed = [
    await add({ type: 1, title: '<p>地球是圆的</p>', answer: '1', score: 2, points: ['函数'] }),
    await add({ type: 2, title: '<p>首都</p>', options: ['上海', '北京', '广州'], answer: 'B', score: 4, points: ['函数'] }),
    await add({ type: 3, title: '<p>偶数</p>', options: ['2', '3', '4'], answer: 'A|C', score: 4, points: ['极限'] }),
    await add({
      type: 5,
      title: '<p>__ 和 __</p>',
      blanks: [['长江'], ['黄河']],
      score: 6,
      points: ['极限'],
      analysis: '<p>两条大河</p>',
    }),
    await add({ type: 4, title: '<p>简答</p>', answer: '参考', score: 10, points: ['函数'] }),
  ];
  const made = must(
    // answers after submitting, as these tests read them (the default is after the close, issue 24)
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '单元测验', fixed, showanswer: 1, ...settings }),
    'paper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  await app.ctx.jobs.runDue();
  return made.id as number;
}

/** One student hands in these answers (by position: true/false, single, multiple, blanks, short). */
async function take(id: number, who: Person, answers: unknown[]) {
  const key = { courseid: room.courseid, testpaperid: id };
  const paper = must(await tp('doSubjectList', who, key), 'start');
  const byType = (type: string) => paper.lists.find((i: { type: string }) => i.type === type).subjectid as number;
  const ids = ['1', '2', '3', '5', '4'].map(byType);
  const batch = answers.flatMap((answer, i) => (answer === undefined ? [] : [{ subjectid: ids[i], answer, seq: i + 1 }]));
  must(await tp('handup', who, { ...key, answers: batch }), 'handup');
  return ids;
}

const mistakes = (who: Person, body: Record<string, unknown> = {}) => tp('mistakes', who, { courseid: room.courseid, ...body });

describe('the mistakes set', () => {
  it("lists the student's own wrong and partly right objective answers, newest first, with counts per point", async () => {
    const first = await published();
    const ids = await take(first, stu(0), ['1', 'C', ['A'], ['长江', '淮河'], '我的回答']);
    // the other student's answers are all wrong: none of them reaches the first student
    await take(first, stu(1), ['0', 'A', ['B'], ['x', 'y']]);
    const second = await published({ partialcredit: 1 });
    const later = await take(second, stu(0), ['0', 'B', ['A', 'C'], ['长江', '黄河']]);

    const got = must(await mistakes(stu(0)), 'mistakes');
    // true/false right, single wrong, multiple wrong, blanks partly, short answer never listed; then the newer paper's true/false
    expect(got.lists.map((m: { subjectid: number }) => m.subjectid)).toEqual([later[0], ids[1], ids[2], ids[3]]);
    expect(got.total).toBe(4);
    const single = got.lists[1];
    expect(single).toMatchObject({
      testpaperid: first,
      testtitle: '单元测验',
      type: '2',
      points: ['函数'],
      myanswer: 'C',
      correct: 0,
      mastered: 0,
      answer: '',
      analysis: '',
    });
    expect(single.optionList.map((o: { title: string }) => o.title)).toEqual(['上海', '北京', '广州']);
    expect(got.lists[3]).toMatchObject({ correct: 2, myanswer: ['长江', '淮河'] });
    expect(got.points).toEqual([
      { point: '函数', count: 2, mastered: 0 },
      { point: '极限', count: 2, mastered: 0 },
    ]);

    const byPoint = must(await mistakes(stu(0), { point: '极限' }), 'point');
    expect(byPoint.lists.map((m: { subjectid: number }) => m.subjectid)).toEqual([ids[2], ids[3]]);
    expect(byPoint.points).toHaveLength(2);
    const one = must(await mistakes(stu(0), { subjectid: ids[3] }), 'one');
    expect(one.lists).toHaveLength(1);
    const paged = must(await mistakes(stu(0), { page: 2, limit: 3 }), 'page');
    expect(paged).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(paged.lists.map((m: { subjectid: number }) => m.subjectid)).toEqual([ids[3]]);

    // the other student's copy is not the first student's mistake: not found, on read and on redo
    const theirs = must(await mistakes(stu(1)), 'theirs');
    expect(
      theirs.lists.every(
        (m: { attemptid: number }) => !got.lists.some((g: { attemptid: number }) => g.attemptid === m.attemptid),
      ),
    ).toBe(true);
    expect(await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[0], answer: '1' })).toMatchObject({
      status: 0,
      code: 40004,
    });
  });

  it('redoes a mistake until it is right: wrong keeps it, right marks it mastered and gives the key', async () => {
    const id = await published();
    const ids = await take(id, stu(0), ['0', 'A', ['B'], ['x', 'y']]);
    const before = (await mastered()).length;
    const wrong = must(
      await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[3], answer: ['长江', '淮河'] }),
      'w',
    );
    expect(wrong).toMatchObject({ correct: 2, mastered: 0, blanksanswer: [['长江'], ['黄河']] });
    expect(wrong.analysis).toContain('两条大河');
    expect((await mastered()).length).toBe(before);
    const right = must(
      await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[3], answer: [' 长江', '黄河'] }),
      'r',
    );
    expect(right).toMatchObject({ correct: 1, mastered: 1 });
    const rows = await db.database.db.select().from(testMistakesMastered).where(eq(testMistakesMastered.itemId, ids[3]!));
    expect(rows).toMatchObject([{ userId: stu(0).uid, courseId: room.courseid, contentId: id }]);
    const single = must(await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[1], answer: 'B' }), 's');
    expect(single).toMatchObject({ correct: 1, mastered: 1, answer: 'B' });
    const listed = must(await mistakes(stu(0), { subjectid: ids[3] }), 'listed');
    expect(listed.lists[0].mastered).toBe(1);
    // a mastered mistake stays mastered after a wrong redo
    const again = must(
      await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[3], answer: ['x', 'y'] }),
      'again',
    );
    expect(again).toMatchObject({ correct: 0, mastered: 1 });
  });

  it('never shows a mistake or its key before the test shows answers', async () => {
    // answers after the close: nothing until the teacher ends it
    const closing = await published({ showanswer: 2 });
    const ids = await take(closing, stu(0), ['0', 'A', ['B'], ['x', 'y']]);
    const listedIn = async (testpaperid: number) =>
      must(await mistakes(stu(0)), 'list').lists.filter((m: { testpaperid: number }) => m.testpaperid === testpaperid);
    expect(await listedIn(closing)).toEqual([]);
    expect(await tp('redoMistake', stu(0), { courseid: room.courseid, subjectid: ids[1], answer: 'A' })).toMatchObject({
      status: 0,
      code: 40004,
    });
    const weakBefore = must(await tp('weakPoints', stu(0), { courseid: room.courseid }), 'weak');
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: closing }), 'end');
    expect(await listedIn(closing)).toHaveLength(4);
    const weakAfter = must(await tp('weakPoints', stu(0), { courseid: room.courseid }), 'weak');
    expect(weakAfter.lists).not.toEqual(weakBefore.lists);

    // answers after submitting, but an attempt is left: a retake would know them
    const retake = await published({ attempts: 2 });
    await take(retake, stu(0), ['0', 'A', ['B'], ['x', 'y']]);
    expect(await listedIn(retake)).toEqual([]);
    // never
    const never = await published({ showanswer: 3 });
    await take(never, stu(0), ['0', 'A', ['B'], ['x', 'y']]);
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: never }), 'end');
    expect(await listedIn(never)).toEqual([]);
  });

  it('is for students, and refuses bad input naming the field with nothing written', async () => {
    const id = await published();
    const ids = await take(id, stu(1), ['0', 'A', ['B'], ['x', 'y']]);
    for (const who of [room.owner, room.assistant]) {
      expect(await mistakes(who)).toMatchObject({ status: 0, code: 40003 });
      expect(await tp('weakPoints', who, { courseid: room.courseid })).toMatchObject({ status: 0, code: 40003 });
      expect(await tp('redoMistake', who, { courseid: room.courseid, subjectid: ids[1], answer: 'B' })).toMatchObject({
        status: 0,
        code: 40003,
      });
    }
    expect(await mistakes(room.outsider)).toMatchObject({ status: 0, code: 30202 });
    const before = (await mastered()).length;
    const refusals: [Record<string, unknown>, string][] = [
      [{ subjectid: 'x', answer: 'B' }, '请选择题目'],
      [{ subjectid: ids[1], answer: 'Z' }, '答案与题型不符'],
      [{ subjectid: ids[3], answer: ['a', 'b', 'c'] }, '答案与题型不符'],
      [{ courseid: 'abc', subjectid: ids[1], answer: 'B' }, '课程'],
    ];
    for (const [body, message] of refusals) {
      const res = await tp('redoMistake', stu(1), { courseid: room.courseid, ...body });
      expect(res.status).toBe(0);
      expect(res.message).toContain(message);
    }
    expect((await mastered()).length).toBe(before);
  });
});

describe('weak knowledge points', () => {
  it('gives per point the correct rate over graded objective answers, weak ones first', async () => {
    const fresh = await classroom(app, 1);
    const saved = room;
    room = fresh;
    try {
      const id = await published();
      // 函数: true/false right, single wrong (short answer not counted) → 50 %, weak; 极限: both right → 100 %
      await take(id, stu(0), ['1', 'C', ['A', 'C'], ['长江', '黄河'], '回答']);
      const weak = must(await tp('weakPoints', stu(0), { courseid: room.courseid }), 'weak');
      expect(weak).toMatchObject({ threshold: 60, minanswers: 2 });
      expect(weak.lists).toEqual([
        { point: '函数', answers: 2, correct: 1, rate: 50, weak: 1 },
        { point: '极限', answers: 2, correct: 2, rate: 100, weak: 0 },
      ]);
    } finally {
      room = saved;
    }
  });
});
