import { TEST_PROGRESS_CMD, TEST_STATES } from '@paiclass/shared';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Classroom, classroom, everyType, must, type Person } from '../../../test/exams';
import { call, instancesOf, type TestDatabase, testApp, testDatabase, upload, usePostgres } from '../../../test/helpers';
import { jobs, testAnswers, testAttempts } from '../../db/schema';
import { bindAddresses, fileGrant } from '../../platform/addresses';
import { saveGroupsOf, startGroupsOf } from './attempts.service';

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;
/** every event published, as [room, cmd, data] */
const published: [string, string, Record<string, unknown>][] = [];

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  // every instance's (a call may go to either under TEST_INSTANCES=2)
  for (const instance of instancesOf(app)) {
    const publish = instance.ctx.realtime.publish.bind(instance.ctx.realtime);
    instance.ctx.realtime.publish = async (room: string, cmd: string, data: unknown) => {
      published.push([room, cmd, data as Record<string, unknown>]);
      return publish(room, cmd, data);
    };
  }
  room = await classroom(app, 4);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** What a key, an accepted answer, a reference answer or an analysis holds: never in a student's answer before its time. */
const SECRET = 'Kx9secret';
const now = () => Math.floor(Date.now() / 1000);
const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i = 0) => room.students[i]!;

/** Questions written into the room's bank; the keys of the ones that have them carry SECRET in their analysis. */
async function questionsOf(list: Record<string, unknown>[]) {
  const ids: number[] = [];
  for (const q of list)
    ids.push(
      must(
        await call(
          app,
          '/QuestionBankApi/addQuestion',
          { courseid: room.courseid, analysis: `<p>${SECRET} 解析</p>`, ...q },
          { token: room.owner.token },
        ),
        'question',
      ).id,
    );
  return ids;
}

/** A published test of these questions; its prepare job run, as it would at the publish time. */
async function publishedTest(fixed: number[], settings: Record<string, unknown> = {}, draws: unknown[] = []) {
  const made = must(
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '随堂测验', fixed, draws, ...settings }),
    'addTestpaper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  await app.ctx.jobs.runDue();
  return made.id as number;
}

const start = async (id: number, who = stu()) =>
  must(await tp('doSubjectList', who, { courseid: room.courseid, testpaperid: id }), 'doSubjectList');
const attemptRow = async (id: number) => (await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.id, id)))[0]!;
/** Moves an attempt's start and deadline to where time passing would have put them. */
async function shift(attemptId: number, startedAgoMs: number, deadlineAgoMs: number) {
  await app.ctx.db
    .update(testAttempts)
    .set({ startedAt: new Date(Date.now() - startedAgoMs), deadlineAt: new Date(Date.now() - deadlineAgoMs) })
    .where(eq(testAttempts.id, attemptId));
}

/** Raw answers a student got, searched for anything of a key. */
async function raw(path: string, who: Person, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/TestpaperApi/${path}`, payload: body, headers: { token: who.token } });
  return res.body;
}

/**
 * Sends `calls` calls at once with each instance's first write held until the rest wait in its groups
 * (`queued`): each instance's first goes alone, the others together. Answers how many writes each instance
 * made, each one transaction (a group's `group`, or `single` for one alone or for each call of a group whose
 * transaction failed), and the answers. The writes themselves are held and counted, not the instance's
 * transactions: any other transaction begun first would be the one held. Every held write goes once the calls
 * have been seen gathered: the first instance let go writes its group, and one still looking on its own would
 * no longer see them all waiting (two instances under load: both first writes then held 10 s, and answered 50000).
 */
async function firstWriteHeld<T>(groupsOf: (ctx: FastifyInstance['ctx']) => unknown, calls: number, send: () => Promise<T>) {
  type Writes = { group: (inputs: unknown[]) => Promise<unknown>; single: (input: unknown) => Promise<unknown>; queued: number };
  const groups = instancesOf(app).map((instance) => groupsOf(instance.ctx) as Writes);
  const writes = groups.map(() => 0);
  let gathered: Promise<void> | undefined;
  let stuck: string | undefined;
  const allWaiting = () =>
    vi
      .waitFor(() => expect(groups.reduce((n, g) => n + g.queued, 0)).toBe(calls - groups.length), { timeout: 10_000 })
      .catch((error: Error) => {
        stuck = `the first writes held 10 s: ${groups.map((g) => g.queued).join(' and ')} waiting (${error.message})`;
      });
  const originals = groups.map((g, i) => {
    const { group, single } = g;
    const counted =
      <A>(write: (arg: A) => Promise<unknown>) =>
      async (arg: A) => {
        if (++writes[i]! === 1) {
          gathered ??= allWaiting();
          await gathered;
        }
        return write(arg);
      };
    g.group = counted(group);
    g.single = counted(single);
    return { group, single };
  });
  try {
    const answered = await send();
    expect(stuck, 'the calls gathered behind the first writes').toBeUndefined();
    return { writes, answered };
  } finally {
    for (const [i, g] of groups.entries()) Object.assign(g, originals[i]);
  }
}

describe('taking a test', () => {
  it('starts from the paper prepared ahead, resumes it, and never sends a key, an accepted answer or an analysis', async () => {
    const ids = await questionsOf([
      ...everyType('TK').map((q) =>
        q.type === 5
          ? { ...q, blanks: [[`${SECRET}甲`], [`${SECRET}乙`]] }
          : q.type === 4
            ? { ...q, answer: `${SECRET}参考` }
            : q,
      ),
    ]);
    const id = await publishedTest(ids, { showanswer: 1 });
    const [prepared] = await app.ctx.db
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.contentId, id), eq(testAttempts.userId, stu().uid)));
    expect(prepared).toMatchObject({ status: 0 });
    // the list says the server's clock, so that a phone set wrong shows the same states
    const before = Math.floor(Date.now() / 1000);
    const listed = must(await tp('lists', stu(), { courseid: room.courseid }), 'lists');
    expect(listed.now).toBeGreaterThanOrEqual(before);
    expect(listed.now).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(listed.list.map((t: { id: number }) => t.id)).toContain(id);
    const paper = await start(id);
    expect(paper.attemptid).toBe(prepared!.id);
    expect(paper.lists.map((i: { id: number }) => i.id)).toEqual(prepared!.itemIds);
    expect(paper).toMatchObject({ attemptno: 1, deadline: 0, remaining: -1, totalScore: 45 });
    for (const item of paper.lists) {
      expect(item.answer).toBe('');
      expect(item.analysis).toBe('');
      expect(Object.keys(item).sort()).toEqual(
        [
          'analysis',
          'answer',
          'blanks',
          'id',
          'max',
          'min',
          'myanswer',
          'myfiles',
          'myseq',
          'optionList',
          'score',
          'sort',
          'subjectid',
          'title',
          'type',
          'typeid',
        ].sort(),
      );
    }
    expect(paper.lists.find((i: { typeid: number }) => i.typeid === 5)).toMatchObject({ blanks: 2 });
    expect(paper.lists.find((i: { typeid: number }) => i.typeid === 13)).toMatchObject({ min: 1, max: 5 });
    for (const [path, body] of [
      ['doSubjectList', {}],
      ['testpaperdetails', {}],
      ['lists', {}],
    ] as const)
      expect(await raw(path, stu(), { courseid: room.courseid, testpaperid: id, ...body }), path).not.toContain(SECRET);
    const again = await start(id);
    expect(again.attemptid).toBe(paper.attemptid);
    expect(await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.contentId, id))).toHaveLength(4);
  });

  it('refuses to start a draft, before the begin time, an offline test, a closed one; the teacher previews instead', async () => {
    const [q] = await questionsOf([{ type: 1, title: '<p>对吗</p>', answer: '1' }]);
    const draft = must(await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '草稿', fixed: [q] }), 'draft');
    expect((await tp('doSubjectList', stu(), { courseid: room.courseid, testpaperid: draft.id })).code).toBe(40004);
    const later = await publishedTest([q!], { begintime: now() + 3600 });
    expect(await tp('doSubjectList', stu(), { courseid: room.courseid, testpaperid: later })).toMatchObject({
      code: 30901,
      message: '测试还没有开始',
    });
    const offline = await publishedTest([q!], { offline: 1 });
    expect((await tp('doSubjectList', stu(), { courseid: room.courseid, testpaperid: offline })).code).toBe(30906);
    expect(must(await tp('testpaperdetails', stu(), { courseid: room.courseid, testpaperid: offline }), 'details').state).toBe(7);
    const ended = await publishedTest([q!]);
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: ended }), 'end');
    expect((await tp('doSubjectList', stu(), { courseid: room.courseid, testpaperid: ended })).code).toBe(30902);
    expect(must(await tp('testpaperdetails', stu(), { courseid: room.courseid, testpaperid: ended }), 'details').state).toBe(2);
    expect((await tp('doSubjectList', room.owner, { courseid: room.courseid, testpaperid: ended })).code).toBe(40003);
    for (const who of [room.outsider, room.stranger])
      expect((await tp('doSubjectList', who, { courseid: room.courseid, testpaperid: ended })).code).toBe(30202);
    expect(
      await app.ctx.db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.contentId, ended), eq(testAttempts.status, 1))),
    ).toEqual([]);
  });

  it('makes one attempt of simultaneous starts, and one hand-in of simultaneous hand-ins', async () => {
    const [q] = await questionsOf([{ type: 1, title: '<p>同时</p>', answer: '1' }]);
    // no prepared row for a student who joins after publishing
    const id = await publishedTest([q!]);
    const late = room.students[3]!;
    await app.ctx.db.delete(testAttempts).where(and(eq(testAttempts.contentId, id), eq(testAttempts.userId, late.uid)));
    const starts = await Promise.all(
      Array.from({ length: 5 }, () => tp('doSubjectList', late, { courseid: room.courseid, testpaperid: id })),
    );
    expect(new Set(starts.map((s) => must(s, 'start').attemptid)).size).toBe(1);
    const handups = await Promise.all(
      Array.from({ length: 5 }, () => tp('handup', late, { courseid: room.courseid, testpaperid: id })),
    );
    expect(handups.map((h) => must(h, 'handup').repeat).sort()).toEqual([0, 1, 1, 1, 1]);
    const rows = await app.ctx.db
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.contentId, id), eq(testAttempts.userId, late.uid)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 2, submitKind: 1 });
  });

  // PostgreSQL only: PGlite runs one statement at a time, so its transactions never interleave
  it.runIf(usePostgres)(
    'starts the paper of a student whose prepared row another transaction writes at the same moment (issue 23: a 50000 under load)',
    async () => {
      const [q] = await questionsOf([{ type: 1, title: '<p>准备</p>', answer: '1' }]);
      const id = await publishedTest([q!]);
      const late = room.students[3]!;
      const [mine] = await app.ctx.db
        .delete(testAttempts)
        .where(and(eq(testAttempts.contentId, id), eq(testAttempts.userId, late.uid)))
        .returning();
      // the prepare job's transaction: its row written, not yet committed
      const job = new pg.Client({ connectionString: db.url });
      await job.connect();
      try {
        await job.query('begin');
        await job.query(
          'insert into test_attempts (content_id, course_id, user_id, attempt_no, version, item_ids, option_order, status) values ($1, $2, $3, 1, $4, $5, $6, 0)',
          [id, room.courseid, late.uid, mine!.version, JSON.stringify(mine!.itemIds), JSON.stringify(mine!.optionOrder)],
        );
        // the start finds no prepared row, and its insert waits on the job's
        const started = tp('doSubjectList', late, { courseid: room.courseid, testpaperid: id });
        await expect
          .poll(async () => (await job.query('select count(*)::int as n from pg_locks where not granted')).rows[0].n, {
            timeout: 10_000,
          })
          .toBeGreaterThan(0);
        await job.query('commit');
        const res = await started;
        expect(res.status, JSON.stringify(res)).toBe(1);
      } finally {
        await job.end();
      }
      const rows = await app.ctx.db
        .select()
        .from(testAttempts)
        .where(and(eq(testAttempts.contentId, id), eq(testAttempts.userId, late.uid)));
      expect(rows.map((r) => r.status)).toEqual([1]);
    },
  );
});

describe('answers', () => {
  async function oneOfEach() {
    const ids = await questionsOf([
      { type: 2, title: '<p>单选</p>', options: ['甲', '乙', '丙'], answer: 'B', score: 2 },
      { type: 5, title: '<p>填空</p>', blanks: [['北京', 'Beijing']], score: 2 },
    ]);
    const id = await publishedTest(ids, { timelimit: 30 });
    const paper = await start(id);
    const [single, blank] = paper.lists as { id: number; typeid: number }[];
    return { id, paper, single: single!.id, blank: blank!.id };
  }
  const saved = async (attemptId: number) =>
    new Map((await app.ctx.db.select().from(testAnswers).where(eq(testAnswers.attemptId, attemptId))).map((a) => [a.itemId, a]));

  it('saves Ketangpai’s one answer and a batch; the highest sequence number wins, a replay changes nothing', async () => {
    const { id, paper, single, blank } = await oneOfEach();
    must(await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, subjectid: single, answer: 'A' }), 'one');
    const batch = must(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [
          { subjectid: single, answer: 'C', seq: 5 },
          { subjectid: single, answer: 'B', seq: 4 },
          { subjectid: blank, answer: ['beijing'], seq: 6 },
        ],
      }),
      'batch',
    );
    expect(batch.saved.map((s: { seq: number }) => s.seq)).toEqual([4, 5, 6]);
    expect(batch.refused).toEqual([]);
    // an older save arriving late
    must(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: single, answer: 'A', seq: 3 }],
      }),
      'old',
    );
    let kept = await saved(paper.attemptid);
    expect(kept.get(single)).toMatchObject({ answer: { v: 'C' }, seq: 5, late: false });
    expect(kept.get(blank)).toMatchObject({ answer: { v: ['beijing'] }, seq: 6 });
    must(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: single, answer: 'C', seq: 5 }],
      }),
      'replay',
    );
    kept = await saved(paper.attemptid);
    expect(kept.get(single)).toMatchObject({ answer: { v: 'C' }, seq: 5 });
    const resumed = await start(id);
    expect(resumed.lists[0]).toMatchObject({ myanswer: 'C', myseq: 5 });
  });

  it('writes saves sent together in fewer transactions, each answered as if alone: a refused one writes nothing, the newest of one student’s wins', async () => {
    const { id, paper, single, blank } = await oneOfEach();
    const second = await start(id, stu(1));
    const body = (answers: unknown[]) => ({ courseid: room.courseid, testpaperid: id, answers });
    // each instance's first save goes alone; its write starts once the others wait for it (on PGlite their
    // reads would otherwise queue behind it, and each arrive alone)
    const { writes, answered: answers } = await firstWriteHeld(saveGroupsOf, 7, () =>
      Promise.all([
        tp('saveAnswer', stu(), body([{ subjectid: single, answer: 'A', seq: 1 }])),
        tp('saveAnswer', stu(), body([{ subjectid: single, answer: 'C', seq: 3 }])),
        tp('saveAnswer', stu(), body([{ subjectid: single, answer: 'B', seq: 2 }])),
        tp('saveAnswer', stu(1), body([{ subjectid: blank, answer: ['a', 'b'], seq: 1 }])),
        tp('saveAnswer', stu(1), body([{ subjectid: single, answer: 'B', seq: 1 }])),
        // never started: refused alone
        tp('saveAnswer', stu(3), body([{ subjectid: single, answer: 'B', seq: 1 }])),
        tp('saveAnswer', stu(), body([{ subjectid: blank, answer: ['北京'], seq: 4 }])),
      ]),
    );
    // per instance, the first alone and the others in one group: two transactions
    expect(writes).toEqual(instancesOf(app).map(() => 2));
    expect(answers.map((a) => a.status)).toEqual([1, 1, 1, 0, 1, 0, 1]);
    expect(answers[3]).toMatchObject({ code: 40001, message: '答案与题型不符' });
    expect(answers[5]).toMatchObject({ code: 30908 });
    expect(answers[1]!.data.saved).toEqual([{ subjectid: single, seq: 3, late: 0 }]);
    const mine = await saved(paper.attemptid);
    expect(mine.get(single)).toMatchObject({ answer: { v: 'C' }, seq: 3 });
    expect(mine.get(blank)).toMatchObject({ answer: { v: ['北京'] }, seq: 4 });
    const theirs = await saved(second.attemptid);
    expect([...theirs.keys()]).toEqual([single]);
    expect(theirs.get(single)).toMatchObject({ answer: { v: 'B' }, seq: 1 });
  });

  it('starts papers sent together in fewer transactions: each its own prepared paper, deadline and hand-in job, a student sent twice started once', async () => {
    const ids = await questionsOf([{ type: 2, title: '<p>单选</p>', options: ['甲', '乙'], answer: 'A', score: 2 }]);
    const id = await publishedTest(ids, { timelimit: 30 });
    must(await tp('setExtraTime', room.owner, { courseid: room.courseid, id, uids: [stu(2).uid], minutes: 10 }), 'extra');
    const prepared = new Map(
      (await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.contentId, id))).map((a) => [a.userId, a.id]),
    );
    // each instance's first start goes alone; its write starts once the others wait for it
    const { writes, answered: papers } = await firstWriteHeld(startGroupsOf, 5, () =>
      Promise.all([start(id, stu(0)), start(id, stu(1)), start(id, stu(2)), start(id, stu(3)), start(id, stu(0))]),
    );
    expect(writes).toEqual(instancesOf(app).map(() => 2));
    expect(papers.map((p) => p.attemptid)).toEqual([0, 1, 2, 3, 0].map((i) => prepared.get(stu(i).uid)));
    for (const i of [0, 1, 2, 3]) {
      const row = await attemptRow(papers[i]!.attemptid);
      expect(row.status).toBe(1);
      expect(row.deadlineAt!.getTime() - row.startedAt!.getTime()).toBe((i === 2 ? 40 : 30) * 60_000);
      expect(papers[i]!.deadlinems).toBe(row.deadlineAt!.getTime());
    }
    const queuedJobs = await app.ctx.db.select().from(jobs).where(like(jobs.key, 'exam-submit:%'));
    for (const i of [0, 1, 2, 3]) {
      const mine = queuedJobs.filter((j) => j.key === `exam-submit:${papers[i]!.attemptid}`);
      expect(mine.map((j) => j.runAt.getTime())).toEqual([papers[i]!.deadlinems + 60_000]);
    }
    const told = published.filter(
      ([, cmd, data]) => cmd === TEST_PROGRESS_CMD && data.testpaperid === id && data.state === TEST_STATES.inProgress,
    );
    expect(told.map(([, , data]) => data.userid).sort()).toEqual([0, 1, 2, 3].map((i) => stu(i).uid).sort());
  });

  it('refuses a whole batch with one bad answer, naming it, and writes nothing', async () => {
    const { id, paper, single, blank } = await oneOfEach();
    const other = await oneOfEach();
    for (const [answers, message] of [
      [
        [
          { subjectid: single, answer: 'A', seq: 1 },
          { subjectid: single, answer: 'Z', seq: 2 },
        ],
        '答案与题型不符',
      ],
      [[{ subjectid: blank, answer: ['a', 'b'], seq: 1 }], '答案与题型不符'],
      // a question of another paper
      [
        [
          { subjectid: single, answer: 'A', seq: 1 },
          { subjectid: other.single, answer: 'A', seq: 2 },
        ],
        '请选择题目',
      ],
    ] as const) {
      const res = await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, answers });
      expect(res).toMatchObject({ status: 0, code: 40001, message });
    }
    expect((await saved(paper.attemptid)).size).toBe(0);
    // someone else's file
    const fileQ = await questionsOf([{ type: 7, title: '<p>交文件</p>' }]);
    const fileTest = await publishedTest(fileQ);
    const filePaper = await start(fileTest);
    const theirs = (await upload(app, '/UploadApi/uploadV2', stu(1).token, {}, { name: 'a.txt', data: Buffer.from('x') })).data
      .file.id;
    expect(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: fileTest,
        subjectid: filePaper.lists[0].id,
        answer: [theirs],
      }),
    ).toMatchObject({ code: 40001, message: '只能添加自己上传的文件' });
    const mine = (await upload(app, '/UploadApi/uploadV2', stu().token, {}, { name: 'b.txt', data: Buffer.from('y') })).data.file
      .id;
    must(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: fileTest,
        subjectid: filePaper.lists[0].id,
        answer: [mine],
      }),
      'own file',
    );
    expect((await start(fileTest)).lists[0].myfiles.map((f: { id: number }) => f.id)).toEqual([mine]);
    // handed in, the file opens for the course's teacher and assistant who grade it; never for another student
    must(await tp('handup', stu(), { courseid: room.courseid, testpaperid: fileTest }), 'handup');
    for (const staff of [room.owner, room.assistant]) {
      const review = must(
        await tp('reviewDetail', staff, { courseid: room.courseid, id: fileTest, attemptid: filePaper.attemptid }),
        'reviewDetail',
      );
      const url = String(review.lists[0].myfiles[0].url).replace(/^https?:\/\/[^/]+/, '');
      const opened = await app.inject({ method: 'GET', url });
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toBe('y');
    }
    const asOther = bindAddresses(fileGrant(app.ctx.secret, mine, now() + 600, 0), app.ctx.secret, stu(1).uid);
    expect((await app.inject({ method: 'GET', url: asOther })).json()).toMatchObject({ status: 0 });
  });

  it('refuses answers after the deadline by the server’s clock, whatever the device says', async () => {
    const { id, paper, single } = await oneOfEach();
    // started 10 minutes ago, the deadline passed 2 seconds ago
    await shift(paper.attemptid, 600_000, 2_000);
    for (const body of [
      { subjectid: single, answer: 'B' },
      // Ketangpai's request time, and a device clock saying it is early
      { subjectid: single, answer: 'B', reqtimestamp: Date.now() - 3_600_000 },
      // the device's monotonic time after the deadline
      { subjectid: single, answer: 'B', elapsed: 599_000, seq: 1 },
      // a device claiming a time the server has not reached since the start
      { answers: [{ subjectid: single, answer: 'B', seq: 1, elapsed: 700_000 }] },
    ])
      expect(
        await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, ...body }),
        JSON.stringify(body),
      ).toMatchObject({
        status: 0,
        code: 30903,
        message: '答题时间已到，答案未保存',
      });
    expect((await saved(paper.attemptid)).size).toBe(0);
    // past the grace, not even an answer the device timed before the deadline
    await shift(paper.attemptid, 600_000, 61_000);
    expect(
      (
        await tp('saveAnswer', stu(), {
          courseid: room.courseid,
          testpaperid: id,
          answers: [{ subjectid: single, answer: 'B', seq: 1, elapsed: 100_000 }],
        })
      ).code,
    ).toBe(30903);
    expect((await saved(paper.attemptid)).size).toBe(0);
  });

  it('takes a replayed journal after a drop: what the device answered before the deadline counts, marked late; what came after does not', async () => {
    const { id, paper, single, blank } = await oneOfEach();
    // the connection dropped; the deadline passed 20 s ago; the journal comes back now
    await shift(paper.attemptid, 600_000, 20_000);
    const replay = must(
      await tp('saveAnswer', stu(), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [
          { subjectid: single, answer: 'B', seq: 1, elapsed: 500_000 },
          { subjectid: blank, answer: ['北京'], seq: 2, elapsed: 570_000 },
          // answered after the deadline by the device's own count
          { subjectid: single, answer: 'C', seq: 3, elapsed: 590_000 },
        ],
      }),
      'replay',
    );
    expect(replay.saved).toEqual([
      { subjectid: single, seq: 1, late: 1 },
      { subjectid: blank, seq: 2, late: 1 },
    ]);
    expect(replay.refused).toMatchObject([{ subjectid: single, seq: 3, code: 30903 }]);
    const kept = await saved(paper.attemptid);
    expect(kept.get(single)).toMatchObject({ answer: { v: 'B' }, late: true, elapsedMs: 500_000 });
    const result = must(await tp('handup', stu(), { courseid: room.courseid, testpaperid: id }), 'handup');
    // handed in after the deadline (within the grace): time ran out, said as the deadline's hand-in
    expect(result).toMatchObject({ submitkind: 2, score: 4, answered: 2, unanswered: 0 });
  });

  it('hands in at the deadline by the durable job, counting what was answered; a later hand-in changes nothing', async () => {
    const { id, paper, single } = await oneOfEach();
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `exam-submit:${paper.attemptid}`));
    expect(job!.runAt.getTime()).toBe(paper.deadlinems + 60_000);
    must(
      await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, subjectid: single, answer: 'B', seq: 1 }),
      'save',
    );
    await shift(paper.attemptid, 1_900_000, 61_000);
    await app.ctx.jobs.schedule('exam.submit', new Date(), { id: paper.attemptid }, `exam-submit:${paper.attemptid}`);
    await app.ctx.jobs.runDue();
    const row = await attemptRow(paper.attemptid);
    expect(row).toMatchObject({ status: 2, submitKind: 2, score: 2, pending: 0 });
    expect(published).toContainEqual([
      `user:${stu().uid}`,
      'TestpaperSubmitted',
      { courseid: room.courseid, testpaperid: id, attemptid: paper.attemptid, submitkind: 2 },
    ]);
    const retry = must(
      await tp('handup', stu(), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: single, answer: 'C', seq: 9 }],
      }),
      'retry',
    );
    expect(retry).toMatchObject({ repeat: 1, submitkind: 2, score: 2 });
    expect(await attemptRow(paper.attemptid)).toEqual(row);
    expect((await saved(paper.attemptid)).get(single)).toMatchObject({ answer: { v: 'B' } });
    expect(
      (await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, subjectid: single, answer: 'C' })).code,
    ).toBe(30904);
  });

  it("says who handed in as the server sees it: the page's hand-in once time is up counts as the deadline's, after the teacher's end as the end's", async () => {
    const first = await oneOfEach();
    await shift(first.paper.attemptid, 1_900_000, 1_000);
    const late = must(await tp('handup', stu(), { courseid: room.courseid, testpaperid: first.id }), 'handup');
    expect(late).toMatchObject({ repeat: 0, submitkind: 2 });

    const second = await oneOfEach();
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: second.id }), 'end');
    const ended = must(await tp('handup', stu(), { courseid: room.courseid, testpaperid: second.id }), 'handup');
    expect(ended).toMatchObject({ repeat: 0, submitkind: 4 });

    const third = await oneOfEach();
    expect(must(await tp('handup', stu(), { courseid: room.courseid, testpaperid: third.id }), 'handup')).toMatchObject({
      submitkind: 1,
    });
  });

  it('gives a student extra time at once, and tells them', async () => {
    const { id, paper } = await oneOfEach();
    must(await tp('setExtraTime', room.owner, { courseid: room.courseid, id, uids: [stu().uid], minutes: 15 }), 'extra');
    const row = await attemptRow(paper.attemptid);
    expect(row.deadlineAt!.getTime()).toBe(paper.deadlinems + 15 * 60_000);
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `exam-submit:${paper.attemptid}`));
    expect(job!.runAt.getTime()).toBe(paper.deadlinems + 15 * 60_000 + 60_000);
    expect(published).toContainEqual([
      `user:${stu().uid}`,
      'TestpaperDeadline',
      {
        courseid: room.courseid,
        testpaperid: id,
        attemptid: paper.attemptid,
        deadline: Math.floor((paper.deadlinems + 15 * 60_000) / 1000),
        extratime: 15,
      },
    ]);
    const details = must(await tp('testpaperdetails', stu(), { courseid: room.courseid, testpaperid: id }), 'details');
    expect(details).toMatchObject({ extratime: 15, state: 1, current: { attemptid: paper.attemptid } });
    expect((await start(id)).extratime).toBe(15);
  });

  it('forces the hand-in 15 seconds after one screen switch too many, and keeps the highest count', async () => {
    const [q] = await questionsOf([{ type: 1, title: '<p>切屏</p>', answer: '1' }]);
    const id = await publishedTest([q!], { switchlimit: 2 });
    const paper = await start(id);
    const report = (count: number) =>
      tp('reportSwitch', stu(), { courseid: room.courseid, testpaperid: id, count }).then((r) => must(r, 'switch'));
    expect(await report(2)).toMatchObject({ count: 2, limit: 2, force: 0, forceat: 0, warning: 15 });
    expect(await report(1)).toMatchObject({ count: 2, force: 0 });
    const forced = await report(3);
    expect(forced).toMatchObject({ count: 3, force: 1 });
    expect(forced.forceat - now()).toBeGreaterThanOrEqual(14);
    must(
      await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, subjectid: paper.lists[0].id, answer: '1' }),
      'within the warning',
    );
    // the 15 seconds pass
    await app.ctx.db
      .update(testAttempts)
      .set({ forcedAt: new Date(Date.now() - 1000) })
      .where(eq(testAttempts.id, paper.attemptid));
    expect(
      (await tp('saveAnswer', stu(), { courseid: room.courseid, testpaperid: id, subjectid: paper.lists[0].id, answer: '0' }))
        .code,
    ).toBe(30903);
    await app.ctx.jobs.schedule('exam.submit', new Date(), { id: paper.attemptid }, `exam-submit:${paper.attemptid}`);
    await app.ctx.jobs.runDue();
    expect(await attemptRow(paper.attemptid)).toMatchObject({ status: 2, submitKind: 3, score: 1 });
  });
});

describe('grading and results', () => {
  it('grades every objective type on hand-in and leaves written, file and photo answers to the teacher', async () => {
    const ids = await questionsOf(everyType('GR'));
    const id = await publishedTest(ids, { partialcredit: 1 });
    const paper = await start(id, stu(1));
    const file = (await upload(app, '/UploadApi/uploadV2', stu(1).token, {}, { name: 'r.txt', data: Buffer.from('r') })).data.file
      .id;
    const answers: Record<number, unknown> = {
      1: 'true',
      2: 'B',
      3: ['A'],
      4: '我的回答',
      5: ['BEIJING', '上海'],
      6: 'A',
      7: [file],
      11: 'A',
      12: 'A|C',
      13: 4,
      14: '多练习',
    };
    const byType = new Map(paper.lists.map((i: { typeid: number; id: number }) => [i.typeid, i.id]));
    const result = must(
      await tp('handup', stu(1), {
        courseid: room.courseid,
        testpaperid: id,
        answers: Object.entries(answers).map(([type, answer], n) => ({
          subjectid: byType.get(Number(type)),
          answer,
          seq: n + 1,
        })),
      }),
      'handup',
    );
    // 2 + 3 + half of 4 + 4 + 3 + 1 + 1 + 1 + 1 = 18; short answer and file wait; the photo was not answered
    expect(result).toMatchObject({ repeat: 0, state: 5, score: null, answered: 11, unanswered: 1, totalScore: 45 });
    const row = await attemptRow(paper.attemptid);
    expect(row).toMatchObject({ score: 18, pending: 2 });
    expect(row.grades[String(byType.get(3))]).toEqual({ s: 2, c: 2 });
    expect(row.grades[String(byType.get(4))]).toEqual({ s: null, c: 3 });
    expect(row.grades[String(byType.get(15))]).toEqual({ s: 0, c: 0 });
    expect(row.grades[String(byType.get(10))]).toBeUndefined();
  });

  it('shows keys after submitting only once no attempt is left; a student only ever reads their own paper', async () => {
    const [q] = await questionsOf([{ type: 5, title: '<p>填空</p>', blanks: [[`${SECRET}答案`]], score: 3 }]);
    const id = await publishedTest([q!], { attempts: 2, showanswer: 1 });
    const first = await start(id, stu(2));
    must(
      await tp('handup', stu(2), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: first.lists[0].id, answer: ['错的'], seq: 1 }],
      }),
      'first',
    );
    const hidden = must(await tp('testingResult', stu(2), { courseid: room.courseid, testpaperid: id }), 'result');
    expect(hidden).toMatchObject({ showanswers: 0, scorereleased: 1, score: 0 });
    expect(hidden.lists[0]).toMatchObject({
      answer: '',
      analysis: '',
      blanksanswer: [],
      correct: -1,
      myscore: null,
      myanswer: ['错的'],
    });
    for (const path of ['testingResult', 'testpaperdetails', 'lists'])
      expect(await raw(path, stu(2), { courseid: room.courseid, testpaperid: id }), path).not.toContain(SECRET);
    // the second attempt (a new paper), handed in: nothing left, the keys are shown
    const second = await start(id, stu(2));
    expect(second.attemptno).toBe(2);
    must(
      await tp('handup', stu(2), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: second.lists[0].id, answer: [`${SECRET}答案`], seq: 1 }],
      }),
      'second',
    );
    const shown = must(await tp('testingResult', stu(2), { courseid: room.courseid, testpaperid: id }), 'shown');
    expect(shown).toMatchObject({ attemptno: 2, showanswers: 1, score: 3 });
    expect(shown.lists[0]).toMatchObject({ blanksanswer: [[`${SECRET}答案`]], correct: 1, myscore: 3 });
    expect(shown.lists[0].analysis).toContain(SECRET);
    expect((await tp('doSubjectList', stu(2), { courseid: room.courseid, testpaperid: id })).code).toBe(30905);
    expect(must(await tp('testpaperdetails', stu(2), { courseid: room.courseid, testpaperid: id }), 'details')).toMatchObject({
      state: 3,
      attemptsused: 2,
      attemptsleft: 0,
      canstart: 0,
      score: 3,
    });
    // another student naming this attempt
    expect(
      (await tp('testingResult', stu(3), { courseid: room.courseid, testpaperid: id, attemptid: shown.attemptid })).code,
    ).toBe(40004);
  });

  it('shows keys after the close, or never, as set; exams wait for the teacher to release scores', async () => {
    const [q] = await questionsOf([{ type: 1, title: '<p>判断</p>', answer: '1', score: 2 }]);
    const afterClose = await publishedTest([q!], { showanswer: 2 });
    const never = await publishedTest([q!], { showanswer: 3, testtype: 2 });
    for (const id of [afterClose, never]) {
      const p = await start(id, stu(3));
      must(
        await tp('handup', stu(3), {
          courseid: room.courseid,
          testpaperid: id,
          answers: [{ subjectid: p.lists[0].id, answer: '1', seq: 1 }],
        }),
        'handup',
      );
    }
    expect(must(await tp('testingResult', stu(3), { courseid: room.courseid, testpaperid: afterClose }), 'r').showanswers).toBe(
      0,
    );
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: afterClose }), 'end');
    expect(
      must(await tp('testingResult', stu(3), { courseid: room.courseid, testpaperid: afterClose }), 'r').lists[0],
    ).toMatchObject({ answer: '1', correct: 1, myscore: 2 });
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: never }), 'end');
    const exam = must(await tp('testingResult', stu(3), { courseid: room.courseid, testpaperid: never }), 'r');
    expect(exam).toMatchObject({ showanswers: 0, scorereleased: 0, score: null });
    expect(exam.lists[0]).toMatchObject({ answer: '', correct: -1, myscore: null });
    expect(must(await tp('testpaperdetails', stu(3), { courseid: room.courseid, testpaperid: never }), 'd')).toMatchObject({
      state: 6,
      score: null,
    });
  });

  it('tells a student’s state as the spec numbers it, and the staff where the class stands', async () => {
    const [q] = await questionsOf([{ type: 4, title: '<p>简答</p>' }]);
    const id = await publishedTest([q!]);
    const state = async (who: Person) =>
      must(await tp('testpaperdetails', who, { courseid: room.courseid, testpaperid: id }), 'd').state;
    expect(await state(stu(0))).toBe(0);
    const p = await start(id, stu(0));
    expect(await state(stu(0))).toBe(1);
    must(
      await tp('handup', stu(0), {
        courseid: room.courseid,
        testpaperid: id,
        answers: [{ subjectid: p.lists[0].id, answer: '写了', seq: 1 }],
      }),
      'h',
    );
    expect(await state(stu(0))).toBe(5);
    await start(id, stu(1));
    const staff = must(await tp('testpaperdetails', room.assistant, { courseid: room.courseid, testpaperid: id }), 'staff');
    expect(staff.counts).toEqual({ students: 4, inprogress: 1, submitted: 1, pending: 1, notstarted: 2 });
    const listed = must(await tp('lists', stu(0), { courseid: room.courseid }), 'lists').list.find(
      (t: { id: number }) => t.id === id,
    );
    expect(listed).toMatchObject({ state: 5, score: null, counts: null });
  });
});
