import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, imToken as chatImToken, chatLoggedIn } from '../../../test/chat-sockets';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, redisUrl, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { chatMessages } from '../../db/schema';

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

type Login = Awaited<ReturnType<typeof registerUser>>;
/** The chat socket client of the tests (test/chat-sockets.ts), on this file's app unless told. */
const Client = { open: (target = app, path = '/ws/chat') => ChatClient.open(target, path) };
type Client = ChatClient;
const imToken = (who: Login, target = app) => chatImToken(target, who);
const loggedIn = (who: Login, since?: number, target = app) => chatLoggedIn(target, who, since);

/** A teacher's course with two students and an outsider in a course of their own. */
async function world() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const [s1, s2, outsider] = [await registerUser(app), await registerUser(app), await registerUser(app)];
  for (const s of [s1, s2])
    expect((await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token })).status).toBe(1);
  return { teacher, course, s1, s2, outsider };
}

async function open(who: Login, friend: Login, courseid: number) {
  const res = await call(app, '/LetterApi/open', { friendid: friend.uid, courseid }, { token: who.token });
  expect(res.status, res.message).toBe(1);
  return res.data as { groupId: number; coursename: string; name: string };
}

describe('the chat socket login', () => {
  it('takes a getIMToken token, and answers the cursor to resume from', async () => {
    const { teacher } = await world();
    const c = await Client.open();
    const answer = await c.request('login', { token: await imToken(teacher) });
    expect(answer).toMatchObject({ returnCode: 200, payload: { uid: teacher.uid } });
    expect(typeof answer.payload.seq).toBe('number');
    expect((await c.request('ping')).payload).toBe('pong');
    await c.close();
  });

  it('refuses the session token itself, a forged token, and any request before login', async () => {
    const { teacher } = await world();
    const early = await Client.open();
    const before = await early.request('getMessage');
    expect(before).toMatchObject({ returnCode: 401, returnMsg: '请先登录聊天' });
    const answer = await early.request('login', { token: teacher.token });
    expect(answer).toMatchObject({ returnCode: 401, returnMsg: '您还未登录或登录已过期，请重新登录' });
    expect(await early.closed).toBe(4401);
    const forged = await Client.open();
    const token = await imToken(teacher);
    await forged.request('login', { token: token.replace(/^\d+/, String(teacher.uid + 1)) });
    expect(await forged.closed).toBe(4401);
  });

  it('refuses a token whose session has logged out, and closes a logged-in socket when its session ends', async () => {
    const { s1 } = await world();
    const c = await loggedIn(s1);
    const token = await imToken(s1);
    expect((await call(app, '/UserApi/logout', {}, { token: s1.token })).status).toBe(1);
    expect(await c.closed).toBe(4401);
    const again = await Client.open();
    expect((await again.request('login', { token })).returnCode).toBe(401);
  });
});

describe('private chats', () => {
  it('refuses a chat with oneself, with someone outside the course, and in a course the caller is not in', async () => {
    const { teacher, course, s1, outsider } = await world();
    const self = await call(app, '/LetterApi/open', { friendid: s1.uid, courseid: course.id }, { token: s1.token });
    expect(self).toMatchObject({ status: 0, code: 31601, message: '暂不支持给自己发送私信' });
    const stranger = await call(
      app,
      '/LetterApi/open',
      { friendid: outsider.uid, courseid: course.id },
      { token: teacher.token },
    );
    expect(stranger).toMatchObject({ status: 0, code: 31605 });
    const notMine = await call(app, '/LetterApi/open', { friendid: teacher.uid, courseid: course.id }, { token: outsider.token });
    expect(notMine).toMatchObject({ status: 0, code: 30202 });
  });

  it('opens one group per pair, whoever opens it, answering the course name', async () => {
    const { teacher, course, s1 } = await world();
    const a = await open(teacher, s1, course.id);
    const b = await open(s1, teacher, course.id);
    expect(a.groupId).toBe(b.groupId);
    expect(a).toMatchObject({ coursename: course.coursename, name: '测试同学' });
  });

  it('stores a trimmed message before answering it, and delivers it to the other member only', async () => {
    const { teacher, course, s1, s2 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a, b] = [await loggedIn(teacher), await loggedIn(s1), await loggedIn(s2)];
    const answer = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '  同学你好  ' }, 'code-1');
    expect(answer).toMatchObject({
      returnCode: 200,
      uniqueCode: 'code-1',
      payload: { groupId, msgContent: '同学你好', msgtatus: 2 },
    });
    const [row] = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, answer.payload.id));
    expect(row).toMatchObject({ msgContent: '同学你好', fromUid: teacher.uid });
    await expect.poll(() => a.pushed().map((m) => m.msgContent)).toEqual(['同学你好']);
    // a round trip on the third socket: anything published before it has arrived
    await b.request('ping');
    expect(b.pushed()).toEqual([]);
    await Promise.all([t.close(), a.close(), b.close()]);
  });

  it('refuses an empty message (spaces only) and stores nothing', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const t = await loggedIn(teacher);
    const answer = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '   \n ' });
    expect(answer).toMatchObject({ returnCode: 400, returnMsg: '发送的消息不能为空', payload: { code: 31602 } });
    expect(await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId))).toEqual([]);
    const noCode = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '你好' }, '');
    expect(noCode).toMatchObject({ returnCode: 400, returnMsg: '消息编号不正确' });
    await t.close();
  });

  it('stores one message for a resend with the same uniqueCode, and the other member keeps one', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    const first = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '只发一次' }, 'same-code');
    const again = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '只发一次' }, 'same-code');
    expect(again.payload.id).toBe(first.payload.id);
    expect(await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId))).toHaveLength(1);
    await expect.poll(() => a.pushed().map((m) => m.id)).toEqual([first.payload.id]);
    await Promise.all([t.close(), a.close()]);
  });

  it('keeps strangers out: no reading, no writing, no member list of a group they are not in', async () => {
    const { teacher, course, s1, outsider } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const o = await loggedIn(outsider);
    const push = await o.request('pushMessage', { groupId, msgType: 0, msgContent: '偷偷说' });
    expect(push).toMatchObject({ returnCode: 201, payload: { code: 31604 } });
    expect((await o.request('getGroupMessage', { groupId })).returnCode).toBe(201);
    expect((await o.request('getGroupUserList', { groupId })).returnCode).toBe(201);
    const history = await call(app, '/LetterApi/history', { groupid: groupId }, { token: outsider.token });
    expect(history).toMatchObject({ status: 0, code: 31604 });
    const del = await call(app, '/Instantmessaging/OperateApi/deleteSession', { groupid: groupId }, { token: outsider.token });
    expect(del).toMatchObject({ status: 0, code: 31604 });
    expect(await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId))).toEqual([]);
    await o.close();
  });

  it('refuses a blocked sender with 201 "the other party has refused", until unblocked', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const muted = await call(
      app,
      '/Instantmessaging/OperateApi/mute',
      { groupid: groupId, friendid: s1.uid, mute: 1 },
      { token: teacher.token },
    );
    expect(muted).toMatchObject({ status: 1, data: { mute: 1 } });
    const a = await loggedIn(s1);
    const refused = await a.request('pushMessage', { groupId, msgType: 0, msgContent: '老师好' });
    expect(refused).toMatchObject({ returnCode: 201, returnMsg: '对方已拒收', payload: { code: 31603 } });
    const users = await (await loggedIn(teacher)).request('getGroupUserList', { groupId });
    expect(users.payload.list.find((u: { uid: number }) => u.uid === s1.uid).mute).toBe(1);
    // the chat page reads who blocks whom with the group's rules: the blocker only
    const rules = async (p: typeof teacher) =>
      (await call(app, '/LetterApi/chatRules', { groupid: groupId }, { token: p.token })).data;
    expect(await rules(teacher)).toMatchObject({ blocked: 1, manages: 0 });
    expect(await rules(s1)).toMatchObject({ blocked: 0 });
    await call(
      app,
      '/Instantmessaging/OperateApi/shieldFriend',
      { groupid: groupId, friendid: s1.uid, shield: 0 },
      { token: teacher.token },
    );
    expect((await a.request('pushMessage', { groupId, msgType: 0, msgContent: '老师好' })).returnCode).toBe(200);
    expect(await rules(teacher)).toMatchObject({ blocked: 0 });
    const self = await call(
      app,
      '/Instantmessaging/OperateApi/mute',
      { groupid: groupId, friendid: teacher.uid, mute: 1 },
      { token: teacher.token },
    );
    expect(self.code).toBe(31601);
    await a.close();
  });

  it('counts unread messages, clears them on read (msgType 8), and hides a deleted session until a newer message', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const t = await loggedIn(teacher);
    for (const text of ['一', '二', '三']) await t.request('pushMessage', { groupId, msgType: 0, msgContent: text });
    const list = async () => (await call(app, '/LetterApi/getMsgList', {}, { token: s1.token })).data;
    const before = await list();
    expect(before.unread).toBe(3);
    expect(before.list[0]).toMatchObject({
      group: { id: groupId, type: 1, name: '测试同学', remark: course.coursename },
      lastMsg: { msgContent: '三', fromUid: teacher.uid },
      groupUser: { unReadCount: 3 },
      friend: { friendId: teacher.uid },
    });
    // the sender has nothing unread
    expect((await call(app, '/LetterApi/getMsgList', {}, { token: teacher.token })).data.unread).toBe(0);
    const a = await loggedIn(s1);
    const second = before.list[0].lastMsg.id - 1;
    await a.request('pushMessage', { groupId, msgType: 8, id: second });
    expect((await list()).unread).toBe(1);
    expect((await a.request('getMessage')).payload.unread).toBe(1);
    const del = await call(app, '/Instantmessaging/OperateApi/deleteSession', { groupid: groupId }, { token: s1.token });
    expect(del.status).toBe(1);
    expect(await list()).toEqual({ list: [], unread: 0 });
    await t.request('pushMessage', { groupId, msgType: 0, msgContent: '四' });
    const after = await list();
    expect(after.unread).toBe(1);
    expect(after.list[0].lastMsg.msgContent).toBe('四');
    await Promise.all([t.close(), a.close()]);
  });

  it('pages history 50 at a time, newest first, by friend or by group', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    await app.ctx.db.insert(chatMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        groupId,
        fromUid: teacher.uid,
        msgType: 0,
        msgContent: `第${i + 1}条`,
        uniqueCode: `h${i}`,
      })),
    );
    const p1 = await call(app, '/LetterApi/history', { friendid: teacher.uid }, { token: s1.token });
    expect(p1.data).toMatchObject({ groupId, page: 1, total: 55 });
    expect(p1.data.list).toHaveLength(50);
    expect(p1.data.list[0].content).toEqual({ msgtype: 0, content: '第55条', attachment: null });
    const p2 = await call(app, '/LetterApi/history', { groupid: groupId, page: 2 }, { token: s1.token });
    expect(p2.data.list.map((m: { content: { content: string } }) => m.content.content)).toEqual([
      '第5条',
      '第4条',
      '第3条',
      '第2条',
      '第1条',
    ]);
    const missing = await call(app, '/LetterApi/history', {}, { token: s1.token });
    expect(missing).toMatchObject({ status: 0, code: 40001, message: '请选择联系人' });
    const t = await loggedIn(teacher);
    const page = await t.request('getGroupMessage', { groupId, pageSize: 80 });
    expect(page.returnCode).toBe(400);
    const ok = await t.request('getGroupMessage', { groupId });
    expect(ok.payload.list).toHaveLength(50);
    expect(ok.payload.more).toBe(true);
    await t.close();
  });

  it('recalls one own message within 2 minutes, telling the members', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    const sent = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '发错了' });
    expect((await a.request('removeMessage', { groupId, id: sent.payload.id })).payload.code).toBe(31606);
    expect((await t.request('removeMessage', { groupId, id: sent.payload.id })).returnCode).toBe(200);
    await expect
      .poll(() => a.frames.some((f) => f.requestType === 'removeMessage' && f.seq && f.payload.id === sent.payload.id))
      .toBe(true);
    await app.ctx.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(chatMessages.groupId, groupId));
    const late = await t.request('pushMessage', { groupId, msgType: 0, msgContent: '再发' });
    await app.ctx.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(chatMessages.id, late.payload.id));
    expect((await t.request('removeMessage', { groupId, id: late.payload.id })).payload.code).toBe(31606);
    await Promise.all([t.close(), a.close()]);
  });
});

describe('catching up by cursor', () => {
  it('gives a reconnecting socket what it missed, once each, in order', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    await t.request('pushMessage', { groupId, msgType: 0, msgContent: '在线时' });
    await expect.poll(() => a.pushed().length).toBe(1);
    const cursor = a.maxSeq();
    await a.close();
    for (const text of ['离线一', '离线二']) await t.request('pushMessage', { groupId, msgType: 0, msgContent: text });
    const back = await loggedIn(s1, cursor);
    await expect.poll(() => back.pushed().map((m) => m.msgContent)).toEqual(expect.arrayContaining(['离线一', '离线二']));
    // the window behind the cursor may send the one seen before again: the client keeps one per id
    expect(
      back
        .pushed()
        .filter((m) => m.msgContent !== '在线时')
        .map((m) => m.msgContent),
    ).toEqual(['离线一', '离线二']);
    await Promise.all([t.close(), back.close()]);
  });
});

describe('course group chats', () => {
  it('reaches the course members of the moment, and no one who left', async () => {
    const { teacher, course, s1, s2, outsider } = await world();
    const made = await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: s1.token });
    expect(made.data).toMatchObject({ coursename: course.coursename });
    const groupId = made.data.groupId;
    expect((await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId).toBe(
      groupId,
    );
    expect((await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: outsider.token })).code).toBe(30202);
    const [t, a, b] = [await loggedIn(teacher), await loggedIn(s1), await loggedIn(s2)];
    await t.request('pushMessage', { groupId, msgType: 0, msgContent: '大家好' });
    await expect.poll(() => [a.pushed().length, b.pushed().length]).toEqual([1, 1]);
    expect((await call(app, '/LetterApi/getMsgList', {}, { token: s2.token })).data.list[0]).toMatchObject({
      group: { id: groupId, type: 2, name: course.coursename },
      groupUser: { unReadCount: 1 },
      friend: null,
    });
    const removed = await call(
      app,
      '/Futurev2/Student/remove',
      { courseid: course.id, uids: [s2.uid] },
      { token: teacher.token },
    );
    expect(removed.status, removed.message).toBe(1);
    await t.request('pushMessage', { groupId, msgType: 0, msgContent: '第二条' });
    await expect.poll(() => a.pushed().length).toBe(2);
    await b.request('ping');
    expect(b.pushed()).toHaveLength(1);
    expect((await b.request('pushMessage', { groupId, msgType: 0, msgContent: '我还在吗' })).returnCode).toBe(201);
    expect((await call(app, '/LetterApi/getMsgList', {}, { token: s2.token })).data.list).toEqual([]);
    await Promise.all([t.close(), a.close(), b.close()]);
  });
});

describe('the address book', () => {
  it('lists the courses, the teaching team and the students (not oneself), for members only', async () => {
    const { teacher, course, s1, s2, outsider } = await world();
    const courses = await call(app, '/LetterApi/courseList', {}, { token: s1.token });
    expect(courses.data.list).toEqual([
      { id: course.id, coursename: course.coursename, classname: expect.any(String), classAdministration: [], role: 'student' },
    ]);
    const team = await call(app, '/LetterApi/teachTeam', { courseid: course.id }, { token: s1.token });
    expect(team.data.list).toEqual([{ uid: teacher.uid, username: '测试同学', avatar: expect.any(String), role: 'owner' }]);
    const friends = await call(app, '/LetterApi/friendList', { courseid: course.id }, { token: s1.token });
    expect(friends.data.list.map((f: { friendId: number }) => f.friendId)).toEqual([s2.uid]);
    expect((await call(app, '/LetterApi/friendList', { courseid: course.id }, { token: outsider.token })).code).toBe(30202);
    expect((await call(app, '/LetterApi/teachTeam', { courseid: course.id }, { token: outsider.token })).code).toBe(30202);
  });
});

describe.runIf(redisUrl)('two instances', () => {
  it('delivers a message sent on one instance to a socket on another', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { teacher, course, s1 } = await world();
      const { groupId } = await open(teacher, s1, course.id);
      const t = await loggedIn(teacher);
      const a = await loggedIn(s1, undefined, other);
      await t.request('pushMessage', { groupId, msgType: 0, msgContent: '跨实例' });
      await expect.poll(() => a.pushed().map((m) => m.msgContent)).toEqual(['跨实例']);
      await Promise.all([t.close(), a.close()]);
    } finally {
      await other.close();
    }
  });
});

describe('the teacher forbidding chat in a course (spec 2 §6)', () => {
  it('forbids every student the course group, lets one chat again, forbids one alone, and tells the members', async () => {
    const { teacher, course, s1, s2 } = await world();
    const groupId = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const [t, a, b] = [await loggedIn(teacher), await loggedIn(s1), await loggedIn(s2)];

    const all = await call(app, '/LetterApi/forbidChat', { courseid: course.id, forbid: 1 }, { token: teacher.token });
    expect(all.data).toMatchObject({ courseid: course.id, groupid: groupId, allforbidden: 1, manages: 1, forbidden: 0 });
    await expect
      .poll(() => a.frames.find((f) => f.requestType === 'groupChange')?.payload)
      .toMatchObject({ groupId, subtype: 'postPermission', allforbidden: 1, uid: 0, forbid: 1 });
    const refused = await a.request('pushMessage', { groupId, msgType: 0, msgContent: '能说话吗' });
    expect(refused).toMatchObject({ returnCode: 201, returnMsg: '老师已开启全员禁言', payload: { code: 31608 } });
    expect((await call(app, '/LetterApi/chatRules', { groupid: groupId }, { token: s1.token })).data).toMatchObject({
      allforbidden: 1,
      forbidden: 1,
      manages: 0,
      forbiddenlist: [],
    });
    // the teacher still speaks; private chats are the students' own
    expect((await t.request('pushMessage', { groupId, msgType: 0, msgContent: '安静' })).returnCode).toBe(200);
    const { groupId: pair } = await open(s1, s2, course.id);
    expect((await a.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '私下说' })).returnCode).toBe(200);

    // s1 alone may chat while everyone else is forbidden
    const one = await call(
      app,
      '/LetterApi/forbidChat',
      { courseid: course.id, uid: s1.uid, forbid: 0 },
      { token: teacher.token },
    );
    expect(one.data).toMatchObject({ allforbidden: 1, allowedlist: [s1.uid] });
    expect((await a.request('pushMessage', { groupId, msgType: 0, msgContent: '我可以' })).returnCode).toBe(200);
    expect((await b.request('pushMessage', { groupId, msgType: 0, msgContent: '我不行' })).returnCode).toBe(201);

    // allowing everyone clears the one-by-one rows; then s2 alone is forbidden
    await call(app, '/LetterApi/forbidChat', { courseid: course.id, forbid: 0 }, { token: teacher.token });
    const s2Only = await call(
      app,
      '/LetterApi/forbidChat',
      { courseid: course.id, uid: s2.uid, forbid: 1 },
      { token: teacher.token },
    );
    expect(s2Only.data).toMatchObject({ allforbidden: 0, forbiddenlist: [s2.uid], allowedlist: [] });
    expect(await b.request('pushMessage', { groupId, msgType: 0, msgContent: '还是不行' })).toMatchObject({
      returnCode: 201,
      returnMsg: '老师已禁止你在本课程聊天',
      payload: { code: 31607 },
    });
    expect((await a.request('pushMessage', { groupId, msgType: 0, msgContent: '我照常' })).returnCode).toBe(200);
    const contents = (await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId))).map(
      (m) => m.msgContent,
    );
    expect(contents.sort()).toEqual(['安静', '我可以', '我照常'].sort());
    await Promise.all([t.close(), a.close(), b.close()]);
  });

  it('lets only the teacher and assistants forbid, and only students be forbidden', async () => {
    const { teacher, course, s1, outsider } = await world();
    const student = await call(app, '/LetterApi/forbidChat', { courseid: course.id, forbid: 1 }, { token: s1.token });
    expect(student).toMatchObject({ status: 0, code: 40003 });
    const stranger = await call(app, '/LetterApi/forbidChat', { courseid: course.id, forbid: 1 }, { token: outsider.token });
    expect(stranger).toMatchObject({ status: 0, code: 30202 });
    const notStudent = await call(
      app,
      '/LetterApi/forbidChat',
      { courseid: course.id, uid: outsider.uid, forbid: 1 },
      { token: teacher.token },
    );
    expect(notStudent).toMatchObject({ status: 0, message: '请选择本课程的学生' });
    const teacherAsStudent = await call(
      app,
      '/LetterApi/forbidChat',
      { courseid: course.id, uid: teacher.uid, forbid: 1 },
      { token: teacher.token },
    );
    expect(teacherAsStudent).toMatchObject({ status: 0, message: '请选择本课程的学生' });
    const bad = await call(app, '/LetterApi/forbidChat', { courseid: course.id, forbid: 3 }, { token: teacher.token });
    expect(bad).toMatchObject({ status: 0, message: '只能是 0 或 1' });
    expect((await call(app, '/LetterApi/chatRules', { groupid: 999999 }, { token: s1.token })).code).toBe(31604);
  });
});

describe('pictures, files, voice and video', () => {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

  async function uploaded(who: Login, name: string, data: Buffer, image = false) {
    const res = await upload(app, '/UploadApi/uploadV2', who.token, image ? { type: 'image' } : {}, { name, data });
    expect(res.status, res.message).toBe(1);
    return res.data.file as { id: number };
  }

  it('sends an uploaded picture and file with absolute addresses bound to each reader, which open the file', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    const pic = await uploaded(teacher, '黑板.jpg', jpeg, true);
    const sent = await t.request('pushMessage', { groupId, msgType: 1, msgContent: 'ignored', fileId: pic.id }, 'pic-1');
    expect(sent).toMatchObject({ returnCode: 200, payload: { msgType: 1, msgContent: '黑板.jpg', fileSize: jpeg.length } });
    expect(sent.payload.fileUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/FileApi/download\\?id=${pic.id}&.*&u=${teacher.uid}$`),
    );
    await expect.poll(() => a.pushed().length).toBe(1);
    const got = a.pushed()[0];
    expect(got.fileUrl).toMatch(new RegExp(`&u=${s1.uid}$`));
    const fetched = await app.inject({ method: 'GET', url: new URL(got.fileUrl).pathname + new URL(got.fileUrl).search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(jpeg)).toBe(true);

    const doc = await uploaded(teacher, '讲义.txt', Buffer.from('第一章'));
    expect((await t.request('pushMessage', { groupId, msgType: 2, msgContent: '', fileId: doc.id })).returnCode).toBe(200);
    const history = await call(app, '/LetterApi/history', { groupid: groupId }, { token: s1.token });
    expect(history.data.list.map((m: { content: unknown }) => m.content)).toEqual([
      {
        msgtype: 2,
        content: '讲义.txt',
        attachment: expect.objectContaining({
          isPic: 0,
          name: '讲义.txt',
          size: 9,
          url: expect.stringMatching(/^http.*&u=\d+$/),
        }),
      },
      {
        msgtype: 1,
        content: '黑板.jpg',
        attachment: expect.objectContaining({
          isPic: 1,
          src: expect.stringMatching(/^http/),
          thumb_src: expect.stringMatching(/^http/),
        }),
      },
    ]);
    const page = await a.request('getGroupMessage', { groupId });
    expect(page.payload.list[1].fileUrl).toMatch(new RegExp(`^http://.*&u=${s1.uid}$`));
    await Promise.all([t.close(), a.close()]);
  });

  it("draws a picture's thumbnail on its first request, upright and at most 360 px, and keeps it; a picture it cannot read is served whole", async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    // a photo taken on its side: 1600×1200 pixels whose EXIF says "turn 90°" (orientation 6), so it shows 1200×1600
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const pic = await uploaded(teacher, '板书.jpg', photo, true);
    const sent = await t.request('pushMessage', { groupId, msgType: 1, fileId: pic.id }, 'thumb-1');
    expect(sent.payload.thumbUrl).toMatch(new RegExp(`^http://.*/FileApi/download\\?id=${pic.id}&.*&u=${teacher.uid}&thumb=1$`));
    await expect.poll(() => a.pushed().length).toBe(1);
    const thumbUrl = new URL(a.pushed()[0].thumbUrl);
    expect(thumbUrl.searchParams.get('u')).toBe(String(s1.uid));
    const fetchThumb = () => app.inject({ method: 'GET', url: thumbUrl.pathname + thumbUrl.search });

    const first = await fetchThumb();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 270, height: 360 });
    expect(first.rawPayload.length).toBeLessThan(photo.length / 10);
    // kept in storage: the second request reads the same bytes
    expect((await fetchThumb()).rawPayload.equals(first.rawPayload)).toBe(true);
    // the history gives the same small copy; the bubble's tap opens the picture itself, whole
    const history = await call(app, '/LetterApi/history', { groupid: groupId }, { token: s1.token });
    const attachment = history.data.list[0].content.attachment;
    expect(attachment.thumb_src).toMatch(/&thumb=1$/);
    const whole = new URL(attachment.url);
    expect((await app.inject({ method: 'GET', url: whole.pathname + whole.search })).rawPayload.equals(photo)).toBe(true);

    // bytes that only start like a JPEG: no thumbnail can be drawn, the picture is served as it is
    const broken = await uploaded(teacher, '坏图.jpg', jpeg, true);
    await t.request('pushMessage', { groupId, msgType: 1, fileId: broken.id }, 'thumb-2');
    await expect.poll(() => a.pushed().length).toBe(2);
    const brokenThumb = new URL(a.pushed()[1].thumbUrl);
    const servedWhole = await app.inject({ method: 'GET', url: brokenThumb.pathname + brokenThumb.search });
    expect(servedWhole.statusCode).toBe(200);
    expect(servedWhole.rawPayload.equals(jpeg)).toBe(true);

    // 64 megapixels in a small file (a "decompression bomb"): not unpacked on the server, served as it is
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const huge = await uploaded(teacher, '大图.png', bomb, true);
    await t.request('pushMessage', { groupId, msgType: 1, fileId: huge.id }, 'thumb-bomb');
    await expect.poll(() => a.pushed().length).toBe(3);
    const bombThumb = new URL(a.pushed()[2].thumbUrl);
    const bombServed = await app.inject({ method: 'GET', url: bombThumb.pathname + bombThumb.search });
    expect(bombServed.headers['content-type']).toBe('image/png');
    expect(bombServed.rawPayload.equals(bomb)).toBe(true);

    // a file that is no picture has no thumbnail, and the refusal says so
    const doc = await uploaded(teacher, '讲义.txt', Buffer.from('第一章'));
    await t.request('pushMessage', { groupId, msgType: 2, fileId: doc.id }, 'thumb-3');
    await expect.poll(() => a.pushed().length).toBe(4);
    expect(a.pushed()[3].thumbUrl).toBe('');
    const docUrl = new URL(a.pushed()[3].fileUrl);
    const refused = await app.inject({ method: 'GET', url: `${docUrl.pathname}${docUrl.search}&thumb=1` });
    expect(refused.json()).toMatchObject({ status: 0, code: 40001, message: expect.stringContaining('只有图片有缩略图') });
    await Promise.all([t.close(), a.close()]);
  });

  it('refuses a file that is not the sender own, of the wrong family, or missing, and stores nothing', async () => {
    const { teacher, course, s1 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const t = await loggedIn(teacher);
    const theirs = await uploaded(s1, '别人的.jpg', jpeg, true);
    expect(await t.request('pushMessage', { groupId, msgType: 1, fileId: theirs.id })).toMatchObject({
      returnCode: 400,
      returnMsg: '文件不存在，请重新上传',
      payload: { code: 31609 },
    });
    const text = await uploaded(teacher, 'a.txt', Buffer.from('abc'));
    expect(await t.request('pushMessage', { groupId, msgType: 1, fileId: text.id })).toMatchObject({
      returnCode: 400,
      payload: { code: 31610 },
    });
    expect(await t.request('pushMessage', { groupId, msgType: 3 })).toMatchObject({ returnCode: 400, returnMsg: '请先上传文件' });
    expect(await t.request('pushMessage', { groupId, msgType: 9, msgContent: 'x' })).toMatchObject({
      returnCode: 400,
      returnMsg: '消息类型不正确',
    });
    expect(await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.groupId, groupId))).toEqual([]);
    await t.close();
  });

  it('closes a file to someone who left the course chat', async () => {
    const { teacher, course, s1, s2 } = await world();
    const groupId = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const [t, b] = [await loggedIn(teacher), await loggedIn(s2)];
    const pic = await uploaded(teacher, '作业.jpg', jpeg, true);
    await t.request('pushMessage', { groupId, msgType: 1, fileId: pic.id });
    await expect.poll(() => b.pushed().length).toBe(1);
    const url = new URL(b.pushed()[0].fileUrl);
    expect((await app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(200);
    await call(app, '/Futurev2/Student/remove', { courseid: course.id, uids: [s2.uid] }, { token: teacher.token });
    const after = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(after.json()).toMatchObject({ status: 0 });
    expect(s1.uid).toBeGreaterThan(0);
    await Promise.all([t.close(), b.close()]);
  });
});

describe('searching one’s messages (issue 27, beyond the spec)', () => {
  const search = (who: Login, body: Record<string, unknown>) => call(app, '/LetterApi/searchMessage', body, { token: who.token });

  it('finds a Chinese substring in the chats the caller may read, newest first, paged, with the session and an excerpt', async () => {
    const { teacher, course, s1, s2 } = await world();
    const { groupId: pair } = await open(teacher, s1, course.id);
    const group = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '请在周五前提交实验报告' });
    await a.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '老师，实验报告可以晚一天交吗？' });
    const long = `${'前言'.repeat(30)}实验报告的格式见附件${'后记'.repeat(40)}`;
    await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: long });
    await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '与搜索无关的一条' });
    const found = await search(s1, { keyword: ' 实验报告 ' });
    expect(found.status, found.message).toBe(1);
    expect(found.data).toMatchObject({ keyword: '实验报告', more: false, next: 0 });
    expect(found.data.list.map((h: { groupId: number }) => h.groupId)).toEqual([group, pair, pair]);
    expect(found.data.list[0]).toMatchObject({ type: 2, name: course.coursename, courseid: course.id, friendid: 0 });
    expect(found.data.list[1]).toMatchObject({
      type: 1,
      name: expect.any(String),
      remark: course.coursename,
      friendid: teacher.uid,
      fromUid: s1.uid,
      excerpt: '老师，实验报告可以晚一天交吗？',
    });
    // the excerpt of a long message: the match with a little before it, cut with '…' both sides, 80 characters
    const excerpt: string = found.data.list[0].excerpt;
    expect(excerpt).toMatch(/^…前言.*实验报告的格式见附件.*后记…$/);
    expect([...excerpt].length).toBe(82);
    expect(typeof found.data.list[0].createTime).toBe('number');
    // the other student is in the course group only
    expect((await search(s2, { keyword: '实验报告' })).data.list.map((h: { groupId: number }) => h.groupId)).toEqual([group]);
    // case-insensitive for Latin letters; pages of `size` with the cursor to the next
    for (const text of ['Lab REPORT one', 'lab report two', 'LAB Report three'])
      await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: text });
    const p1 = await search(s1, { keyword: 'lab report', size: 2 });
    expect(p1.data.list.map((h: { excerpt: string }) => h.excerpt)).toEqual(['LAB Report three', 'lab report two']);
    expect(p1.data.more).toBe(true);
    const p2 = await search(s1, { key: 'lab report', size: 2, beforeId: p1.data.next });
    expect(p2.data).toMatchObject({ more: false, next: 0 });
    expect(p2.data.list.map((h: { excerpt: string }) => h.excerpt)).toEqual(['Lab REPORT one']);
    await Promise.all([t.close(), a.close()]);
  });

  it('never finds a recalled message, a deleted session’s, a stranger’s chat or a left course’s; % and _ mean themselves', async () => {
    const { teacher, course, s1, s2, outsider } = await world();
    const { groupId: pair } = await open(teacher, s1, course.id);
    const group = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const t = await loggedIn(teacher);
    const recalled = await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '密码是 123456' });
    expect((await t.request('removeMessage', { groupId: pair, id: recalled.payload.id })).returnCode).toBe(200);
    await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '旧的通知：停课' });
    await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '全班通知：停课一天' });
    await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '完成率 100% 的同学_加分' });
    await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '完成率 1000 的同学a加分' });
    expect((await search(s1, { keyword: '密码' })).data.list).toEqual([]);
    expect((await search(teacher, { keyword: '123456' })).data.list).toEqual([]);
    expect((await search(s1, { keyword: '%' })).data.list.map((h: { excerpt: string }) => h.excerpt)).toEqual([
      '完成率 100% 的同学_加分',
    ]);
    expect((await search(s1, { keyword: '_' })).data.list).toHaveLength(1);
    // a deleted session's messages up to its deletion are not found; a newer one is
    expect((await search(s1, { keyword: '停课' })).data.list).toHaveLength(2);
    expect((await call(app, '/Instantmessaging/OperateApi/deleteSession', { groupid: pair }, { token: s1.token })).status).toBe(
      1,
    );
    await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '新的通知：停课取消' });
    expect((await search(s1, { keyword: '停课' })).data.list.map((h: { excerpt: string }) => h.excerpt)).toEqual([
      '新的通知：停课取消',
      '全班通知：停课一天',
    ]);
    // the teacher, who deleted nothing, still finds the old one
    expect((await search(teacher, { keyword: '停课' })).data.list).toHaveLength(3);
    // someone in neither chat finds nothing
    expect((await search(outsider, { keyword: '停课' })).data.list).toEqual([]);
    // a student who left the course no longer finds its group's messages (the private chat stays theirs)
    expect((await search(s2, { keyword: '停课' })).data.list).toHaveLength(1);
    const removed = await call(
      app,
      '/Futurev2/Student/remove',
      { courseid: course.id, uids: [s2.uid] },
      { token: teacher.token },
    );
    expect(removed.status, removed.message).toBe(1);
    expect((await search(s2, { keyword: '停课' })).data.list).toEqual([]);
    await t.close();
  });

  it('refuses an empty or too long keyword and a page too big, naming the field in the caller’s language', async () => {
    const { s1 } = await world();
    expect(await search(s1, { keyword: '   ' })).toMatchObject({ status: 0, message: '请输入 1 到 50 个字的关键词' });
    expect(await search(s1, {})).toMatchObject({ status: 0, message: '请输入 1 到 50 个字的关键词' });
    expect((await search(s1, { keyword: '字'.repeat(50) })).status).toBe(1);
    expect(await search(s1, { keyword: '字'.repeat(51) })).toMatchObject({ status: 0, message: '请输入 1 到 50 个字的关键词' });
    expect(await search(s1, { keyword: '字', size: 51 })).toMatchObject({ status: 0, message: '每页 1 到 50 条' });
    expect(await search(s1, { keyword: '字', size: -1 })).toMatchObject({ status: 0, message: '每页 1 到 50 条' });
    expect(await search(s1, { keyword: '字', size: 2.5 })).toMatchObject({ status: 0, message: '每页 1 到 50 条' });
    expect((await search(s1, { keyword: '字', beforeId: -1 })).status).toBe(0);
    expect((await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: s1.token })).status).toBe(1);
    expect(await search(s1, { keyword: '' })).toMatchObject({ status: 0, message: 'Enter a keyword of 1 to 50 characters' });
  });
});

describe('read receipts in private chats (issue 27, beyond the spec)', () => {
  it('tells the sender live how far the other member read, and answers it after a reload; never in a course group', async () => {
    const { teacher, course, s1, s2 } = await world();
    const { groupId } = await open(teacher, s1, course.id);
    const [t, a] = [await loggedIn(teacher), await loggedIn(s1)];
    const first = (await t.request('pushMessage', { groupId, msgType: 0, msgContent: '第一条' })).payload.id;
    const second = (await t.request('pushMessage', { groupId, msgType: 0, msgContent: '第二条' })).payload.id;
    const history = async (who: Login) =>
      (await call(app, '/LetterApi/history', { groupid: groupId }, { token: who.token })).data;
    expect(await history(teacher)).toMatchObject({ type: 1, readUpTo: 0 });
    const reads = (c: Client) => c.frames.filter((f) => f.seq !== undefined && f.requestType === 'readMessage');
    // the student reads the first: the teacher hears it, live
    await a.request('pushMessage', { groupId, msgType: 8, id: first });
    await expect.poll(() => reads(t).map((f) => f.payload)).toEqual([{ groupId, uid: s1.uid, id: first, msgType: 8 }]);
    expect(await history(teacher)).toMatchObject({ readUpTo: first });
    // reading the same again, or less, tells nobody again; the reader hears no receipt of their own
    await a.request('pushMessage', { groupId, msgType: 8, id: first });
    await a.request('pushMessage', { groupId, msgType: 8 });
    await expect.poll(() => reads(t).map((f) => f.payload.id)).toEqual([first, second]);
    expect(reads(a)).toEqual([]);
    expect(await history(teacher)).toMatchObject({ readUpTo: second });
    // the student's own view: the teacher has read what the student never sent (the teacher's sends read the chat)
    expect((await history(s1)).readUpTo).toBe(second);
    // a course group: no receipts, none answered
    const group = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const b = await loggedIn(s2);
    const inGroup = (await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '群消息' })).payload.id;
    await b.request('pushMessage', { groupId: group, msgType: 8, id: inGroup });
    await t.request('ping');
    expect(reads(t)).toHaveLength(2);
    expect((await call(app, '/LetterApi/history', { groupid: group }, { token: teacher.token })).data).toMatchObject({
      type: 2,
      readUpTo: 0,
    });
    await Promise.all([t.close(), a.close(), b.close()]);
  });
});

describe('the teacher’s post in a course group’s session (issue 27, beyond the spec)', () => {
  it('marks a course group with the teacher’s newest unread message until read; a student’s or a recalled one does not', async () => {
    const { teacher, course, s1, s2 } = await world();
    const group = (await call(app, '/LetterApi/createGroup', { courseid: course.id }, { token: teacher.token })).data.groupId;
    const [t, a, b] = [await loggedIn(teacher), await loggedIn(s1), await loggedIn(s2)];
    const session = async (who: Login) =>
      (await call(app, '/LetterApi/getMsgList', {}, { token: who.token })).data.list.find(
        (s: { group: { id: number } }) => s.group.id === group,
      );
    await a.request('pushMessage', { groupId: group, msgType: 0, msgContent: '同学的消息' });
    expect((await session(s2)).groupUser).toMatchObject({ unReadCount: 1, teacherMsgId: 0 });
    const posted = (await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '明天停课' })).payload.id;
    await a.request('pushMessage', { groupId: group, msgType: 0, msgContent: '收到' });
    // a student wrote after the teacher: the teacher's post still marks the session
    expect((await session(s2)).groupUser).toMatchObject({ unReadCount: 3, teacherMsgId: posted });
    // never for the teacher's own list
    expect((await session(teacher)).groupUser.teacherMsgId).toBe(0);
    // read: unmarked
    await b.request('pushMessage', { groupId: group, msgType: 8 });
    expect((await session(s2)).groupUser).toMatchObject({ unReadCount: 0, teacherMsgId: 0 });
    // a recalled post marks nothing
    const again = (await t.request('pushMessage', { groupId: group, msgType: 0, msgContent: '发错了' })).payload.id;
    expect((await session(s2)).groupUser.teacherMsgId).toBe(again);
    await t.request('removeMessage', { groupId: group, id: again });
    expect((await session(s2)).groupUser.teacherMsgId).toBe(0);
    // a private chat with the teacher is never marked
    const { groupId: pair } = await open(teacher, s2, course.id);
    await t.request('pushMessage', { groupId: pair, msgType: 0, msgContent: '私信' });
    const list = (await call(app, '/LetterApi/getMsgList', {}, { token: s2.token })).data.list;
    expect(list.find((s: { group: { id: number } }) => s.group.id === pair).groupUser.teacherMsgId).toBe(0);
    await Promise.all([t.close(), a.close(), b.close()]);
  });
});
