import { CODES, INTERACT_EVENTS } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, everyType, must } from '../../../test/exams';
import { call, redisUrl, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { interactAnswers, interactSteps } from '../../db/schema';

/** Issue 15: interactive answers — asked live in a class, answered once by the server's clock, revealed by the teacher. */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const types = Object.fromEntries(everyType('互动').map((q) => [q.type, q]));

/** A course with bank questions of the given types, and an interactive answer made of them. */
async function asked(typesWanted: number[], room?: Classroom) {
  const c = room ?? (await classroom(app, 3));
  const ids: number[] = [];
  for (const t of typesWanted)
    ids.push(
      must(
        await call(app, '/QuestionBankApi/addQuestion', { courseid: c.courseid, ...types[t] }, { token: c.owner.token }),
        'add',
      ).id,
    );
  const made = must(
    await call(
      app,
      '/InteractApi/create',
      { courseid: String(c.courseid), title: '课堂小测', questionids: ids.join(','), seconds: '30', extra: 1 },
      { token: c.owner.token },
    ),
    'create',
  );
  return { c, made, steps: made.steps as { stepid: number; type: number }[] };
}

const begin = (c: Classroom) => call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.courseid }, { token: c.owner.token });
const answer = (token: string, stepid: number, value: unknown) =>
  call(app, '/InteractApi/answer', { stepid, answer: value }, { token });
const result = (token: string, stepid: number) => call(app, '/InteractApi/stepResult', { stepid }, { token });

describe('interactive answers', () => {
  it('are made from bank questions by the teacher; students and outsiders cannot make one; file questions are refused', async () => {
    const c = await classroom(app, 1);
    const { made, steps } = await asked([2, 1, 13], c);
    expect(made).toMatchObject({ courseid: c.courseid, title: '课堂小测' });
    expect(steps.map((s) => s.type)).toEqual([2, 1, 13]);
    expect(made.steps[0]).toMatchObject({ state: 0, seconds: 30, key: 'B', options: ['1', '2', '3', '4'] });

    const q = must(
      await call(app, '/QuestionBankApi/addQuestion', { courseid: c.courseid, ...types[7] }, { token: c.owner.token }),
      'file',
    );
    const before = (await app.ctx.db.select().from(interactSteps)).length;
    const refused = await call(
      app,
      '/InteractApi/create',
      { courseid: c.courseid, title: 'x', questionids: [q.id] },
      { token: c.owner.token },
    );
    expect(refused.code).toBe(CODES.notLiveType);
    const byStudent = await call(
      app,
      '/InteractApi/create',
      { courseid: c.courseid, title: 'x', questionids: [steps[0]!.stepid] },
      { token: c.students[0]!.token },
    );
    expect(byStudent.code).toBe(CODES.forbidden);
    const tooLong = await call(
      app,
      '/InteractApi/create',
      { courseid: c.courseid, title: 'x', questionids: [q.id], seconds: 2 },
      { token: c.owner.token },
    );
    expect(tooLong).toMatchObject({ code: CODES.badInput, message: '作答时间为 5 秒到 60 分钟' });
    expect((await app.ctx.db.select().from(interactSteps)).length).toBe(before);

    // a student sees the item without the key
    const seen = must(
      await call(app, '/InteractApi/getInteract', { interactid: made.id }, { token: c.students[0]!.token }),
      'get',
    );
    expect(seen.steps[0]).toMatchObject({ key: '', analysis: '', state: 0 });
    const outside = await call(app, '/InteractApi/getInteract', { interactid: made.id }, { token: c.outsider.token });
    expect(outside.code).toBe(CODES.courseGone);
  });

  it('a step opens only in class, is answered once while open, and its counts reach the teacher live but no student', async () => {
    const { c, made, steps } = await asked([2]);
    const step = steps[0]!.stepid;
    expect((await call(app, '/InteractApi/startStep', { stepid: step }, { token: c.owner.token })).code).toBe(CODES.notInClass);
    expect((await answer(c.students[0]!.token, step, 'B')).code).toBe(CODES.stepNotOpen);
    await begin(c);

    const url = socketUrl(app);
    const teacher = await openSocket(url, c.owner.token, { courseId: c.courseid });
    const [s0, s1] = [
      await openSocket(url, c.students[0]!.token, { courseId: c.courseid }),
      await openSocket(url, c.students[1]!.token, { courseId: c.courseid }),
    ];

    const started = must(
      await call(app, '/InteractApi/startStep', { stepid: step, seconds: 20 }, { token: c.assistant.token }),
      'start',
    );
    expect(started).toMatchObject({ state: 1, seconds: 20 });
    expect(started.closes_at - started.opened_at).toBe(20_000);
    await expect.poll(() => s1.events(INTERACT_EVENTS.started).map((m) => m.data.stepid)).toEqual([step]);
    expect(s1.events(INTERACT_EVENTS.started)[0]!.data).not.toHaveProperty('key');
    expect((await call(app, '/InteractApi/startStep', { stepid: step }, { token: c.owner.token })).code).toBe(CODES.stepStarted);

    // pending for the student who has not answered
    expect(
      must(
        await call(app, '/InteractApi/isExistJoinStepV2', { courseid: c.courseid }, { token: c.students[0]!.token }),
        'pending',
      ),
    ).toMatchObject({
      count: 1,
      list: [{ stepid: step, interactid: made.id, title: '课堂小测' }],
    });

    // a wrong-shaped answer is refused naming the field; the teacher cannot answer; the first answer counts
    expect(await answer(c.students[0]!.token, step, 'Z')).toMatchObject({ code: CODES.badInput, message: '请按题目要求作答' });
    expect((await answer(c.owner.token, step, 'B')).code).toBe(CODES.forbidden);
    expect(must(await answer(c.students[0]!.token, step, 'b'), 'answer')).toMatchObject({ mine: 'B', mycorrect: -1, key: '' });
    expect((await answer(c.students[0]!.token, step, 'C')).code).toBe(CODES.alreadyAnswered);
    must(await answer(c.students[1]!.token, step, 'C'), 'answer');
    expect((await answer(c.outsider.token, step, 'B')).code).toBe(CODES.courseGone);
    await expect.poll(() => teacher.events(INTERACT_EVENTS.answered).map((m) => m.data.answered)).toEqual([1, 2]);
    expect(
      must(
        await call(app, '/InteractApi/isExistJoinStepV2', { courseid: c.courseid }, { token: c.students[0]!.token }),
        'pending',
      ).count,
    ).toBe(0);

    // the teacher's counts: who answered what; a student sees only their own answer, no key, no counts
    const staff = must(await result(c.owner.token, step), 'result');
    expect(staff).toMatchObject({ members: 3, answered: 2, correct: 1, key: 'B', revealed: 0 });
    expect(staff.counts).toEqual([
      { value: 'A', count: 0 },
      { value: 'B', count: 1 },
      { value: 'C', count: 1 },
      { value: 'D', count: 0 },
    ]);
    expect(staff.answers.map((a: { uid: number; answer: string }) => [a.uid, a.answer])).toEqual([
      [c.students[0]!.uid, 'B'],
      [c.students[1]!.uid, 'C'],
    ]);
    const early = must(await result(c.students[1]!.token, step), 'student result');
    expect(early).toMatchObject({ key: '', counts: [], answers: [], answered: 0, revealed: 0 });
    const mine = must(
      await call(app, '/InteractApi/getInteract', { interactid: made.id }, { token: c.students[1]!.token }),
      'get',
    );
    expect(mine.steps[0]).toMatchObject({ mine: 'C', mycorrect: -1, key: '', answered: 0 });
    // no student socket heard another's answer or the counts
    for (const s of [s0, s1]) expect(s.events(INTERACT_EVENTS.answered)).toEqual([]);

    // revealed: closed at once; the course is told; students now see the key, the counts and whether they were right
    const revealed = must(await call(app, '/InteractApi/revealStep', { stepid: step }, { token: c.owner.token }), 'reveal');
    expect(revealed).toMatchObject({ state: 2, revealed: 1 });
    await expect.poll(() => s0.events(INTERACT_EVENTS.revealed).map((m) => m.data.stepid)).toEqual([step]);
    const after = must(await result(c.students[1]!.token, step), 'after');
    expect(after).toMatchObject({ key: 'B', answered: 2, correct: 1, answers: [] });
    expect(after.counts.find((x: { value: string }) => x.value === 'C').count).toBe(1);
    const own = must(
      await call(app, '/InteractApi/getInteract', { interactid: made.id }, { token: c.students[1]!.token }),
      'get',
    );
    expect(own.steps[0]).toMatchObject({ mine: 'C', mycorrect: 0, key: 'B' });
    expect((await answer(c.students[2]!.token, step, 'B')).code).toBe(CODES.stepNotOpen);
    expect((await app.ctx.db.select().from(interactAnswers)).filter((a) => a.stepId === step)).toHaveLength(2);
    for (const s of [teacher, s0, s1]) s.close();
  });

  it('takes no answer once the time is up by the server clock, whatever the phone says', async () => {
    const { c, steps } = await asked([1]);
    await begin(c);
    const step = steps[0]!.stepid;
    must(await call(app, '/InteractApi/startStep', { stepid: step, seconds: 5 }, { token: c.owner.token }), 'start');
    // the deadline passes (moved back rather than waited for)
    await app.ctx.db
      .update(interactSteps)
      .set({ closesAt: new Date(Date.now() - 1) })
      .where(eq(interactSteps.id, step));
    expect((await answer(c.students[0]!.token, step, '1')).code).toBe(CODES.stepNotOpen);
  });

  it('counts ratings and votes per value, and hides the names of an anonymous question even from the teacher', async () => {
    const { c, steps } = await asked([13, 12, 14]);
    await begin(c);
    for (const s of steps)
      must(await call(app, '/InteractApi/startStep', { stepid: s.stepid }, { token: c.owner.token }), 'start');
    const [rating, vote, open] = steps.map((s) => s.stepid) as [number, number, number];
    must(await answer(c.students[0]!.token, rating, 4), 'rate');
    must(await answer(c.students[1]!.token, rating, '4'), 'rate');
    expect((await answer(c.students[2]!.token, rating, 9)).code).toBe(CODES.badInput);
    must(await answer(c.students[0]!.token, vote, ['A', 'C']), 'vote');
    must(await answer(c.students[0]!.token, open, '多举例子'), 'open');
    const r = must(await result(c.owner.token, rating), 'rating');
    expect(r.counts).toEqual([1, 2, 3, 4, 5].map((v) => ({ value: String(v), count: v === 4 ? 2 : 0 })));
    expect(must(await result(c.owner.token, vote), 'vote').counts.map((x: { count: number }) => x.count)).toEqual([1, 0, 1]);
    expect(must(await result(c.owner.token, open), 'open').answers).toEqual([
      { uid: 0, username: '', answer: '多举例子', correct: -1 },
    ]);
  });

  it.runIf(redisUrl)('a step started through one instance reaches a student on another (Redis)', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { c, steps } = await asked([2]);
      await begin(c);
      const s = await openSocket(socketUrl(other), c.students[0]!.token, { courseId: c.courseid });
      must(await call(app, '/InteractApi/startStep', { stepid: steps[0]!.stepid }, { token: c.owner.token }), 'start');
      await expect.poll(() => s.events(INTERACT_EVENTS.started).length).toBe(1);
      s.close();
    } finally {
      await other.close();
    }
  });
});
