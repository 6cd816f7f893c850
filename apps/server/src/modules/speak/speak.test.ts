import { LETTERS_PER_CLASS_TIME } from '@paiclass/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { connect, openSocket, setActive, socketUrl } from '../../../test/sockets';
import { classControls, courseQuestions, speakLetters } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

async function course(students = 2, begin = true) {
  const owner = await newTeacher(app);
  const c = await newCourse(app, owner.token);
  const learners = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).status).toBe(1);
    learners.push(s);
  }
  if (begin)
    expect((await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token })).status).toBe(1);
  return { owner, course: c, a: learners[0]!, b: learners[1]!, learners };
}

const letters = (courseId: number) => app.ctx.db.select().from(speakLetters).where(eq(speakLetters.courseId, courseId));
/** moves the student's letters and questions back in time, past the per-student intervals */
async function age(userId: number) {
  await app.ctx.db
    .update(speakLetters)
    .set({ createdAt: sql`${speakLetters.createdAt} - interval '11 seconds'` })
    .where(eq(speakLetters.userId, userId));
  await app.ctx.db
    .update(courseQuestions)
    .set({ createdAt: sql`${courseQuestions.createdAt} - interval '11 seconds'` })
    .where(eq(courseQuestions.userId, userId));
}
const send = (courseid: number, content: string, token: string, extra: Record<string, unknown> = {}) =>
  call(app, '/Futurev2/Speak/sendLetter', { courseid: String(courseid), content, ...extra }, { token });

describe('speaking: letters to the teacher', () => {
  it('reaches the teacher live and the sender, never another student; each reads the list they may', async () => {
    const { owner, course: c, a, b } = await course(2);
    const url = socketUrl(app);
    const teacher = await openSocket(url, owner.token, { courseId: c.id });
    const mine = await openSocket(url, a.token, { courseId: c.id });
    const other = await openSocket(url, b.token, { courseId: c.id });

    const sent = await send(c.id, '  <i>老师</i>，第三题\n没听懂 ', a.token, { coruserole: 0, reqtimestamp: 1 });
    expect(sent).toMatchObject({ status: 1, data: { content: '老师，第三题 没听懂', uid: a.uid, courseid: c.id } });
    await expect.poll(() => teacher.events('Speak.letter').map((m) => m.data)).toEqual([sent.data]);
    await expect.poll(() => mine.events('Speak.letter').map((m) => m.data.id)).toEqual([sent.data.id]);
    // b sends too: a never hears it, b never heard a's
    await send(c.id, '我也是', b.token);
    await expect.poll(() => teacher.events('Speak.letter').length).toBe(2);
    await other.send({ cmd: 'ping', data: 1 });
    await mine.send({ cmd: 'ping', data: 1 });
    expect(other.events('Speak.letter').map((m) => m.data.content)).toEqual(['我也是']);
    expect(mine.events('Speak.letter').map((m) => m.data.content)).toEqual(['老师，第三题 没听懂']);

    const staffList = await call(app, '/Futurev2/Speak/lists', { courseid: c.id }, { token: owner.token });
    expect(staffList.data.list.map((l: { content: string }) => l.content)).toEqual(['老师，第三题 没听懂', '我也是']);
    const ownList = await call(app, '/Futurev2/Speak/lists', { courseid: c.id }, { token: a.token });
    expect(ownList.data.list.map((l: { uid: number }) => l.uid)).toEqual([a.uid]);
    expect(await letters(c.id)).toHaveLength(2);
    for (const s of [teacher, mine, other]) s.close();
  });

  it('sends over the socket command Speak.sendLetter, refusals named as User.error', async () => {
    const { owner, course: c, a } = await course(1);
    const teacher = await openSocket(socketUrl(app), owner.token, { courseId: c.id });
    const s = await connect(port, a.token);
    await s.send(setActive(c.id), { cmd: 'Speak.sendLetter', data: { text: '来自 socket' } });
    expect(s.events('Speak.sendLetter.ok')[0]!.data).toMatchObject({ content: '来自 socket', uid: a.uid });
    await expect.poll(() => teacher.events('Speak.letter').map((m) => m.data.content)).toEqual(['来自 socket']);
    await s.send({ cmd: 'Speak.sendLetter', data: { content: '又一条' } });
    expect(s.events('User.error').at(-1)).toMatchObject({ code: -1, msg: '发送太快了，请 10 秒后再发', data: { code: 31504 } });
    await age(a.uid);
    await s.send({ cmd: 'Speak.sendLetter', data: { content: '   ' } });
    expect(s.events('User.error').at(-1)).toMatchObject({
      msg: '请输入发言内容',
      data: { cmd: 'Speak.sendLetter', code: 40001 },
    });
    expect(await letters(c.id)).toHaveLength(1);
    teacher.close();
    s.close();
  });

  it('refuses a letter too long, too soon, past the class limit, from the staff, outside class, for an ended class', async () => {
    const { owner, course: c, a } = await course(1);
    const long = await send(c.id, '字'.repeat(201), a.token);
    expect(long).toMatchObject({ status: 0, code: 40001, message: '发言最多 200 个字' });
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: a.token });
    const longEn = await send(c.id, 'x'.repeat(201), a.token);
    await call(app, '/UserApi/setLanguage', { lang: 'zh' }, { token: a.token });
    expect(longEn.message).toBe('A message is at most 200 characters');
    expect((await send(c.id, '字'.repeat(200), a.token)).status).toBe(1);
    expect(await send(c.id, '再来', a.token)).toMatchObject({ status: 0, code: 31504 });
    // the class's allowance: rows made up to the limit (the interval passed)
    const [ct] = await app.ctx.db
      .select({ id: speakLetters.classTimeId })
      .from(speakLetters)
      .where(eq(speakLetters.userId, a.uid));
    await app.ctx.db.insert(speakLetters).values(
      Array.from({ length: LETTERS_PER_CLASS_TIME - 1 }, () => ({
        classTimeId: ct!.id,
        courseId: c.id,
        userId: a.uid,
        content: '旧',
        createdAt: new Date(Date.now() - 60_000),
      })),
    );
    await age(a.uid);
    expect(await send(c.id, '第二十一条', a.token)).toMatchObject({ status: 0, code: 31505 });
    expect(await letters(c.id)).toHaveLength(LETTERS_PER_CLASS_TIME);
    expect(await send(c.id, '老师自己', owner.token)).toMatchObject({ status: 0, code: 31506 });
    // a class time named must be the one in progress
    expect(await send(c.id, '别的课', a.token, { classtimeid: ct!.id + 999 })).toMatchObject({ status: 0, code: 40004 });
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: c.id }, { token: owner.token });
    expect(await send(c.id, '下课了', a.token)).toMatchObject({ status: 0, code: 31501, message: '现在不在上课中' });
    await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token });
    expect(await send(c.id, '上一节', a.token, { classtimeid: ct!.id })).toMatchObject({ status: 0, code: 31507 });
  });
});

describe('muting', () => {
  it('mutes one student on the server and their sockets at once; lifted, they speak again', async () => {
    const { owner, course: c, a, b } = await course(2);
    const url = socketUrl(app);
    const sa = await openSocket(url, a.token, { courseId: c.id });
    const sb = await openSocket(url, b.token, { courseId: c.id });
    const muted = await call(
      app,
      '/Futurev2/Speak/mute',
      { courseid: String(c.id), userid: String(a.uid), mute: '1' },
      { token: owner.token },
    );
    expect(muted).toMatchObject({ status: 1, data: { uid: a.uid, mute: 1, allmuted: 0 } });
    await expect.poll(() => sa.events('Speak.mute').map((m) => m.data)).toEqual([muted.data]);
    // another student is not told who was muted
    await sb.send({ cmd: 'ping', data: 1 });
    expect(sb.events('Speak.mute')).toEqual([]);

    expect(await send(c.id, '我要说话', a.token)).toMatchObject({ status: 0, code: 31502, message: '老师已将你禁言' });
    await sa.send({ cmd: 'Speak.sendLetter', data: { content: '试试 socket' } });
    expect(sa.events('User.error').at(-1)).toMatchObject({ data: { code: 31502 } });
    const ask = await call(app, '/Futurev2/CourseQuestions/create', { courseid: c.id, content: '能问吗' }, { token: a.token });
    expect(ask).toMatchObject({ status: 0, code: 31502 });
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: a.token })).data).toMatchObject({
      muted: 1,
      allmuted: 0,
    });
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: owner.token })).data).toMatchObject({
      isstaff: 1,
      mutedlist: [a.uid],
    });
    expect((await send(c.id, 'b 可以', b.token)).status).toBe(1);
    expect(await letters(c.id)).toHaveLength(1);

    await call(app, '/Futurev2/Speak/mute', { courseid: c.id, uid: a.uid, mute: 0 }, { token: owner.token });
    await expect.poll(() => sa.events('Speak.mute').map((m) => m.data.mute)).toEqual([1, 0]);
    expect((await send(c.id, '谢谢老师', a.token)).status).toBe(1);
    sa.close();
    sb.close();
  });

  it('mutes every student (pushed to the course), lets one speak, and lifts it for all', async () => {
    const { owner, course: c, a, b } = await course(2);
    const sb = await openSocket(socketUrl(app), b.token, { courseId: c.id });
    const all = await call(app, '/Futurev2/Speak/mute', { courseid: c.id, mute: 1 }, { token: owner.token });
    expect(all).toMatchObject({ status: 1, data: { uid: 0, mute: 1, allmuted: 1 } });
    await expect.poll(() => sb.events('Speak.mute').map((m) => m.data.allmuted)).toEqual([1]);
    expect(await send(c.id, '一', a.token)).toMatchObject({ status: 0, code: 31503, message: '老师已开启全员禁言' });
    expect(await send(c.id, 'two', b.token)).toMatchObject({ status: 0, code: 31503 });
    // the teacher lets one student speak while everyone else stays muted
    await call(app, '/Futurev2/Speak/mute', { courseid: c.id, uid: b.uid, mute: 0 }, { token: owner.token });
    expect((await send(c.id, 'b 发言', b.token)).status).toBe(1);
    expect((await send(c.id, 'a 不行', a.token)).code).toBe(31503);
    await call(app, '/Futurev2/Speak/mute', { courseid: c.id, mute: 0 }, { token: owner.token });
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: a.token })).data).toMatchObject({
      muted: 0,
      allmuted: 0,
    });
    expect((await send(c.id, 'a 可以了', a.token)).status).toBe(1);
    expect((await letters(c.id)).map((l) => l.content).sort()).toEqual(['a 可以了', 'b 发言']);
    // a new class starts with nobody muted
    await call(app, '/Futurev2/Speak/mute', { courseid: c.id, mute: 1 }, { token: owner.token });
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: c.id }, { token: owner.token });
    await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token });
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: a.token })).data.allmuted).toBe(0);
    sb.close();
  });

  it('is the staff’s: a student cannot mute, a stranger is not a member, only students are muted', async () => {
    const { owner, course: c, a, b } = await course(2);
    const stranger = await registerUser(app);
    expect(await call(app, '/Futurev2/Speak/mute', { courseid: c.id, uid: b.uid, mute: 1 }, { token: a.token })).toMatchObject({
      status: 0,
      code: 40003,
    });
    expect(await call(app, '/Futurev2/Speak/mute', { courseid: c.id, mute: 1 }, { token: stranger.token })).toMatchObject({
      code: 30202,
    });
    expect(
      await call(app, '/Futurev2/Speak/mute', { courseid: c.id, uid: stranger.uid, mute: 1 }, { token: owner.token }),
    ).toMatchObject({
      code: 31508,
    });
    expect(await call(app, '/Futurev2/Speak/mute', { courseid: c.id, uid: 'x', mute: 1 }, { token: owner.token })).toMatchObject({
      code: 40001,
      message: '请选择学生',
    });
    expect(await call(app, '/Futurev2/Speak/mute', { courseid: c.id, mute: 2 }, { token: owner.token })).toMatchObject({
      code: 40001,
      message: '只能是 0 或 1',
    });
    expect(await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: stranger.token })).toMatchObject({
      code: 30202,
    });
    expect(await send(c.id, '陌生人', stranger.token)).toMatchObject({ code: 30202 });
    expect(await letters(c.id)).toEqual([]);
  });
});

describe('course questions', () => {
  it('reaches the teacher live; anonymous ones carry no asker to anyone but the asker; students see only their own', async () => {
    const { owner, course: c, a, b } = await course(2);
    const url = socketUrl(app);
    const teacher = await openSocket(url, owner.token, { courseId: c.id });
    const sa = await openSocket(url, a.token, { courseId: c.id });
    const sb = await openSocket(url, b.token, { courseId: c.id });

    const asked = await call(
      app,
      '/Futurev2/CourseQuestions/create',
      { courseid: String(c.id), content: '这道题为什么选 B？', anonymous: '1' },
      { token: a.token },
    );
    expect(asked).toMatchObject({ status: 1, data: { uid: a.uid, anonymous: 1, mine: 1, answered: 0, replies: [] } });
    await expect.poll(() => teacher.events('CourseQuestions.new').map((m) => m.data)).toHaveLength(1);
    const seen = teacher.events('CourseQuestions.new')[0]!.data;
    expect(seen).toMatchObject({ id: asked.data.id, uid: 0, username: '', avatar: '', anonymous: 1, mine: 0 });
    expect(JSON.stringify(teacher.messages)).not.toContain(`"uid":${a.uid}`);
    await expect.poll(() => sa.events('CourseQuestions.new').map((m) => m.data.mine)).toEqual([1]);

    const open = await call(
      app,
      '/Futurev2/CourseQuestions/create',
      { courseid: c.id, content: '可以讲慢一点吗' },
      { token: b.token },
    );
    expect(open.data).toMatchObject({ uid: b.uid, anonymous: 0 });
    await sa.send({ cmd: 'ping', data: 1 });
    expect(sa.events('CourseQuestions.new').map((m) => m.data.id)).toEqual([asked.data.id]);
    expect(sb.events('CourseQuestions.new').map((m) => m.data.id)).toEqual([open.data.id]);

    const staff = await call(app, '/Futurev2/CourseQuestions/lists', { courseid: c.id, page: '1' }, { token: owner.token });
    expect(staff.data).toMatchObject({ count: 2, open: 2 });
    expect(staff.data.list.map((q: { uid: number }) => q.uid)).toEqual([b.uid, 0]);
    const asB = await call(app, '/Futurev2/CourseQuestions/lists', { courseid: c.id }, { token: b.token });
    expect(asB.data.list.map((q: { id: number }) => q.id)).toEqual([open.data.id]);
    expect(JSON.stringify(asB.data)).not.toContain('为什么选 B');

    // the teacher's reply marks it answered and reaches the asker, not the other student
    const replied = await call(
      app,
      '/Futurev2/CourseQuestions/reply',
      { courseid: c.id, questionid: asked.data.id, content: '因为 B 是对的' },
      { token: owner.token },
    );
    expect(replied).toMatchObject({
      status: 1,
      data: { answered: 1, uid: 0, replies: [{ content: '因为 B 是对的', uid: owner.uid }] },
    });
    await expect.poll(() => sa.events('CourseQuestions.changed').map((m) => m.data.replies.length)).toEqual([1]);
    expect(sa.events('CourseQuestions.changed')[0]!.data).toMatchObject({ uid: a.uid, mine: 1, answered: 1 });
    await sb.send({ cmd: 'ping', data: 1 });
    expect(sb.events('CourseQuestions.changed')).toEqual([]);
    const mine = await call(app, '/Futurev2/CourseQuestions/lists', { courseid: c.id }, { token: a.token });
    expect(mine.data.list[0]).toMatchObject({ answered: 1, replies: [{ content: '因为 B 是对的' }] });

    // marked open again, then answered without a reply
    await call(
      app,
      '/Futurev2/CourseQuestions/setAnswered',
      { courseid: c.id, id: asked.data.id, answered: 0 },
      { token: owner.token },
    );
    expect((await call(app, '/Futurev2/CourseQuestions/lists', { courseid: c.id }, { token: owner.token })).data.open).toBe(2);
    const done = await call(
      app,
      '/Futurev2/CourseQuestions/setAnswered',
      { courseid: c.id, id: open.data.id },
      { token: owner.token },
    );
    expect(done.data).toMatchObject({ answered: 1, uid: b.uid });
    for (const s of [teacher, sa, sb]) s.close();
  });

  it('asks over the socket; refuses a question too soon, empty or long, from the staff; replies are the staff’s', async () => {
    const { owner, course: c, a, b } = await course(2, false);
    // outside class a question is still asked (no class time on it)
    const s = await connect(port, a.token);
    await s.send(setActive(c.id), { cmd: 'CourseQuestions.create', data: { content: '课后问题' } });
    expect(s.events('CourseQuestions.create.ok')[0]!.data).toMatchObject({ content: '课后问题', classtimeid: 0, mine: 1 });
    s.close();
    expect(
      await call(app, '/Futurev2/CourseQuestions/create', { courseid: c.id, content: '再问' }, { token: a.token }),
    ).toMatchObject({
      code: 31509,
    });
    expect(
      await call(app, '/Futurev2/CourseQuestions/create', { courseid: c.id, content: '' }, { token: b.token }),
    ).toMatchObject({
      code: 40001,
      message: '请输入问题',
    });
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: b.token });
    expect(
      await call(app, '/Futurev2/CourseQuestions/create', { courseid: c.id, content: 'q'.repeat(301) }, { token: b.token }),
    ).toMatchObject({ code: 40001, message: 'A question is at most 300 characters' });
    expect(
      await call(app, '/Futurev2/CourseQuestions/create', { courseid: c.id, content: '老师问' }, { token: owner.token }),
    ).toMatchObject({
      code: 31506,
    });
    const [q] = await app.ctx.db.select().from(courseQuestions).where(eq(courseQuestions.courseId, c.id));
    expect(
      await call(app, '/Futurev2/CourseQuestions/reply', { courseid: c.id, id: q!.id, content: '学生代答' }, { token: b.token }),
    ).toMatchObject({
      code: 40003,
    });
    expect(
      await call(app, '/Futurev2/CourseQuestions/reply', { courseid: c.id, id: q!.id, content: '' }, { token: owner.token }),
    ).toMatchObject({
      code: 40001,
      message: '请输入回复内容',
    });
    // another course's teacher cannot reach the question through their own course
    const other = await newTeacher(app);
    const otherCourse = await newCourse(app, other.token);
    expect(
      await call(
        app,
        '/Futurev2/CourseQuestions/reply',
        { courseid: otherCourse.id, id: q!.id, content: '越权' },
        { token: other.token },
      ),
    ).toMatchObject({ code: 40004 });
    expect(await call(app, '/Futurev2/CourseQuestions/lists', { courseid: c.id }, { token: other.token })).toMatchObject({
      code: 30202,
    });
    expect(await app.ctx.db.select().from(courseQuestions).where(eq(courseQuestions.courseId, c.id))).toHaveLength(1);
  });
});

describe('the class timer', () => {
  it('counts down by the server’s clock on every phone, a late joiner included; stopped for all', async () => {
    const { owner, course: c, a, b } = await course(2);
    const url = socketUrl(app);
    const sa = await openSocket(url, a.token, { courseId: c.id });
    const before = Date.now();
    const started = await call(app, '/Futurev2/Tools/startTimer', { courseid: String(c.id), time: '90' }, { token: owner.token });
    expect(started).toMatchObject({ status: 1, data: { status: 1, seconds: 90 } });
    expect(started.data.ends_at - started.data.started_at).toBe(90_000);
    expect(started.data.now).toBeGreaterThanOrEqual(before);
    await expect.poll(() => sa.events('Tools.timer').map((m) => m.data.ends_at)).toEqual([started.data.ends_at]);

    // b opens the course later: the timer's end and the server's clock come with the config
    await new Promise((r) => setTimeout(r, 300));
    const late = await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: b.token });
    expect(late.data.timer).toMatchObject({ status: 1, seconds: 90, ends_at: started.data.ends_at });
    expect(late.data.timer.now).toBeGreaterThanOrEqual(started.data.now + 300);
    const left = late.data.timer.ends_at - late.data.timer.now;
    expect(left).toBeLessThanOrEqual(89_700);
    expect(left).toBeGreaterThan(80_000);
    // Ketangpai's own read of it, as a third-party client sends it (the id as a string)
    const synced = await call(
      app,
      '/FutureV2/CourseMeans/getIsSynchronousCountdown',
      { courseid: String(c.id) },
      { token: b.token },
    );
    expect(synced.data).toMatchObject({ is_synchronous: 1, status: 1, seconds: 90, ends_at: started.data.ends_at });
    expect(synced.data.now).toBeGreaterThanOrEqual(late.data.timer.now);

    const stopped = await call(app, '/Futurev2/Tools/stopTimer', { courseid: c.id }, { token: owner.token });
    expect(stopped.data).toMatchObject({ status: 0 });
    await expect.poll(() => sa.events('Tools.timer').map((m) => m.data.status)).toEqual([1, 0]);
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: b.token })).data.timer.status).toBe(0);
    expect(
      (await call(app, '/FutureV2/CourseMeans/getIsSynchronousCountdown', { courseid: c.id }, { token: b.token })).data,
    ).toMatchObject({ is_synchronous: 0, status: 0 });

    // a timer that ran out is not running
    await call(app, '/Futurev2/Tools/startTimer', { courseid: c.id, seconds: 5 }, { token: owner.token });
    await app.ctx.db.update(classControls).set({ timerEndsAt: new Date(Date.now() - 1000) });
    expect((await call(app, '/Futurev2/Speak/getUserConfig', { courseid: c.id }, { token: a.token })).data.timer.status).toBe(0);
    sa.close();
  });

  it('is the staff’s, in class, for 5 s to 60 min', async () => {
    const { owner, course: c, a } = await course(1);
    const stranger = await registerUser(app);
    expect(await call(app, '/Futurev2/Tools/startTimer', { courseid: c.id, seconds: 60 }, { token: a.token })).toMatchObject({
      code: 40003,
    });
    expect(await call(app, '/Futurev2/Tools/stopTimer', { courseid: c.id }, { token: a.token })).toMatchObject({ code: 40003 });
    expect(
      await call(app, '/Futurev2/Tools/startTimer', { courseid: c.id, seconds: 60 }, { token: stranger.token }),
    ).toMatchObject({
      code: 30202,
    });
    for (const seconds of [4, 3601, 'abc', ''])
      expect(await call(app, '/Futurev2/Tools/startTimer', { courseid: c.id, seconds }, { token: owner.token })).toMatchObject({
        code: 40001,
        message: '计时为 5 秒到 60 分钟',
      });
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: c.id }, { token: owner.token });
    expect(await call(app, '/Futurev2/Tools/startTimer', { courseid: c.id, seconds: 60 }, { token: owner.token })).toMatchObject({
      code: 31501,
    });
    // the countdown's read: a stranger is refused, and out of class nothing runs
    expect(
      await call(app, '/FutureV2/CourseMeans/getIsSynchronousCountdown', { courseid: c.id }, { token: stranger.token }),
    ).toMatchObject({ code: 30202 });
    expect(
      (await call(app, '/FutureV2/CourseMeans/getIsSynchronousCountdown', { courseid: c.id }, { token: a.token })).data,
    ).toMatchObject({ classtimeid: 0, is_synchronous: 0, status: 0 });
  });
});
