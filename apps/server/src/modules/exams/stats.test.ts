import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { testAttempts, testItems, tests } from '../../db/schema';

/**
 * Statistics per question and regrading by accepting another answer (issue 14, `/testing/review`).
 */

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

/** A published paper: a single choice (key B, 4 points), a two-blank fill-in (6), a rating 1-5 (1) and a short answer (10). */
async function published() {
  const add = async (q: Record<string, unknown>) =>
    must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...q }, { token: room.owner.token }), 'q').id;
  const fixed = [
    await add({ type: 2, title: '<p>首都</p>', options: ['上海', '北京', '广州'], answer: 'B', score: 4 }),
    await add({ type: 5, title: '<p>__ 和 __</p>', blanks: [['长江'], ['黄河']], score: 6 }),
    await add({ type: 13, title: '<p>难度如何</p>', min: 1, max: 5, score: 1 }),
    await add({ type: 4, title: '<p>简答</p>', answer: '参考', score: 10 }),
  ];
  const made = must(await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '单元测验', fixed }), 'paper');
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  return made.id as number;
}

/** One student takes the paper and hands in these answers (by position: single, blanks, rating, short). */
async function take(id: number, who: Person, answers: unknown[]) {
  const key = { courseid: room.courseid, testpaperid: id };
  const paper = must(await tp('doSubjectList', who, key), 'start');
  const items = paper.lists.filter((i: { type: string }) => i.type !== '10');
  const byType = (type: string) => items.find((i: { type: string }) => i.type === type).subjectid;
  const ids = [byType('2'), byType('5'), byType('13'), byType('4')];
  const batch = answers.flatMap((answer, i) => (answer === undefined ? [] : [{ subjectid: ids[i], answer, seq: i + 1 }]));
  must(await tp('handup', who, { ...key, answers: batch }), 'handup');
  return ids;
}

describe('statistics per question', () => {
  it('counts right, wrong, partly right and waiting per question, and the options and ratings chosen', async () => {
    const id = await published();
    const ids = await take(id, stu(0), ['B', ['长江', '黄河'], 5, '我的回答']);
    await take(id, stu(1), ['C', ['长江', '淮河'], 4]);
    await take(id, stu(2), ['C', ['珠江', '淮河'], 5]);

    const stats = must(await tp('questionStats', room.owner, { courseid: room.courseid, id }), 'stats');
    expect(stats.papers).toBe(3);
    const of = (subjectid: number) => stats.lists.find((q: { subjectid: number }) => q.subjectid === subjectid);
    expect(of(ids[0])).toMatchObject({
      type: 2,
      answer: 'B',
      papers: 3,
      answered: 3,
      correct: 1,
      wrong: 2,
      correctrate: 33,
      average: 1.3,
    });
    expect(of(ids[0]).options).toEqual([
      { id: 'A', title: '上海', count: 0, correct: 0 },
      { id: 'B', title: '北京', count: 1, correct: 1 },
      { id: 'C', title: '广州', count: 2, correct: 0 },
    ]);
    expect(of(ids[1])).toMatchObject({ correct: 1, partly: 1, wrong: 1, average: 3 });
    expect(of(ids[2]).ratings).toEqual([
      { value: 1, count: 0 },
      { value: 2, count: 0 },
      { value: 3, count: 0 },
      { value: 4, count: 1 },
      { value: 5, count: 2 },
    ]);
    // one short answer waits for the teacher; two were left blank
    expect(of(ids[3])).toMatchObject({ answered: 1, pending: 1, wrong: 2 });
  });

  it('is for the teacher and assistants of a published test only', async () => {
    const id = await published();
    expect(await tp('questionStats', stu(0), { courseid: room.courseid, id })).toMatchObject({ status: 0, code: 40003 });
    expect(await tp('questionStats', room.outsider, { courseid: room.courseid, id })).toMatchObject({ status: 0 });
    expect(await tp('questionStats', room.assistant, { courseid: room.courseid, id })).toMatchObject({ status: 1 });
    const draft = must(
      await tp('addTestpaper', room.owner, {
        courseid: room.courseid,
        title: '草稿',
        fixed: [],
        draws: [{ type: 2, count: 1, score: 1 }],
      }),
      'draft',
    );
    expect(await tp('questionStats', room.owner, { courseid: room.courseid, id: draft.id })).toMatchObject({
      status: 0,
      code: 30909,
    });
  });
});

describe('regrading by accepting another answer', () => {
  it("accepts another option of a single choice and grades every handed-in paper again, keeping the teacher's grades", async () => {
    const id = await published();
    const ids = await take(id, stu(0), ['B', ['长江', '黄河'], 5, '我的回答']);
    await take(id, stu(1), ['C', ['长江', '黄河'], 5]);
    await take(id, stu(2), ['A', [], 3]);
    const [first] = await db.database.db
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.userId, stu(0).uid), eq(testAttempts.contentId, id)));
    must(
      await tp('markAnswer', room.owner, { courseid: room.courseid, id, attemptid: first!.id, subjectid: ids[3], score: 7 }),
      'mark',
    );
    const before = await db.database.db.select().from(tests).where(eq(tests.contentId, id));

    const accepted = must(
      await tp('acceptAnswer', room.owner, { courseid: room.courseid, id, subjectid: ids[0], answer: 'c' }),
      'accept',
    );
    expect(accepted).toMatchObject({ answer: 'B|C', count: 3, changed: 1 });
    const scores = new Map(
      (await db.database.db.select().from(testAttempts).where(eq(testAttempts.contentId, id))).map((a) => [a.userId, a.score]),
    );
    // B and the hand grade of 7 stay; C now earns its 4; A still earns nothing
    expect(scores.get(stu(0).uid)).toBe(4 + 6 + 1 + 7);
    expect(scores.get(stu(1).uid)).toBe(4 + 6 + 1);
    expect(scores.get(stu(2).uid)).toBe(1);
    const [after] = await db.database.db.select().from(tests).where(eq(tests.contentId, id));
    expect(after!.version).toBe(before[0]!.version + 1);
    // the review shows the new key
    const detail = must(await tp('reviewDetail', room.owner, { courseid: room.courseid, id, attemptid: first!.id }), 'detail');
    expect(detail.lists.find((i: { subjectid: number }) => i.subjectid === ids[0]).answer).toBe('B|C');
  });

  it('accepts another text for one blank; a later paper is graded with it too', async () => {
    const id = await published();
    const ids = await take(id, stu(0), [undefined, ['长江', '淮河']]);
    const accepted = must(
      await tp('acceptAnswer', room.owner, { courseid: room.courseid, id, subjectid: ids[1], blank: 2, answer: '淮河' }),
      'accept',
    );
    expect(accepted.blanksanswer).toEqual([['长江'], ['黄河', '淮河']]);
    expect(accepted).toMatchObject({ count: 1, changed: 1 });
    await take(id, stu(1), [undefined, ['长江', '淮河 ']]);
    const scores = (await db.database.db.select().from(testAttempts).where(eq(testAttempts.contentId, id))).map((a) => a.score);
    expect(scores).toEqual([6, 6]);
  });

  it('refuses what cannot be accepted, naming the field, and changes nothing', async () => {
    const id = await published();
    const ids = await take(id, stu(0), ['C', ['长江', '淮河'], 5, '回答']);
    const items = () => db.database.db.select().from(testItems).where(eq(testItems.contentId, id));
    const scores = () =>
      db.database.db.select({ score: testAttempts.score }).from(testAttempts).where(eq(testAttempts.contentId, id));
    const [itemsBefore, scoresBefore] = [await items(), await scores()];
    const refusals: [Record<string, unknown>, string, Person?][] = [
      [{ subjectid: ids[0], answer: 'B' }, '这个答案已经算对了'],
      [{ subjectid: ids[0], answer: 'D' }, '请选择题目中的另一个选项'],
      [{ subjectid: ids[1], blank: 3, answer: '淮河' }, '请选择接受答案的空（第 1 到第 2 空）'],
      [{ subjectid: ids[1], blank: 1, answer: ' 长江 ' }, '这个答案已经算对了'],
      [{ subjectid: ids[1], blank: 1, answer: '' }, '接受的答案须是 1 到 200 个字'],
      [{ subjectid: ids[2], answer: '3' }, '只有判断题、选择题和填空题可以接受其他答案'],
      [{ subjectid: 99_999, answer: 'B' }, '请选择题目'],
      [{ subjectid: ids[0], answer: 'C' }, '', stu(1)],
    ];
    for (const [body, message, who] of refusals) {
      const res = await tp('acceptAnswer', who ?? room.owner, { courseid: room.courseid, id, ...body });
      expect(res.status).toBe(0);
      if (message) expect(res.message).toContain(message);
      else expect(res.code).toBe(40003);
    }
    expect(await items()).toEqual(itemsBefore);
    expect(await scores()).toEqual(scoresBefore);
  });

  it('accepts the other value of a true/false and another set of keys of a multiple choice, for every paper', async () => {
    const add = async (q: Record<string, unknown>) =>
      must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...q }, { token: room.owner.token }), 'q')
        .id;
    const fixed = [
      await add({ type: 1, title: '<p>鲸是鱼</p>', answer: '1', score: 2 }),
      await add({ type: 3, title: '<p>偶数</p>', options: ['2', '4', '5', '6'], answer: 'A|B', score: 4 }),
    ];
    const made = must(await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '改判', fixed }), 'paper');
    must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
    const hand = async (who: Person, tf: string, multi: string[]) => {
      const key = { courseid: room.courseid, testpaperid: made.id };
      const paper = must(await tp('doSubjectList', who, key), 'start');
      const of = (type: string) => paper.lists.find((i: { type: string }) => i.type === type).subjectid;
      must(
        await tp('handup', who, {
          ...key,
          answers: [
            { subjectid: of('1'), answer: tf, seq: 1 },
            { subjectid: of('3'), answer: multi, seq: 2 },
          ],
        }),
        'handup',
      );
      return [of('1'), of('3')] as [number, number];
    };
    const [tf, multi] = await hand(stu(0), '0', ['A', 'B', 'D']);
    await hand(stu(1), '1', ['A', 'B']);
    const scores = async () =>
      new Map(
        (await db.database.db.select().from(testAttempts).where(eq(testAttempts.contentId, made.id))).map((a) => [
          a.userId,
          a.score,
        ]),
      );
    expect(await scores()).toEqual(
      new Map([
        [stu(0).uid, 0],
        [stu(1).uid, 6],
      ]),
    );

    // the key of the true/false was wrong: "false" is right too; and 2, 4 and 6 are all even
    const tfAccepted = must(
      await tp('acceptAnswer', room.owner, { courseid: room.courseid, id: made.id, subjectid: String(tf), answer: '错' }),
      'tf',
    );
    expect(tfAccepted).toMatchObject({ alternatives: ['0'], count: 2, changed: 1 });
    const setAccepted = must(
      await tp('acceptAnswer', room.assistant, { courseid: room.courseid, id: made.id, subjectid: multi, answer: 'd,b,a' }),
      'multi',
    );
    expect(setAccepted).toMatchObject({ answer: 'A|B', alternatives: ['A|B|D'], count: 2, changed: 1 });
    expect(await scores()).toEqual(
      new Map([
        [stu(0).uid, 6],
        [stu(1).uid, 6],
      ]),
    );
    const stats = must(await tp('questionStats', room.owner, { courseid: room.courseid, id: made.id }), 'stats');
    expect(stats.lists.find((q: { subjectid: number }) => q.subjectid === multi)).toMatchObject({
      correct: 2,
      alternatives: ['A|B|D'],
    });
    // true/false picks counted like options, both values now right
    expect(stats.lists.find((q: { subjectid: number }) => q.subjectid === tf).options).toEqual([
      { id: '1', title: '', count: 1, correct: 1 },
      { id: '0', title: '', count: 1, correct: 1 },
    ]);

    // a later paper is graded with them; what is right already, or not an answer of the question, is refused
    await hand(stu(2), '0', ['B', 'D', 'A']);
    expect((await scores()).get(stu(2).uid)).toBe(6);
    const before = await db.database.db.select().from(testItems).where(eq(testItems.contentId, made.id));
    for (const [subjectid, answer, message] of [
      [tf, '0', '这个答案已经算对了'],
      [tf, '也许', '判断题请接受“对”（1）或“错”（0）'],
      [multi, 'B|A', '这个答案已经算对了'],
      [multi, 'A|E', '请选择题目中的选项组合'],
    ] as const) {
      const res = await tp('acceptAnswer', room.owner, { courseid: room.courseid, id: made.id, subjectid, answer });
      expect(res).toMatchObject({ status: 0, message });
    }
    expect(await db.database.db.select().from(testItems).where(eq(testItems.contentId, made.id))).toEqual(before);
  });
});
