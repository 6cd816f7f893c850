import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { contents, jobs, testAttempts, testExtraTimes, testItems, tests } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;
/** ids of room's bank: 4 true/false (2 easy on 导数), 3 single choice, a note */
let bank: { tf: number[]; single: number[]; note: number };

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 5);
  const add = async (q: Record<string, unknown>) =>
    must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...q }, { token: room.owner.token }), 'add')
      .id as number;
  bank = { tf: [], single: [], note: 0 };
  for (let i = 0; i < 4; i++)
    bank.tf.push(
      await add({
        type: 1,
        title: `<p>判断 ${i}</p>`,
        answer: i % 2 ? '0' : '1',
        difficulty: i < 2 ? 1 : 2,
        points: i < 2 ? ['导数'] : [],
      }),
    );
  for (let i = 0; i < 3; i++)
    bank.single.push(await add({ type: 2, title: `<p>单选 ${i}</p>`, options: ['甲', '乙', '丙'], answer: 'B', score: 2 }));
  bank.note = await add({ type: 10, title: '<p>第二部分</p>' });
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const now = () => Math.floor(Date.now() / 1000);
const tp = (path: string, token: string, body: Record<string, unknown>) => call(app, `/TestpaperApi/${path}`, body, { token });
const itemsOf = (courseid: number) =>
  app.ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.courseId, courseid), eq(contents.contenttype, 6)));

async function paper(body: Record<string, unknown> = {}) {
  return must(
    await tp('addTestpaper', room.owner.token, {
      courseid: room.courseid,
      title: '第一单元测验',
      fixed: [bank.single[0], { id: bank.note }, { id: bank.single[1], score: 5 }],
      draws: [{ type: 1, difficulty: 0, point: '', count: 2, score: 1 }],
      ...body,
    }),
    'addTestpaper',
  );
}

describe('papers', () => {
  it('gives a new test a weight of 1 in the score book, as a new homework (issue 25)', async () => {
    const made = await paper();
    expect(made.settings.scorepercent).toBe(1);
    const [row] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, made.id));
    expect(row!.scorePercent).toBe(1);
    // a weight typed is kept, 0 too
    expect((await paper({ scorepercent: 0 })).settings.scorepercent).toBe(0);
  });

  it('keeps a draft with fixed questions and draws, its total and the bank each draw may take; students do not see it', async () => {
    const made = await paper({
      testtype: 2,
      timelimit: 45,
      attempts: 2,
      shufflequestions: 1,
      showanswer: 2,
      scorepercent: 30,
      switchlimit: 3,
    });
    expect(made).toMatchObject({
      contenttype: 6,
      publishState: 0,
      published: 0,
      totalScore: 9,
      fullcount: 4,
      testpaperType: 2,
      settings: {
        testtype: 2,
        timelimit: 45,
        attempts: 2,
        shufflequestions: 1,
        shuffleoptions: 0,
        showanswer: 2,
        scorepercent: 30,
        switchlimit: 3,
        releasescore: 0,
      },
      draws: [{ type: 1, difficulty: 0, point: '', count: 2, score: 1, available: 4 }],
      counts: { students: 5, inprogress: 0, submitted: 0, pending: 0, notstarted: 5 },
      courserole: 1,
    });
    expect(made.fixed.map((f: { id: number; score: number }) => [f.id, f.score])).toEqual([
      [bank.single[0], 2],
      [bank.note, 0],
      [bank.single[1], 5],
    ]);
    expect(made.fixed[0].question).toMatchObject({ type: 2, answer: 'B' });
    const student = room.students[0]!;
    expect((await tp('testpaperdetails', student.token, { courseid: room.courseid, testpaperid: made.id })).code).toBe(40004);
    expect(
      must(await tp('lists', student.token, { courseid: room.courseid }), 'lists').list.map((t: { id: number }) => t.id),
    ).not.toContain(made.id);
    expect(
      must(await tp('lists', room.assistant.token, { courseid: room.courseid }), 'lists').list.map((t: { id: number }) => t.id),
    ).toContain(made.id);
  });

  it.each([
    [
      {
        draws: [
          { type: 1, count: 0, score: 1 },
          { type: 2, count: 0, score: 1 },
        ],
      },
      '随机抽题的数量不能全为 0',
    ],
    [{ fixed: [], draws: [{ type: 1, count: 5, score: 1 }] }, '第 1 组随机抽题要 5 道，题库中可抽的只有 4 道'],
    [
      {
        fixed: [],
        draws: [
          { type: 1, difficulty: 1, count: 2, score: 1 },
          { type: 1, point: '导数', count: 1, score: 1 },
        ],
      },
      '第 2 组随机抽题要 1 道，题库中可抽的只有 0 道',
    ],
    [{ fixed: [], draws: [{ type: 2, count: 3, score: 1 }], extra: true }, '第 1 组随机抽题要 3 道，题库中可抽的只有 2 道'],
    [{ fixed: [999999] }, '试卷中有题目已被删除或不在本课程题库中，请重新选择'],
    [{ fixed: [1, 1] }, '同一道题不能在试卷中出现两次'],
    [{ draws: [{ type: 10, count: 1, score: 1 }] }, '段落说明不能随机抽取'],
    [{ fixed: [{ id: 0, score: 0 }] }, '分值须在 0.5 到 100 之间'],
    [{ draws: [{ type: 1, count: 1, score: 0 }] }, '分值须在 0.5 到 100 之间'],
    [{ draws: [{ type: 1, count: 201, score: 1 }] }, '抽题数量须是 0 到 200 的整数'],
    [{ timelimit: 601 }, '答题时长须是 0 到 600 分钟（0 为不限时）'],
    [{ attempts: 11 }, '答题次数须是 1 到 10 次'],
    [{ scorepercent: 101 }, '成绩占比须是 0 到 100 的整数'],
    [{ scorepercent: 12.5 }, '成绩占比须是 0 到 100 的整数'],
    [{ switchlimit: 100 }, '请输入允许切屏的次数（0 到 99，0 为不限制）'],
    [{ showanswer: 4 }, '请选择何时公布答案：交卷后、截止后或不公布'],
    [{ endtime: 1000 }, '时间不能早于现在'],
    [{ begintime: 'later', endtime: 'sooner' }, '截止时间须晚于开始时间'],
    [{ title: '' }, '请输入标题'],
  ])('refuses %j naming what is wrong, and makes nothing', async (patch, message) => {
    const before = (await itemsOf(room.courseid)).length;
    const body: Record<string, unknown> = { ...patch };
    // ids that only exist at run time
    if (Array.isArray(body.fixed) && body.fixed[0] === 1) body.fixed = [bank.tf[0], bank.tf[0]];
    if (Array.isArray(body.fixed) && (body.fixed[0] as { id?: number })?.id === 0) body.fixed = [{ id: bank.tf[0], score: 0 }];
    if (body.begintime === 'later') Object.assign(body, { begintime: now() + 7200, endtime: now() + 3600 });
    if (body.extra) body.fixed = [bank.single[0]];
    const res = await tp('addTestpaper', room.owner.token, {
      courseid: room.courseid,
      title: '测验',
      fixed: [bank.tf[0]],
      ...body,
    });
    expect(res).toMatchObject({ status: 0, code: 40001, message });
    expect(await itemsOf(room.courseid)).toHaveLength(before);
  });

  it('changes only the settings sent, and refuses a bad one naming it', async () => {
    const made = await paper();
    // answers after the close unless the teacher chooses otherwise (issue 24): an early hand-in reads no key
    expect(made.settings).toMatchObject({ testtype: 1, releasescore: 1, attempts: 1, showanswer: 2 });
    const set = must(
      await tp('setTestpaper', room.owner.token, { courseid: room.courseid, id: made.id, attempts: 3, shuffleoptions: 1 }),
      'set',
    );
    expect(set.settings).toMatchObject({ testtype: 1, attempts: 3, shuffleoptions: 1, showanswer: 2 });
    const refused = await tp('setTestpaper', room.owner.token, { courseid: room.courseid, id: made.id, switchlimit: -1 });
    expect(refused).toMatchObject({ code: 40001, message: '请输入允许切屏的次数（0 到 99，0 为不限制）' });
    const [kept] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, made.id));
    expect(kept).toMatchObject({ attempts: 3, shuffleOptions: true, switchLimit: 0 });
  });

  it('freezes the paper at publishing: the bank edited afterwards changes nothing of it, and its questions no longer change', async () => {
    const q = must(
      await call(
        app,
        '/QuestionBankApi/addQuestion',
        { courseid: room.courseid, type: 4, title: '<p>原题干</p>', answer: '参考' },
        { token: room.owner.token },
      ),
      'q',
    );
    const made = await paper({ fixed: [q.id], draws: [] });
    const published = must(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: made.id }), 'publish');
    expect(published).toMatchObject({ publishState: 2, published: 1, totalScore: 1, fullcount: 1 });
    must(
      await call(
        app,
        '/QuestionBankApi/editQuestion',
        { courseid: room.courseid, id: q.id, type: 4, title: '<p>改过的题干</p>' },
        { token: room.owner.token },
      ),
      'edit',
    );
    const preview = must(await tp('previewTestpaper', room.owner.token, { courseid: room.courseid, id: made.id }), 'preview');
    expect(preview.lists.map((i: { title: string; answer: string }) => [i.title, i.answer])).toEqual([['<p>原题干</p>', '参考']]);
    expect(
      await tp('editTestpaper', room.owner.token, { courseid: room.courseid, id: made.id, title: 'x', fixed: [] }),
    ).toMatchObject({ code: 30907 });
    expect(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: made.id })).toMatchObject({
      code: 30907,
    });
    // the content area's own publish and end-time calls do not reach a test
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/setEndTime',
          { courseid: room.courseid, id: made.id, endtime: now() + 60 },
          { token: room.owner.token },
        )
      ).code,
    ).toBe(40003);
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, made.id));
    expect(row!.endAt).toBeNull();
  });

  it('refuses to publish an empty paper, one whose question was deleted, and keeps it a draft', async () => {
    const empty = await paper({ fixed: [], draws: [] });
    expect(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: empty.id })).toMatchObject({
      code: 40001,
      message: '试卷至少要有一道题',
    });
    const q = must(
      await call(
        app,
        '/QuestionBankApi/addQuestion',
        { courseid: room.courseid, type: 1, title: '<p>将被删</p>', answer: '1' },
        { token: room.owner.token },
      ),
      'q',
    );
    const doomed = await paper({ fixed: [q.id], draws: [] });
    must(
      await call(app, '/QuestionBankApi/deleteQuestions', { courseid: room.courseid, ids: [q.id] }, { token: room.owner.token }),
      'delete',
    );
    expect(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: doomed.id })).toMatchObject({
      code: 40001,
      message: '试卷中有题目已被删除或不在本课程题库中，请重新选择',
    });
    expect(await app.ctx.db.select().from(testItems).where(eq(testItems.contentId, doomed.id))).toEqual([]);
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, doomed.id));
    expect(row!.publishState).toBe(0);
    // the content area's publish call does not publish a test either
    expect(
      (
        await call(
          app,
          '/FutureV2/CourseMeans/publishContent',
          { courseid: room.courseid, id: doomed.id },
          { token: room.owner.token },
        )
      ).code,
    ).toBe(40003);
  });

  it('prepares every student’s paper ahead of the start, each with its own draw of different questions', async () => {
    const made = await paper({
      fixed: [bank.single[0]],
      draws: [
        { type: 1, difficulty: 0, point: '', count: 3, score: 1 },
        { type: 2, difficulty: 0, point: '', count: 2, score: 2 },
      ],
    });
    must(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: made.id }), 'publish');
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `exam-prepare:${made.id}`));
    expect(job).toBeTruthy();
    await app.ctx.jobs.runDue();
    const prepared = await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.contentId, made.id));
    expect(prepared).toHaveLength(5);
    const items = new Map(
      (await app.ctx.db.select().from(testItems).where(eq(testItems.contentId, made.id))).map((i) => [i.id, i]),
    );
    const papers = new Set<string>();
    for (const a of prepared) {
      expect(a).toMatchObject({ status: 0, attemptNo: 1, startedAt: null });
      const got = a.itemIds.map((id) => items.get(id)!);
      expect(got).toHaveLength(6);
      expect(got[0]!.questionId).toBe(bank.single[0]);
      expect(got.filter((i) => i.draw === 1 && i.type === 1)).toHaveLength(3);
      expect(got.filter((i) => i.draw === 2 && i.type === 2)).toHaveLength(2);
      // a question once per paper, the fixed one never drawn again
      expect(new Set(got.map((i) => i.questionId)).size).toBe(6);
      papers.add(JSON.stringify(a.itemIds));
    }
    expect(papers.size).toBeGreaterThan(1);
    // run again: nothing more
    await app.ctx.jobs.schedule('exam.prepare', new Date(), { id: made.id }, `exam-prepare:${made.id}`);
    await app.ctx.jobs.runDue();
    expect(await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.contentId, made.id))).toHaveLength(5);
  });

  it('gives students extra time, naming a non-student as wrong; 0 takes it away', async () => {
    const made = await paper();
    const [a, b] = room.students;
    expect(
      await tp('setExtraTime', room.owner.token, {
        courseid: room.courseid,
        id: made.id,
        uids: [a!.uid, room.assistant.uid],
        minutes: 15,
      }),
    ).toMatchObject({
      code: 40001,
      message: '请选择本课程的学生',
    });
    expect(await app.ctx.db.select().from(testExtraTimes).where(eq(testExtraTimes.contentId, made.id))).toEqual([]);
    const set = must(
      await tp('setExtraTime', room.owner.token, {
        courseid: room.courseid,
        id: made.id,
        uids: `${a!.uid},${b!.uid}`,
        minutes: 15,
      }),
      'extra',
    );
    expect(set.list.map((e: { uid: number; minutes: number }) => [e.uid, e.minutes])).toEqual([
      [a!.uid, 15],
      [b!.uid, 15],
    ]);
    const less = must(
      await tp('setExtraTime', room.owner.token, { courseid: room.courseid, id: made.id, uids: [b!.uid], minutes: 0 }),
      'remove',
    );
    expect(less.list.map((e: { uid: number }) => e.uid)).toEqual([a!.uid]);
    const details = must(
      await tp('testpaperdetails', room.owner.token, { courseid: room.courseid, testpaperid: made.id }),
      'details',
    );
    expect(details.extratimes).toMatchObject([{ uid: a!.uid, minutes: 15 }]);
  });

  it('ends a published test by hand, once; a draft cannot be ended', async () => {
    const draft = await paper();
    expect((await tp('endTestpaper', room.owner.token, { courseid: room.courseid, id: draft.id })).code).toBe(30909);
    must(await tp('publishTestpaper', room.owner.token, { courseid: room.courseid, id: draft.id }), 'publish');
    const ended = must(await tp('endTestpaper', room.owner.token, { courseid: room.courseid, id: draft.id }), 'end');
    expect(ended).toMatchObject({ publishState: 3, timestate: 2 });
    const [kept] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, draft.id));
    const again = must(await tp('endTestpaper', room.owner.token, { courseid: room.courseid, id: draft.id }), 'again');
    const [still] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, draft.id));
    expect(still!.endedAt).toEqual(kept!.endedAt);
    expect(again.publishState).toBe(3);
  });

  it('previews a draft as a student would get it, with the keys, drawn from the bank', async () => {
    const made = await paper({ fixed: [bank.single[0], bank.note], draws: [{ type: 1, point: '导数', count: 2, score: 1 }] });
    const preview = must(await tp('previewTestpaper', room.assistant.token, { courseid: room.courseid, id: made.id }), 'preview');
    expect(preview.totalScore).toBe(4);
    expect(preview.lists.map((i: { typeid: number; sort: number }) => [i.typeid, i.sort])).toEqual([
      [2, 1],
      [10, 0],
      [1, 2],
      [1, 3],
    ]);
    expect(preview.lists[0]).toMatchObject({ answer: 'B', draw: 0 });
    expect(new Set(preview.lists.slice(2).map((i: { questionid: number }) => i.questionid))).toEqual(
      new Set(bank.tf.slice(0, 2)),
    );
  });

  it('is the teacher’s and assistants’: students, outsiders and strangers make, change and see nothing of it', async () => {
    const made = await paper();
    const student = room.students[0]!;
    for (const [who, token, code] of [
      ['student', student.token, 40003],
      ['outsider', room.outsider.token, 30202],
      ['stranger', room.stranger.token, 30202],
    ] as const) {
      expect((await tp('addTestpaper', token, { courseid: room.courseid, title: 'x', fixed: [bank.tf[0]] })).code, who).toBe(
        code,
      );
      expect((await tp('setTestpaper', token, { courseid: room.courseid, id: made.id, attempts: 5 })).code, who).toBe(
        code === 40003 ? 40004 : code,
      );
      expect((await tp('publishTestpaper', token, { courseid: room.courseid, id: made.id })).code, who).toBe(
        code === 40003 ? 40004 : code,
      );
      expect((await tp('previewTestpaper', token, { courseid: room.courseid, id: made.id })).code, who).toBe(
        code === 40003 ? 40004 : code,
      );
      expect(
        (await tp('setExtraTime', token, { courseid: room.courseid, id: made.id, uids: [student.uid], minutes: 10 })).code,
        who,
      ).toBe(code === 40003 ? 40004 : code);
    }
    const [kept] = await app.ctx.db.select().from(tests).where(eq(tests.contentId, made.id));
    expect(kept!.attempts).toBe(1);
    expect(await app.ctx.db.select().from(testExtraTimes).where(eq(testExtraTimes.contentId, made.id))).toEqual([]);
    // course B's teacher naming course B with course A's paper
    const other = await classroom(app, 0);
    expect((await tp('publishTestpaper', other.owner.token, { courseid: other.courseid, id: made.id })).code).toBe(40004);
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, made.id));
    expect(row!.publishState).toBe(0);
  });
});
