import { CODES, INTERACT_EVENTS, LIVE_EVENTS, LIVE_STATES } from '@paiclass/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroom, everyType, must } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { classTimes, contents, speakLetters } from '../../db/schema';

/**
 * Issue 26, the class on the stream (decision 040): a class given on a live is the course's class
 * time, so the classroom's interactive answers, letters, questions and muting run on the live page
 * unchanged; the live keeps which classes were given on it, the topics raised during it
 * (`/onlineLive/addTopic`) and their speaking history (`/onlineLive/speakHistory`).
 */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const types = Object.fromEntries(everyType('直播').map((q) => [q.type, q]));

async function onLive() {
  const c = await classroom(app, 3);
  const live = must(
    await call(app, '/Live/LiveApi/addLive', { courseid: c.courseid, title: '直播课' }, { token: c.owner.token }),
    'live',
  );
  return { c, live: live as { id: number } };
}
const ref = (courseid: number, id: number) => ({ courseid, id });
/** the live on the air, as nginx-rtmp's on_publish leaves it (live.test.ts drives the callback itself) */
const putOnAir = (id: number, state: number = LIVE_STATES.live) =>
  app.ctx.db
    .update(contents)
    .set({ settings: sql`${contents.settings} || ${JSON.stringify({ liveState: state, startedAt: 1 })}::jsonb` })
    .where(eq(contents.id, id));

describe('the class on the stream', () => {
  it('begins the course class on the live (teachers and assistants), keeps a class in progress, refuses an ended live', async () => {
    const { c, live } = await onLive();
    const student = await openSocket(socketUrl(app), c.students[0]!.token, { courseId: c.courseid });
    const info0 = must(
      await call(app, '/Live/LiveApi/getLiveInfo', ref(c.courseid, live.id), { token: c.students[0]!.token }),
      'info',
    );
    expect(info0).toMatchObject({ classtimeid: 0, classes: 0, topics: [] });

    const refused = await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.students[0]!.token });
    expect(refused.code).toBe(CODES.forbidden);
    const stranger = await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.stranger.token });
    expect(stranger.status).toBe(0);
    expect(await app.ctx.db.select().from(classTimes).where(eq(classTimes.courseId, c.courseid))).toHaveLength(0);

    const begun = must(
      await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.assistant.token }),
      'begin',
    );
    expect(begun.classtimeid).toBeGreaterThan(0);
    expect(begun.classes).toBe(1);
    await expect
      .poll(() => student.events(LIVE_EVENTS.class).map((m) => m.data))
      .toEqual([{ courseid: c.courseid, id: live.id, classtimeid: begun.classtimeid }]);
    await expect.poll(() => student.events('AttendClass.classBegin').length).toBe(1);
    // again: the same class, given once
    const again = must(await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.owner.token }), 'again');
    expect(again).toMatchObject({ classtimeid: begun.classtimeid, classes: 1 });
    const seen = must(
      await call(app, '/Live/LiveApi/getLiveInfo', ref(c.courseid, live.id), { token: c.students[1]!.token }),
      'info',
    );
    expect(seen).toMatchObject({ classtimeid: begun.classtimeid, classes: 1 });

    // a class in progress begun on the course home is kept and given on a second live too
    const second = must(
      await call(app, '/Live/LiveApi/addLive', { courseid: c.courseid, title: '第二场' }, { token: c.owner.token }),
      'live',
    );
    const joined = must(
      await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, second.id), { token: c.owner.token }),
      'join',
    );
    expect(joined.classtimeid).toBe(begun.classtimeid);
    expect(await app.ctx.db.select().from(classTimes).where(eq(classTimes.courseId, c.courseid))).toHaveLength(1);

    // ending the live (on the air) ends the class given on it
    await putOnAir(live.id);
    must(await call(app, '/Live/LiveApi/endLive', ref(c.courseid, live.id), { token: c.owner.token }), 'end');
    const [ct] = await app.ctx.db.select().from(classTimes).where(eq(classTimes.id, begun.classtimeid));
    expect(ct!.endedAt).not.toBeNull();
    const after = must(await call(app, '/Live/LiveApi/getLiveInfo', ref(c.courseid, live.id), { token: c.owner.token }), 'info');
    expect(after).toMatchObject({ classtimeid: 0, classes: 1, liveState: LIVE_STATES.ended });
    const ended = await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.owner.token });
    expect(ended).toMatchObject({ status: 0, code: CODES.liveEnded, message: '直播已结束' });
    student.close();
  });

  it('asks a question of the classroom on the live: students answer live, the teacher watches the counts, the reveal reaches everyone', async () => {
    const { c, live } = await onLive();
    const q = must(
      await call(app, '/QuestionBankApi/addQuestion', { courseid: c.courseid, ...types[2] }, { token: c.owner.token }),
      'question',
    );
    const made = must(
      await call(
        app,
        '/InteractApi/create',
        { courseid: c.courseid, title: '直播小测', questionids: String(q.id), seconds: 60 },
        { token: c.owner.token },
      ),
      'create',
    );
    const stepid = made.steps[0].stepid as number;
    const url = socketUrl(app);
    const teacher = await openSocket(url, c.owner.token, { courseId: c.courseid });
    const phone = await openSocket(url, c.students[0]!.token, { courseId: c.courseid });
    // not in class yet: the classroom's own refusal
    expect((await call(app, '/InteractApi/startStep', { stepid }, { token: c.owner.token })).code).toBe(CODES.notInClass);
    must(await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.owner.token }), 'begin');
    must(await call(app, '/InteractApi/startStep', { stepid, seconds: 60 }, { token: c.owner.token }), 'start');
    await expect.poll(() => phone.events(INTERACT_EVENTS.started).map((m) => m.data.stepid)).toEqual([stepid]);
    must(await call(app, '/InteractApi/answer', { stepid, answer: 'B' }, { token: c.students[0]!.token }), 'a');
    must(await call(app, '/InteractApi/answer', { stepid, answer: 'C' }, { token: c.students[1]!.token }), 'b');
    await expect.poll(() => teacher.events(INTERACT_EVENTS.answered).at(-1)?.data.answered).toBe(2);
    // the phone hears no answer and sees no counts before the reveal
    expect(phone.events(INTERACT_EVENTS.answered)).toHaveLength(0);
    const before = must(await call(app, '/InteractApi/stepResult', { stepid }, { token: c.students[0]!.token }), 'r');
    expect(before).toMatchObject({ revealed: 0, key: '', counts: [] });
    const staff = must(await call(app, '/InteractApi/stepResult', { stepid }, { token: c.owner.token }), 'r');
    expect(staff.counts.map((x: { count: number }) => x.count)).toEqual([0, 1, 1, 0]);
    must(await call(app, '/InteractApi/revealStep', { stepid }, { token: c.owner.token }), 'reveal');
    await expect.poll(() => phone.events(INTERACT_EVENTS.revealed).length).toBe(1);
    const after = must(await call(app, '/InteractApi/stepResult', { stepid }, { token: c.students[0]!.token }), 'r');
    expect(after).toMatchObject({ revealed: 1, key: 'B', answered: 2, correct: 1 });
    teacher.close();
    phone.close();
  });
});

describe('speaking on the live', () => {
  it('carries letters and questions of the class on the live, mutes one and all, and keeps the speaking history', async () => {
    const { c, live } = await onLive();
    const [a, b] = [c.students[0]!, c.students[1]!];
    const send = (token: string, content: string) =>
      call(app, '/Futurev2/Speak/sendLetter', { courseid: c.courseid, content }, { token });
    // before the class: nothing to say, nothing in the history
    expect((await send(a.token, '老师好')).code).toBe(CODES.speakNotInClass);
    expect(must(await call(app, '/Live/LiveApi/speakHistory', ref(c.courseid, live.id), { token: c.owner.token }), 'h')).toEqual({
      classtimes: [],
      letters: [],
      questions: [],
    });
    const begun = must(await call(app, '/Live/LiveApi/beginClass', ref(c.courseid, live.id), { token: c.owner.token }), 'begin');
    must(await send(a.token, '声音有点小'), 'letter');
    must(await send(b.token, '画面卡了'), 'letter');
    must(
      await call(
        app,
        '/Futurev2/CourseQuestions/create',
        { courseid: c.courseid, content: '第二题怎么做', anonymous: 1 },
        { token: a.token },
      ),
      'ask',
    );

    // mute one: a is refused, b still speaks; mute all: b is refused too
    must(
      await call(app, '/Futurev2/Speak/mute', { courseid: c.courseid, uid: a.uid, mute: 1 }, { token: c.owner.token }),
      'mute',
    );
    await app.ctx.db.update(speakLetters).set({ createdAt: sql`${speakLetters.createdAt} - interval '11 seconds'` });
    expect((await send(a.token, '还在吗')).code).toBe(CODES.speakMuted);
    must(await call(app, '/Futurev2/Speak/mute', { courseid: c.courseid, mute: 1 }, { token: c.assistant.token }), 'mute all');
    expect((await send(b.token, '还在吗')).code).toBe(CODES.speakAllMuted);
    const config = must(await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.courseid }, { token: b.token }), 'config');
    expect(config).toMatchObject({ classtimeid: begun.classtimeid, allmuted: 1, muted: 1 });

    const staff = must(await call(app, '/Live/LiveApi/speakHistory', ref(c.courseid, live.id), { token: c.owner.token }), 'h');
    expect(staff.classtimes).toEqual([begun.classtimeid]);
    expect(staff.letters.map((l: { content: string }) => l.content)).toEqual(['声音有点小', '画面卡了']);
    // an anonymous question stays anonymous to the teacher (decision 024)
    expect(staff.questions).toEqual([expect.objectContaining({ content: '第二题怎么做', uid: 0, username: '', anonymous: 1 })]);
    const own = must(await call(app, '/Live/LiveApi/speakHistory', ref(c.courseid, live.id), { token: a.token }), 'h');
    expect(own.letters.map((l: { uid: number }) => l.uid)).toEqual([a.uid]);
    expect(own.questions).toEqual([expect.objectContaining({ uid: a.uid, mine: 1 })]);
    const other = must(await call(app, '/Live/LiveApi/speakHistory', ref(c.courseid, live.id), { token: b.token }), 'h');
    expect(other).toMatchObject({ letters: [expect.objectContaining({ content: '画面卡了' })], questions: [] });
    expect((await call(app, '/Live/LiveApi/speakHistory', ref(c.courseid, live.id), { token: c.outsider.token })).status).toBe(0);
  });
});

describe('topics raised during the live', () => {
  it('adds a course topic on the live, announced to the course and listed with the live; refusals checked before any write', async () => {
    const { c, live } = await onLive();
    const phone = await openSocket(socketUrl(app), c.students[0]!.token, { courseId: c.courseid });
    const count = async () => (await app.ctx.db.select().from(contents).where(eq(contents.courseId, c.courseid))).length;
    const n0 = await count();
    const empty = await call(
      app,
      '/Live/LiveApi/addTopic',
      { ...ref(c.courseid, live.id), title: '  ' },
      { token: c.owner.token },
    );
    expect(empty).toMatchObject({ status: 0, code: 40001 });
    expect(empty.message).toContain('标题');
    const made = must(
      await call(
        app,
        '/Live/LiveApi/addTopic',
        { ...ref(c.courseid, live.id), title: '这节课你最想讨论什么？', content: '<p>说说看</p>' },
        { token: c.owner.token },
      ),
      'topic',
    );
    expect(made.topics).toEqual([expect.objectContaining({ title: '这节课你最想讨论什么？', username: '王老师' })]);
    const topicid = made.topics[0].id as number;
    await expect
      .poll(() => phone.events(LIVE_EVENTS.topic).map((m) => m.data))
      .toEqual([{ courseid: c.courseid, id: live.id, topicid, title: '这节课你最想讨论什么？' }]);
    // a topic of the course like any other: its page reads it
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, topicid));
    expect(row).toMatchObject({ contenttype: 5, courseId: c.courseid });
    const seen = must(
      await call(app, '/Live/LiveApi/getLiveInfo', ref(c.courseid, live.id), { token: c.students[1]!.token }),
      'info',
    );
    expect(seen.topics.map((t: { id: number }) => t.id)).toEqual([topicid]);

    // students where the teacher forbids their topics: refused, nothing written
    must(
      await call(app, '/Futurev2/Topic/updateSetting', { courseid: c.courseid, allowstudent: 0 }, { token: c.owner.token }),
      'setting',
    );
    const closed = await call(
      app,
      '/Live/LiveApi/addTopic',
      { ...ref(c.courseid, live.id), title: '我也想问' },
      { token: c.students[0]!.token },
    );
    expect(closed.code).toBe(CODES.topicsClosed);
    // an ended live takes no topic
    await putOnAir(live.id, LIVE_STATES.ended);
    const ended = await call(
      app,
      '/Live/LiveApi/addTopic',
      { ...ref(c.courseid, live.id), title: '晚了' },
      { token: c.owner.token },
    );
    expect(ended.code).toBe(CODES.liveEnded);
    expect(await count()).toBe(n0 + 1);
    phone.close();
  });
});
