import { CODES, INTERACT_EVENTS } from '@paiclass/shared';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, everyType, must } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { interactAnswers } from '../../db/schema';

/**
 * Issue 15, answer review (decision 022): the staff read every answer of a step, mark them and show
 * some to the class; a student sees their own answers and marks, of others only what was shown, and
 * the key only once revealed. An anonymous question stays anonymous through all of it.
 */

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

const types = Object.fromEntries(everyType('评阅').map((q) => [q.type, q]));

/** A course in class with an interactive answer of the given types, every step started. */
async function started(typesWanted: number[]) {
  const c = await classroom(app, 3);
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
      { courseid: c.courseid, title: '课堂评阅', questionids: ids },
      { token: c.owner.token },
    ),
    'create',
  );
  must(await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.courseid }, { token: c.owner.token }), 'begin');
  const steps = (made.steps as { stepid: number }[]).map((s) => s.stepid);
  for (const stepid of steps)
    must(await call(app, '/InteractApi/startStep', { stepid, seconds: 300 }, { token: c.owner.token }), 'start');
  return { c, id: made.id as number, steps };
}

const answer = async (token: string, stepid: number, value: unknown) =>
  must(await call(app, '/InteractApi/answer', { stepid, answer: value }, { token }), 'answer');
/** every answer row as it is kept, to show that a refusal wrote nothing */
const answerRows = () => app.ctx.db.select().from(interactAnswers).orderBy(asc(interactAnswers.id));
const post = (path: string, body: Record<string, unknown>, token: string) => call(app, path, body, { token });
/** the account's language is the caller's: refusals to it come in English */
const english = async (token: string) => must(await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token }), 'language');

describe('answer review', () => {
  it('the staff read, mark and show answers; a student sees only their own, what was shown, and the key once revealed', async () => {
    const { c, id, steps } = await started([4, 2]);
    const [open, single] = steps as [number, number];
    const [s0, s1, s2] = c.students as [
      Classroom['students'][number],
      Classroom['students'][number],
      Classroom['students'][number],
    ];
    const url = socketUrl(app);
    const [w0, w1] = [
      await openSocket(url, s0.token, { courseId: c.courseid }),
      await openSocket(url, s1.token, { courseId: c.courseid }),
    ];
    await answer(s0.token, open, '惯性让物体保持原来的运动状态');
    await answer(s1.token, open, '不知道');
    await answer(s0.token, single, 'B');
    await answer(s1.token, single, 'C');

    // the staff read every answer with its author; the step with its key
    const read = must(await post('/InteractApi/reviewAnswers', { stepid: String(open) }, c.assistant.token), 'review');
    expect(read).toMatchObject({ interactid: id, total: 2, anonymous: 0, members: 3, step: { stepid: open, answered: 2 } });
    expect(read.answers.map((a: { uid: number; username: string; answer: string }) => [a.uid, a.username, a.answer])).toEqual([
      [s0.uid, '学生0', '惯性让物体保持原来的运动状态'],
      [s1.uid, '学生1', '不知道'],
    ]);
    expect(must(await post('/InteractApi/reviewAnswers', { stepid: single }, c.owner.token), 'single').step.key).toBe('B');

    // students and outsiders read nothing of it, and change nothing
    const before = await answerRows();
    expect((await post('/InteractApi/reviewAnswers', { stepid: open }, s0.token)).code).toBe(CODES.forbidden);
    expect((await post('/InteractApi/reviewAnswers', { stepid: open }, c.outsider.token)).code).toBe(CODES.courseGone);
    expect((await post('/InteractApi/markAnswer', { stepid: open, uid: s1.uid, mark: 1 }, s0.token)).code).toBe(CODES.forbidden);
    expect((await post('/InteractApi/exhibitAnswers', { stepid: open, uids: [s0.uid] }, s1.token)).code).toBe(CODES.forbidden);
    expect((await post('/InteractApi/exhibitAnswers', { stepid: open, uids: [s0.uid] }, c.stranger.token)).code).toBe(
      CODES.courseGone,
    );
    expect((await post('/InteractApi/answerDetail', { stepid: open, uid: s0.uid }, s1.token)).code).toBe(CODES.forbidden);

    // bad marks and answers of another step are refused, naming what is wrong
    const singleAnswerId = must(await post('/InteractApi/reviewAnswers', { stepid: single }, c.owner.token), 'r').answers[0]
      .answerid;
    expect(await post('/InteractApi/markAnswer', { stepid: open, uid: s0.uid, mark: 7 }, c.owner.token)).toMatchObject({
      code: CODES.badInput,
      message: '评价只能是优秀、良好、待改进或不评价',
    });
    await english(c.assistant.token);
    expect(await post('/InteractApi/markAnswer', { stepid: open, uid: s0.uid }, c.assistant.token)).toMatchObject({
      code: CODES.badInput,
      message: 'A mark is excellent, good, needs work, or none',
    });
    expect(
      await post('/InteractApi/markAnswer', { stepid: open, answerid: singleAnswerId, mark: 1 }, c.owner.token),
    ).toMatchObject({ code: CODES.badInput, message: '请选择这道题的一份答案' });
    expect(await post('/InteractApi/markAnswer', { stepid: open, uid: s2.uid, mark: 1 }, c.assistant.token)).toMatchObject({
      code: CODES.badInput,
      message: 'Choose an answer to this question',
    });
    expect(
      await post('/InteractApi/markAnswer', { stepid: open, uid: s0.uid, comment: '很'.repeat(201) }, c.owner.token),
    ).toMatchObject({ code: CODES.badInput, message: '评语最多 200 个字' });
    expect(
      await post(
        '/InteractApi/exhibitAnswers',
        { stepid: open, answerids: [read.answers[0].answerid, singleAnswerId] },
        c.owner.token,
      ),
    ).toMatchObject({ code: CODES.badInput, message: '请选择这道题的一份答案' });
    expect(await post('/InteractApi/exhibitAnswers', { stepid: open, uids: 'x' }, c.owner.token)).toMatchObject({
      code: CODES.badInput,
      message: '输入内容不正确：uids.0',
    });
    expect(await answerRows()).toEqual(before);

    // marked (ids as strings): its author hears of it, without the mark; the other student does not
    const marked = must(
      await post(
        '/InteractApi/markAnswer',
        { stepid: String(open), uid: String(s0.uid), mark: '1', comment: ' 举例很好 ' },
        c.owner.token,
      ),
      'mark',
    );
    expect(marked).toMatchObject({ uid: s0.uid, mark: 1, comment: '举例很好', exhibit: 0 });
    must(await post('/InteractApi/markAnswer', { stepid: open, uid: s1.uid, mark: 3 }, c.owner.token), 'mark');
    await expect
      .poll(() => w0.events(INTERACT_EVENTS.marked).map((m) => m.data))
      .toEqual([{ courseid: c.courseid, interactid: id, stepid: open }]);
    // a comment alone keeps the mark
    expect(
      must(
        await post('/InteractApi/markAnswer', { stepid: open, uid: s0.uid, comment: '举例很好，再简洁些' }, c.owner.token),
        'c',
      ),
    ).toMatchObject({ mark: 1, comment: '举例很好，再简洁些' });

    // before anything is shown or revealed, a student sees only their own answers, no key, no counts
    const early = must(await post('/InteractApi/myResults', { interactid: String(id) }, s1.token), 'mine');
    expect(early).toMatchObject({ id, answered: 2, judged: 0, right: 0 });
    expect(early.steps[0]).toMatchObject({ mine: '不知道', mymark: 3, myexhibit: 0, shown: [], key: '' });
    expect(early.steps[1]).toMatchObject({ mine: 'C', key: '', analysis: '', mycorrect: -1, shown: [] });
    expect(JSON.stringify(early)).not.toContain('惯性');
    const screenEarly = must(await post('/InteractApi/exhibition', { stepid: single }, s1.token), 'screen');
    expect(screenEarly).toMatchObject({ answered: 0, shown: [], step: { key: '', mine: 'C', mycorrect: -1 } });
    // the screen hides the key from the staff too until the reveal, and counts the answers live
    expect(must(await post('/InteractApi/exhibition', { stepid: single }, c.owner.token), 'screen')).toMatchObject({
      answered: 2,
      members: 3,
      step: { key: '', revealed: 0 },
    });

    // shown with the name: the class is told, with nothing of the answer; everyone sees it
    const shown = must(
      await post('/InteractApi/exhibitAnswers', { stepid: open, uids: [String(s0.uid)], named: 1 }, c.assistant.token),
      'exhibit',
    );
    expect(shown.answers.map((a: { exhibit: number }) => a.exhibit)).toEqual([2, 0]);
    for (const w of [w0, w1]) {
      await expect
        .poll(() => w.events(INTERACT_EVENTS.exhibited).map((m) => m.data))
        .toEqual([{ courseid: c.courseid, interactid: id, stepid: open, count: 1 }]);
    }
    const other = must(await post('/InteractApi/myResults', { stepid: open }, s1.token), 'other');
    expect(other.steps[0].shown).toEqual([
      {
        answerid: read.answers[0].answerid,
        username: '学生0',
        answer: '惯性让物体保持原来的运动状态',
        mark: 1,
        correct: -1,
        mine: 0,
      },
    ]);
    // another's comment and their choice on the step not shown stay theirs
    expect(JSON.stringify(other)).not.toContain('举例很好');
    expect(other.steps[1].shown).toEqual([]);
    const own = must(await post('/InteractApi/myResults', { stepid: open }, s0.token), 'own');
    expect(own.steps[0]).toMatchObject({ myexhibit: 2, mymark: 1, mycomment: '举例很好，再简洁些', shown: [{ mine: 1 }] });
    const screen = must(await post('/InteractApi/exhibition', { stepid: open }, c.owner.token), 'screen');
    expect(screen.shown).toHaveLength(1);
    expect(screen.shown[0]).toMatchObject({ username: '学生0', mark: 1, mine: 0 });
    // shown again without names, then the choice replaced: one statement each
    must(await post('/InteractApi/exhibitAnswers', { stepid: open, uids: s0.uid }, c.owner.token), 'unnamed');
    expect(must(await post('/InteractApi/exhibition', { stepid: open }, s2.token), 'x').shown[0].username).toBe('');
    must(
      await post('/InteractApi/exhibitAnswers', { stepid: open, answerids: [read.answers[1].answerid] }, c.owner.token),
      'swap',
    );
    expect((await answerRows()).filter((r) => r.stepId === open).map((r) => r.exhibit)).toEqual([0, 1]);
    must(await post('/InteractApi/exhibitAnswers', { stepid: open, answerids: '' }, c.owner.token), 'clear');
    expect((await answerRows()).every((r) => r.exhibit === 0)).toBe(true);

    // revealed: the key, right or wrong and the count of right answers
    must(await post('/InteractApi/revealStep', { stepid: single }, c.owner.token), 'reveal');
    const after = must(await post('/InteractApi/myResults', { interactid: id }, s1.token), 'after');
    expect(after).toMatchObject({ judged: 1, right: 0 });
    expect(after.steps[1]).toMatchObject({ key: 'B', mycorrect: 0, revealed: 1 });
    expect(must(await post('/InteractApi/myResults', { interactid: id }, s0.token), 'after')).toMatchObject({
      judged: 1,
      right: 1,
    });
    // a student who did not answer sees the key and nothing of anyone
    const none = must(await post('/InteractApi/myResults', { interactid: id }, s2.token), 'none');
    expect(none).toMatchObject({ answered: 0, judged: 1, right: 0 });
    expect(none.steps[1]).toMatchObject({ mine: null, key: 'B' });
    expect(must(await post('/InteractApi/exhibition', { stepid: single }, s2.token), 'screen')).toMatchObject({
      answered: 2,
      step: { key: 'B' },
    });

    // one student's answers across the item
    const detail = must(await post('/InteractApi/answerDetail', { stepid: open, uid: String(s0.uid) }, c.owner.token), 'detail');
    expect(detail).toMatchObject({ uid: s0.uid, username: '学生0', answered: 2, right: 1, answer: { mark: 1 } });
    expect(detail.steps.map((s: { answer: unknown; correct: number }) => [s.answer, s.correct])).toEqual([
      ['惯性让物体保持原来的运动状态', -1],
      ['B', 1],
    ]);
    expect(must(await post('/InteractApi/answerDetail', { stepid: open, uid: s2.uid }, c.owner.token), 'none').answer).toBeNull();
    expect(await post('/InteractApi/answerDetail', { stepid: open, uid: c.outsider.uid }, c.owner.token)).toMatchObject({
      code: CODES.badInput,
      message: '请选择本课程的一名学生',
    });
    // the results are the students' own: staff and a call naming nothing are refused
    expect((await post('/InteractApi/myResults', { interactid: id }, c.owner.token)).code).toBe(CODES.forbidden);
    await english(s2.token);
    expect(await post('/InteractApi/myResults', {}, s2.token)).toMatchObject({
      code: CODES.badInput,
      message: 'Name the interactive answer or one of its questions',
    });
    expect((await post('/InteractApi/myResults', { interactid: id }, c.outsider.token)).code).toBe(CODES.courseGone);
    for (const w of [w0, w1]) w.close();
  });

  it('keeps an anonymous question anonymous: answers reviewed by number only, never by or with a name', async () => {
    const { c, steps } = await started([14]);
    const [anon] = steps as [number];
    const [s0, s1] = c.students as [Classroom['students'][number], Classroom['students'][number]];
    await answer(s0.token, anon, '多举例子');
    await answer(s1.token, anon, '慢一点');
    const read = must(await post('/InteractApi/reviewAnswers', { stepid: anon }, c.owner.token), 'review');
    expect(read.anonymous).toBe(1);
    for (const a of read.answers) expect(a).toMatchObject({ uid: 0, username: '', stno: '', createtime: 0 });
    expect(JSON.stringify(read)).not.toContain('学生');

    const before = await answerRows();
    const [first] = read.answers as { answerid: number }[];
    expect(
      await post('/InteractApi/exhibitAnswers', { stepid: anon, answerids: [first!.answerid], named: 1 }, c.owner.token),
    ).toMatchObject({
      code: CODES.badInput,
      message: '匿名题的答案不能显示作答人姓名',
    });
    await english(c.assistant.token);
    expect(await post('/InteractApi/exhibitAnswers', { stepid: anon, uids: [s0.uid] }, c.assistant.token)).toMatchObject({
      code: CODES.badInput,
      message: "An anonymous question's answers aren't looked up or chosen by student",
    });
    expect(await post('/InteractApi/markAnswer', { stepid: anon, uid: s0.uid, mark: 1 }, c.owner.token)).toMatchObject({
      code: CODES.badInput,
      message: '匿名题的答案不按学生查看或选择',
    });
    expect((await post('/InteractApi/answerDetail', { stepid: anon, uid: s0.uid }, c.owner.token)).code).toBe(CODES.badInput);
    expect(await answerRows()).toEqual(before);

    // by number: marked and shown; the class sees it without a name; its author knows it is theirs
    must(await post('/InteractApi/markAnswer', { stepid: anon, answerid: first!.answerid, mark: 1 }, c.owner.token), 'mark');
    must(await post('/InteractApi/exhibitAnswers', { stepid: anon, answerids: [first!.answerid] }, c.owner.token), 'show');
    const theirs = must(await post('/InteractApi/myResults', { stepid: anon }, s0.token), 'own');
    expect(theirs.steps[0]).toMatchObject({ mymark: 1, myexhibit: 1, shown: [{ username: '', answer: '多举例子', mine: 1 }] });
    const others = must(await post('/InteractApi/exhibition', { stepid: anon }, s1.token), 'other');
    expect(others.shown).toEqual([
      { answerid: first!.answerid, username: '', answer: '多举例子', mark: 1, correct: -1, mine: 0 },
    ]);
    expect(JSON.stringify(must(await post('/InteractApi/exhibition', { stepid: anon }, c.owner.token), 'staff'))).not.toContain(
      '学生',
    );
  });
});
