import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { practiceItems, practices } from '../../db/schema';

/**
 * Practice on knowledge points and pass-through practice (issue 14, `/testing/promoteKnowlegePoints`,
 * `/testing/knowledgePractice`, spec 2 §4 pass-through states; decision 017): questions drawn from the
 * course's own bank on the chosen points, wrong ones first, no key before the answer, the student's
 * own practice only, and levels that open one after another.
 */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });

interface Made {
  id: number;
  /** the right answer as a student sends it */
  right: unknown;
  wrong: unknown;
}

/** A bank of course `room`: questions on the given points, each right and wrong answer remembered. */
function banker(room: Classroom) {
  const keys = new Map<number, Made>();
  let n = 0;
  const add = async (points: string[], kind: 'tf' | 'single' | 'blank' | 'short' = 'tf', who = room.owner) => {
    n += 1;
    const marker = `题${n}`;
    const body =
      kind === 'tf'
        ? { type: 1, title: `<p>${marker} 对吗</p>`, answer: '1', analysis: `<p>解析-${marker}</p>` }
        : kind === 'single'
          ? { type: 2, title: `<p>${marker} 选</p>`, options: ['甲', '乙', '丙'], answer: 'B', analysis: `<p>解析-${marker}</p>` }
          : kind === 'blank'
            ? { type: 5, title: `<p>${marker} __</p>`, blanks: [['长江']], analysis: `<p>解析-${marker}</p>` }
            : { type: 4, title: `<p>${marker} 简答</p>`, answer: '参考', analysis: `<p>解析-${marker}</p>` };
    const q = must(
      await call(
        app,
        '/QuestionBankApi/addQuestion',
        { courseid: room.courseid, points, score: 2, ...body },
        { token: who.token },
      ),
      'q',
    );
    const made: Made = {
      id: q.id,
      right: kind === 'tf' ? '1' : kind === 'single' ? 'B' : kind === 'blank' ? ['长江'] : '参考',
      wrong: kind === 'tf' ? '0' : kind === 'single' ? 'A' : kind === 'blank' ? ['黄河'] : 'x',
    };
    keys.set(made.id, made);
    return made;
  };
  return { add, keys };
}

/** A published test of these bank questions (answers shown after submitting unless `settings` say otherwise), its id. */
async function testOf(room: Classroom, ids: number[], settings: Record<string, unknown> = {}) {
  const made = must(
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '小测', fixed: ids, showanswer: 1, ...settings }),
    'paper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  await app.ctx.jobs.runDue();
  return made.id as number;
}

/** The student hands in the test, answering each question by its bank id (`answers`). */
async function handIn(room: Classroom, who: Person, id: number, answers: Map<number, unknown>) {
  const key = { courseid: room.courseid, testpaperid: id };
  must(await tp('doSubjectList', who, key), 'start');
  const preview = must(await tp('previewTestpaper', room.owner, { courseid: room.courseid, id }), 'preview');
  const batch = preview.lists.flatMap((i: { id: number; questionid: number }, n: number) =>
    answers.has(i.questionid) ? [{ subjectid: i.id, answer: answers.get(i.questionid), seq: n + 1 }] : [],
  );
  must(await tp('handup', who, { ...key, answers: batch }), 'handup');
}

type Item = { subjectid: number; correct: number; answer: string; analysis: string; blanksanswer: unknown[]; points: string[] };

describe('practice on knowledge points', () => {
  let room: Classroom;
  let bank: ReturnType<typeof banker>;
  const stu = (i: number) => room.students[i]!;

  beforeAll(async () => {
    room = await classroom(app, 3);
    bank = banker(room);
  }, 120_000);

  it("draws only the course's objective questions on the chosen points, with no key before the answer", async () => {
    const onA = [await bank.add(['函数']), await bank.add(['函数', '极限'], 'single'), await bank.add(['函数'], 'blank')];
    const short = await bank.add(['函数'], 'short');
    const onB = await bank.add(['导数']);
    // the same point in another course's bank
    const other = await classroom(app, 0);
    const elsewhere = await banker(other).add(['函数']);

    const started = await tp('startPractice', stu(0), { courseid: String(room.courseid), points: '函数', count: '5', junk: 1 });
    const p = must(started, 'start');
    expect(p).toMatchObject({ kind: 1, level: 0, points: ['函数'], status: 0, total: 3, answered: 0, correct: 0, resumed: 0 });
    const drawn = p.lists.map((i: Item) => i.subjectid).sort((a: number, b: number) => a - b);
    expect(drawn).toEqual(onA.map((q) => q.id).sort((a, b) => a - b));
    expect(drawn).not.toContain(short.id);
    expect(drawn).not.toContain(onB.id);
    expect(drawn).not.toContain(elsewhere.id);
    for (const item of p.lists as Item[])
      expect(item).toMatchObject({ correct: -1, answer: '', analysis: '', blanksanswer: [], answered: 0, myanswer: null });
    // nothing of a key anywhere in the answer: no analysis text, no accepted blank
    const raw = JSON.stringify(started);
    expect(raw).not.toContain('解析-');
    expect(raw).not.toContain('长江');

    // two points: questions on either
    const both = must(await tp('startPractice', stu(1), { courseid: room.courseid, points: ['导数', '极限'], count: 5 }), 'both');
    expect(both.lists.map((i: Item) => i.subjectid).sort((a: number, b: number) => a - b)).toEqual([onA[1]!.id, onB.id]);
    expect(both.points).toEqual(['导数', '极限']);
  });

  it('answers one question at a time with the key and the analysis; the first answer stands; the last one finishes', async () => {
    const p = must(await tp('startPractice', stu(0), { courseid: room.courseid, points: ['函数'] }), 'resume');
    // the unfinished practice on the same points is resumed, not doubled
    expect(p.resumed).toBe(1);
    const [first, second, third] = p.lists as Item[];
    const key = (i: Item) => bank.keys.get(i.subjectid)!;
    const wrong = must(
      await tp('answerPractice', stu(0), {
        courseid: room.courseid,
        id: String(p.id),
        subjectid: String(first!.subjectid),
        answer: key(first!).wrong,
      }),
      'wrong',
    );
    expect(wrong).toMatchObject({ correct: 0, repeat: 0, answered: 1, correctcount: 0, status: 0, total: 3 });
    expect(wrong.analysis).toContain('解析-');
    // the same question again, now right: the first answer stands and nothing is written
    const again = must(
      await tp('answerPractice', stu(0), {
        courseid: room.courseid,
        id: p.id,
        subjectid: first!.subjectid,
        answer: key(first!).right,
      }),
      'again',
    );
    expect(again).toMatchObject({ correct: 0, repeat: 1, answered: 1, correctcount: 0 });

    // refusals name the field and write nothing
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ subjectid: 999999, answer: '1' }, '这道题不在这次练习里', 'subjectid'],
      [{ subjectid: second!.subjectid, answer: ['a', 'b'] }, '答案与题型不符', 'answer'],
      [{ subjectid: second!.subjectid, answer: '' }, '答案与题型不符', 'answer'],
      [{ id: 'x', subjectid: second!.subjectid, answer: '1' }, '请选择练习', 'id'],
    ];
    for (const [body, message] of refusals) {
      const res = await tp('answerPractice', stu(0), { courseid: room.courseid, id: p.id, ...body });
      expect(res.status).toBe(0);
      expect(res.message).toContain(message);
    }
    const detail = must(await tp('practiceDetail', stu(0), { courseid: room.courseid, id: p.id }), 'detail');
    expect(detail.answered).toBe(1);
    const shown = detail.lists.find((i: Item) => i.subjectid === first!.subjectid);
    expect(shown).toMatchObject({ answered: 1, correct: 0, myanswer: key(first!).wrong });
    expect(shown.analysis).toContain('解析-');
    // the unanswered ones still carry no key
    for (const i of detail.lists.filter((x: Item) => x.subjectid !== first!.subjectid))
      expect(i).toMatchObject({ correct: -1, answer: '', analysis: '', blanksanswer: [] });

    must(
      await tp('answerPractice', stu(0), {
        courseid: room.courseid,
        id: p.id,
        subjectid: second!.subjectid,
        answer: key(second!).right,
      }),
      '2',
    );
    const last = must(
      await tp('answerPractice', stu(0), {
        courseid: room.courseid,
        id: p.id,
        subjectid: third!.subjectid,
        answer: key(third!).right,
      }),
      '3',
    );
    expect(last).toMatchObject({ correct: 1, status: 1, answered: 3, correctcount: 2 });
    const done = must(await tp('practiceDetail', stu(0), { courseid: room.courseid, id: p.id }), 'done');
    expect(done.status).toBe(1);
    expect(done.finishtime).toBeGreaterThan(0);
    expect(done.perpoint).toEqual([{ point: '函数', total: 3, answered: 3, correct: 2 }]);
    // a retried last answer after the finish answers the same
    expect(
      must(
        await tp('answerPractice', stu(0), {
          courseid: room.courseid,
          id: p.id,
          subjectid: third!.subjectid,
          answer: key(third!).right,
        }),
        'r',
      ),
    ).toMatchObject({ repeat: 1, correct: 1, status: 1 });
    // a new start on the same points is a new practice
    const next = must(await tp('startPractice', stu(0), { courseid: room.courseid, points: '函数' }), 'next');
    expect(next.id).not.toBe(p.id);
    expect(next.resumed).toBe(0);
    const listed = must(await tp('practiceList', stu(0), { courseid: room.courseid }), 'list');
    expect(listed.lists.map((l: { id: number }) => l.id)).toEqual([next.id, p.id]);
  });

  it('refuses answers to a practice finished early; the questions left stay unanswered', async () => {
    const p = must(await tp('startPractice', stu(2), { courseid: room.courseid, points: '函数', count: 5 }), 'start');
    const ended = must(await tp('finishPractice', stu(2), { courseid: room.courseid, id: p.id }), 'finish');
    expect(ended).toMatchObject({ status: 1, answered: 0 });
    const item = p.lists[0] as Item;
    const res = await tp('answerPractice', stu(2), {
      courseid: room.courseid,
      id: p.id,
      subjectid: item.subjectid,
      answer: bank.keys.get(item.subjectid)!.right,
    });
    expect(res).toMatchObject({ status: 0, code: 30913 });
    const rows = await db.database.db.select().from(practiceItems).where(eq(practiceItems.practiceId, p.id));
    expect(rows.every((r) => r.correct === null && r.answer === null)).toBe(true);
  });

  it("never shows or takes answers for another student's practice", async () => {
    const mine = must(await tp('startPractice', stu(1), { courseid: room.courseid, points: '函数' }), 'mine');
    const item = mine.lists[0] as Item;
    expect(await tp('practiceDetail', stu(2), { courseid: room.courseid, id: mine.id })).toMatchObject({
      status: 0,
      code: 40004,
    });
    expect(
      await tp('answerPractice', stu(2), { courseid: room.courseid, id: mine.id, subjectid: item.subjectid, answer: '1' }),
    ).toMatchObject({ status: 0, code: 40004 });
    expect(await tp('finishPractice', stu(2), { courseid: room.courseid, id: mine.id })).toMatchObject({
      status: 0,
      code: 40004,
    });
    const [row] = await db.database.db.select().from(practices).where(eq(practices.id, mine.id));
    expect(row).toMatchObject({ status: 0, answered: 0, userId: stu(1).uid });
    const theirList = must(await tp('practiceList', stu(2), { courseid: room.courseid }), 'list');
    expect(theirList.lists.some((l: { id: number }) => l.id === mine.id)).toBe(false);
  });

  it('is for students of the course: teachers, assistants, outsiders and strangers are refused, nothing written', async () => {
    const before = (await db.database.db.select().from(practices)).length;
    for (const [who, code] of [
      [room.owner, 40003],
      [room.assistant, 40003],
      [room.outsider, 30202],
      [room.stranger, 30202],
    ] as const) {
      expect(await tp('startPractice', who, { courseid: room.courseid, points: '函数' })).toMatchObject({ status: 0, code });
      expect(await tp('passThroughLevels', who, { courseid: room.courseid })).toMatchObject({ status: 0, code });
      expect(await tp('practiceList', who, { courseid: room.courseid })).toMatchObject({ status: 0, code });
    }
    expect((await db.database.db.select().from(practices)).length).toBe(before);
    const bad: [Record<string, unknown>, string][] = [
      [{ points: '' }, '请选择 1 到 10 个知识点'],
      [{ points: '函数', count: 4 }, '题数须是 5 到 20'],
      [{ points: '函数', count: 21 }, '题数须是 5 到 20'],
      [{ points: '没有这个点' }, '题库里还没有这些知识点的客观题'],
      [{ level: 'x' }, '请选择关卡'],
    ];
    for (const [body, message] of bad) {
      const res = await tp('startPractice', stu(2), { courseid: room.courseid, ...body });
      expect(res.status).toBe(0);
      expect(res.message).toContain(message);
    }
    expect((await db.database.db.select().from(practices)).length).toBe(before);
  });
});

describe('what practice draws', () => {
  it('prefers questions the student got wrong, then ones never seen', async () => {
    const room = await classroom(app, 1);
    const bank = banker(room);
    const qs: Made[] = [];
    for (let i = 0; i < 9; i++) qs.push(await bank.add(['集合']));
    // a test of the first four: two wrong, two right
    const id = await testOf(
      room,
      qs.slice(0, 4).map((q) => q.id),
    );
    await handIn(room, room.students[0]!, id, new Map(qs.slice(0, 4).map((q, i) => [q.id, i < 2 ? q.wrong : q.right])));
    const p = must(await tp('startPractice', room.students[0]!, { courseid: room.courseid, points: '集合', count: 5 }), 'start');
    const drawn = p.lists.map((i: Item) => i.subjectid);
    expect(new Set(drawn.slice(0, 2))).toEqual(new Set([qs[0]!.id, qs[1]!.id]));
    // then the five never seen fill the rest: none of the two answered right
    expect(drawn.slice(2).every((q: number) => qs.slice(4).some((x) => x.id === q))).toBe(true);
  });

  it('never draws a question whose key an open test still hides, and practice answers count toward weak points', async () => {
    const room = await classroom(app, 1);
    const bank = banker(room);
    const student = room.students[0]!;
    const hidden = await bank.add(['数列']);
    const free = await bank.add(['数列']);
    // an open test holding `hidden`, not taken yet: its key stays hidden
    const open = await testOf(room, [hidden.id]);
    const p = must(await tp('startPractice', student, { courseid: room.courseid, points: '数列', count: 5 }), 'start');
    expect(p.lists.map((i: Item) => i.subjectid)).toEqual([free.id]);
    // a draft's fixed questions too
    const draftOnly = await bank.add(['草稿点']);
    must(await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '草稿', fixed: [draftOnly.id] }), 'draft');
    expect(await tp('startPractice', student, { courseid: room.courseid, points: '草稿点' })).toMatchObject({
      status: 0,
      code: 30912,
    });

    // handed in (answers shown after submitting): `hidden` may be practised; the test's wrong answer makes 数列 weak
    await handIn(room, student, open, new Map([[hidden.id, hidden.wrong]]));
    must(await tp('answerPractice', student, { courseid: room.courseid, id: p.id, subjectid: free.id, answer: free.wrong }), 'a');
    const weak = must(await tp('weakPoints', student, { courseid: room.courseid }), 'weak');
    expect(weak.lists.find((l: { point: string }) => l.point === '数列')).toMatchObject({
      answers: 2,
      correct: 0,
      rate: 0,
      weak: 1,
    });
    const again = must(await tp('startPractice', student, { courseid: room.courseid, points: '数列', count: 5 }), 'again');
    expect(again.lists.map((i: Item) => i.subjectid).sort()).toEqual([hidden.id, free.id].sort());
    for (const i of again.lists as Item[])
      must(
        await tp('answerPractice', student, {
          courseid: room.courseid,
          id: again.id,
          subjectid: i.subjectid,
          answer: bank.keys.get(i.subjectid)!.right,
        }),
        'r',
      );
    const after = must(await tp('weakPoints', student, { courseid: room.courseid }), 'after');
    expect(after.lists.find((l: { point: string }) => l.point === '数列')).toMatchObject({ answers: 4, correct: 2, rate: 50 });
  });
});

describe('keys hidden elsewhere (issue 24)', () => {
  /** An interactive answer of these bank questions, opened in a class: its steps. */
  async function live(room: Classroom, ids: number[]) {
    const made = must(
      await call(
        app,
        '/InteractApi/create',
        { courseid: room.courseid, title: '课堂', questionids: ids.join(','), seconds: 60 },
        { token: room.owner.token },
      ),
      'interact',
    );
    must(await call(app, '/Futurev2/AttendClass/beginClass', { courseid: room.courseid }, { token: room.owner.token }), 'begin');
    const steps = made.steps as { stepid: number }[];
    must(await call(app, '/InteractApi/startStep', { stepid: steps[0]!.stepid }, { token: room.owner.token }), 'start');
    return steps;
  }
  const reveal = async (room: Classroom, stepid: number) =>
    must(await call(app, '/InteractApi/revealStep', { stepid }, { token: room.owner.token }), 'reveal');
  const levelPoints = async (room: Classroom, who: Person) =>
    must(await tp('passThroughLevels', who, { courseid: room.courseid }), 'levels').lists.map(
      (l: { point: string; available: number }) => [l.point, l.available],
    );

  it('never hands out the key of a live question not yet revealed: not drawn, not a level, not graded', async () => {
    const room = await classroom(app, 1);
    const bank = banker(room);
    const student = room.students[0]!;
    const asked = await bank.add(['课堂点']);
    const free = await bank.add(['课堂点']);
    const alone = await bank.add(['只在课堂']);
    const steps = await live(room, [asked.id, alone.id]);

    // the open question and the one still to be asked are held back; a point with no other question is no level
    const p = must(await tp('startPractice', student, { courseid: room.courseid, points: '课堂点' }), 'start');
    expect(p.lists.map((i: Item) => i.subjectid)).toEqual([free.id]);
    expect(await tp('startPractice', student, { courseid: room.courseid, points: '只在课堂' })).toMatchObject({ code: 30912 });
    expect(await levelPoints(room, student)).toEqual([['课堂点', 1]]);

    // revealed: both may be practised, and the level counts them
    await reveal(room, steps[0]!.stepid);
    expect(await levelPoints(room, student)).toEqual([['课堂点', 2]]);
    const p2 = must(await tp('startPractice', student, { courseid: room.courseid, points: '课堂点', count: 5 }), 'again');
    expect(p2.resumed).toBe(1);
    const fresh = must(
      await tp('startPractice', room.students[0]!, { courseid: room.courseid, points: ['课堂点', '新点'] }),
      'b',
    );
    expect(fresh.lists.map((i: Item) => i.subjectid).sort()).toEqual([asked.id, free.id].sort());
  });

  it('refuses to grade a question drawn before a live question took it up, writing nothing, until it is revealed', async () => {
    const room = await classroom(app, 1);
    const bank = banker(room);
    const student = room.students[0]!;
    const q = await bank.add(['先练后考']);
    const p = must(await tp('startPractice', student, { courseid: room.courseid, points: '先练后考' }), 'start');
    expect(p.lists.map((i: Item) => i.subjectid)).toEqual([q.id]);
    const steps = await live(room, [q.id]);
    const body = { courseid: room.courseid, id: p.id, subjectid: q.id, answer: q.right };
    const refused = await tp('answerPractice', student, body);
    expect(refused).toMatchObject({ status: 0, code: 30916 });
    expect(JSON.stringify(refused)).not.toContain('解析-');
    const [item] = await app.ctx.db.select().from(practiceItems).where(eq(practiceItems.practiceId, p.id));
    expect(item).toMatchObject({ correct: null, answeredAt: null });
    const [row] = await app.ctx.db.select().from(practices).where(eq(practices.id, p.id));
    expect(row).toMatchObject({ answered: 0, status: 0 });

    await reveal(room, steps[0]!.stepid);
    expect(must(await tp('answerPractice', student, body), 'answer')).toMatchObject({ correct: 1, answer: '1' });
  });

  it("holds back every question a draft's random draw may draw, and a test's held back until its answers show", async () => {
    const room = await classroom(app, 1);
    const bank = banker(room);
    const student = room.students[0]!;
    // two true/false questions a draft's draw may draw
    await bank.add(['抽题点']);
    await bank.add(['抽题点']);
    const single = await bank.add(['抽题点'], 'single');
    must(
      await tp('addTestpaper', room.owner, {
        courseid: room.courseid,
        title: '草稿',
        draws: [{ type: 1, difficulty: 0, point: '抽题点', count: 1, score: 2 }],
      }),
      'draft',
    );
    // only the single choice fits no draw
    const p = must(await tp('startPractice', student, { courseid: room.courseid, points: '抽题点' }), 'start');
    expect(p.lists.map((i: Item) => i.subjectid)).toEqual([single.id]);
    expect(await levelPoints(room, student)).toEqual([['抽题点', 1]]);

    // a published exam left at the default: answers after the close, so a hand-in does not free its questions
    const other = await bank.add(['考试点']);
    const exam = must(
      await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '考试', fixed: [other.id], testtype: 2 }),
      'exam',
    );
    must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: exam.id }), 'publish');
    await app.ctx.jobs.runDue();
    await handIn(room, student, exam.id, new Map());
    expect(await tp('startPractice', student, { courseid: room.courseid, points: '考试点' })).toMatchObject({ code: 30912 });
    expect(await levelPoints(room, student)).toEqual([['抽题点', 1]]);
  });
});

describe('pass-through practice', () => {
  it('one level per knowledge point in bank order, each opening when the one before is passed', async () => {
    const room = await classroom(app, 2);
    const bank = banker(room);
    const student = room.students[0]!;
    for (let i = 0; i < 3; i++) await bank.add(['第一关']);
    await bank.add(['第二关'], 'single');
    await bank.add(['第二关', '第三关'], 'blank');
    await bank.add(['简答点'], 'short');
    const levels = async (who = student) => must(await tp('passThroughLevels', who, { courseid: room.courseid }), 'levels');

    const fresh = await levels();
    expect(fresh).toMatchObject({ state: 0, passrate: 60, questions: 5 });
    expect(fresh.lists).toEqual([
      { level: 1, point: '第一关', available: 3, state: 0, locked: 0, tries: 0, best: 0, practiceid: 0 },
      { level: 2, point: '第二关', available: 2, state: 0, locked: 1, tries: 0, best: 0, practiceid: 0 },
      { level: 3, point: '第三关', available: 1, state: 0, locked: 1, tries: 0, best: 0, practiceid: 0 },
    ]);
    expect(await tp('startPractice', student, { courseid: room.courseid, level: 2 })).toMatchObject({ status: 0, code: 30914 });
    const missing = await tp('startPractice', student, { courseid: room.courseid, level: 9 });
    expect(missing.status).toBe(0);
    expect(missing.message).toContain('请选择关卡');

    const answerAll = async (id: number, lists: Item[], right: (i: number) => boolean) => {
      let last: Record<string, unknown> = {};
      for (const [n, i] of lists.entries()) {
        const k = bank.keys.get(i.subjectid)!;
        last = must(
          await tp('answerPractice', student, {
            courseid: room.courseid,
            id,
            subjectid: i.subjectid,
            answer: right(n) ? k.right : k.wrong,
          }),
          'a',
        );
      }
      return last;
    };
    // level 1, first try: one of three right (33 %) — tried, not passed
    const try1 = must(await tp('startPractice', student, { courseid: room.courseid, level: 1 }), 'l1');
    expect(try1).toMatchObject({ kind: 2, level: 1, points: ['第一关'], total: 3 });
    const during = await levels();
    expect(during.state).toBe(1);
    expect(during.lists[0]).toMatchObject({ state: 1, practiceid: try1.id, tries: 0 });
    expect(await answerAll(try1.id, try1.lists, (n) => n === 0)).toMatchObject({ status: 1, passed: 0 });
    const failed = await levels();
    expect(failed.lists[0]).toMatchObject({ state: 1, tries: 1, best: 33, practiceid: 0 });
    expect(failed.lists[1]).toMatchObject({ locked: 1 });

    // second try: two of three right (67 %) passes and opens level 2
    const try2 = must(await tp('startPractice', student, { courseid: room.courseid, level: 1 }), 'l1b');
    expect(try2.id).not.toBe(try1.id);
    expect(await answerAll(try2.id, try2.lists, (n) => n < 2)).toMatchObject({ passed: 1 });
    const opened = await levels();
    expect(opened.lists.map((l: { state: number; locked: number }) => [l.state, l.locked])).toEqual([
      [2, 0],
      [0, 0],
      [0, 1],
    ]);
    expect(opened.state).toBe(1);

    const l2 = must(await tp('startPractice', student, { courseid: room.courseid, level: 2 }), 'l2');
    await answerAll(l2.id, l2.lists, () => true);
    const l3 = must(await tp('startPractice', student, { courseid: room.courseid, level: '3' }), 'l3');
    await answerAll(l3.id, l3.lists, () => true);
    const done = await levels();
    expect(done.state).toBe(2);
    expect(done.lists.every((l: { state: number }) => l.state === 2)).toBe(true);
    // the other student's levels are their own
    const theirs = await levels(room.students[1]!);
    expect(theirs.state).toBe(0);
    expect(theirs.lists.map((l: { locked: number }) => l.locked)).toEqual([0, 1, 1]);
  });
});
