import { randomBytes } from 'node:crypto';
import { CLASSMATE_WORK_CMD } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, QueryCounter, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { contents, users } from '../../db/schema';

/**
 * Issue 28, the VIP privilege "live view of classmates' submissions" (spec 2 §6, decision 051): through
 * HTTP and the classroom socket, as a student's phone sees it.
 */
let db: TestDatabase;
let app: FastifyInstance;
const counter = new QueryCounter();

beforeAll(async () => {
  db = await testDatabase({ logger: counter });
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

type Person = { token: string; uid: number };
const now = () => Math.floor(Date.now() / 1000);
const hwCall = (path: string, token: string, body: Record<string, unknown>) => call(app, `/HomeworkApi/${path}`, body, { token });
const DAY = 86_400_000;

/** A VIP membership as a paid order leaves it (decision 035): level 1 until `end`; the session cache forgets the old row. */
async function makeVip(p: Person, end: Date) {
  await app.ctx.db
    .update(users)
    .set({ isvip: 1, vipBegin: new Date(Date.now() - 30 * DAY), vipEnd: end })
    .where(eq(users.id, p.uid));
  await app.ctx.sessions.forgetUser(p.uid);
}

async function classroom(students: number) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: Person[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app, { username: `同学${i + 1}`, stno: `2026${1000 + i}` });
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  const hw = (
    await hwCall('addHomework', teacher.token, {
      courseid: course.id,
      title: '读书报告',
      fullscore: 100,
      endtime: now() + 86400,
      answertype: 3,
    })
  ).data as { id: number };
  return { teacher, course, students: list, hw };
}

async function fileOf(token: string) {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    token,
    {},
    { name: 'essay.txt', data: Buffer.from(`作业 ${randomBytes(8).toString('hex')}`) },
  );
  return res.data.file.id as number;
}

const submit = async (p: Person, courseid: number, id: number, content: string) => {
  const res = await hwCall('stuWorkSubmit', p.token, {
    courseid,
    id,
    content: `<p>${content}</p>`,
    message: '老师，请看第二页',
    fileids: [await fileOf(p.token)],
  });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { sid: number };
};

describe("a VIP student sees classmates' work", () => {
  it('lists the classmates’ work, text and files, without score, comment, student number or message', async () => {
    const { teacher, course, students, hw } = await classroom(4);
    const [vip, graded, returned] = students as [Person, Person, Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的读后感');
    const g = await submit(graded, course.id, hw.id, '第二位同学的读后感');
    const r = await submit(returned, course.id, hw.id, '被打回的作业');
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [g.sid], score: 95, comment: '写得很好' });
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });
    await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [r.sid], reason: '请重写' });

    const res = await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id });
    expect(res.status).toBe(1);
    // their own work is on the homework page; returned work is its owner's until handed in again
    expect(res.data.total).toBe(1);
    const [work] = res.data.list;
    expect(work).toMatchObject({ sid: g.sid, uid: graded.uid, username: '同学2', groupid: 0, members: [] });
    expect(work.content).toContain('第二位同学的读后感');
    expect(work.attachment).toHaveLength(1);
    expect(work.submittime).toBeGreaterThan(0);
    for (const key of ['score', 'comment', 'stno', 'state', 'message', 'returnreason', 'scorepublished', 'sharereason'])
      expect(work).not.toHaveProperty(key);
    expect(JSON.stringify(res.data)).not.toContain('写得很好');
    expect(JSON.stringify(res.data)).not.toContain('20261001');
  });

  it('refuses a student without VIP with 30301 and a message that says it is a VIP privilege', async () => {
    const { course, students, hw } = await classroom(2);
    const [plain, other] = students as [Person, Person];
    await submit(plain, course.id, hw.id, '我的');
    await submit(other, course.id, hw.id, '同学的');
    const res = await hwCall('classmatesWork', plain.token, { courseid: course.id, id: hw.id });
    expect(res).toMatchObject({ status: 0, code: 30301, data: null });
    expect(res.message).toContain('会员');
  });

  it('refuses a student whose VIP has ended, though the account still says isvip 1', async () => {
    const { course, students, hw } = await classroom(2);
    const [lapsed, other] = students as [Person, Person];
    await makeVip(lapsed, new Date(Date.now() - DAY));
    await submit(lapsed, course.id, hw.id, '我的');
    await submit(other, course.id, hw.id, '同学的');
    const res = await hwCall('classmatesWork', lapsed.token, { courseid: course.id, id: hw.id });
    expect(res).toMatchObject({ status: 0, code: 30301, data: null });
  });

  it('refuses a VIP student before their own work is in, and again once it is returned', async () => {
    const { teacher, course, students, hw } = await classroom(2);
    const [vip, other] = students as [Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(other, course.id, hw.id, '同学的');
    const before = await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id });
    expect(before).toMatchObject({ status: 0, code: 30504 });
    expect(before.message).toContain('先提交');
    const mine = await submit(vip, course.id, hw.id, '我的');
    expect((await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id })).data.total).toBe(1);
    await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [mine.sid], reason: '请重写' });
    expect((await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id })).code).toBe(30504);
  });

  it('refuses an outsider as a missing course (30202) and the teacher (40003)', async () => {
    const { teacher, course, students, hw } = await classroom(1);
    await submit(students[0]!, course.id, hw.id, '同学的');
    const outsider = await registerUser(app);
    await makeVip(outsider, new Date(Date.now() + 30 * DAY));
    expect((await hwCall('classmatesWork', outsider.token, { courseid: course.id, id: hw.id })).code).toBe(30202);
    expect((await hwCall('classmatesWork', teacher.token, { courseid: course.id, id: hw.id })).code).toBe(40003);
  });

  it('refuses peer-reviewed homework (30509)', async () => {
    const { teacher, course, students } = await classroom(2);
    const [vip] = students as [Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    const review = (
      await hwCall('addHomework', teacher.token, {
        courseid: course.id,
        title: '互评作业',
        fullscore: 100,
        endtime: now() + 86400,
        type: 3,
        reviewers: 1,
        answertype: 3,
      })
    ).data as { id: number };
    await submit(vip, course.id, review.id, '我的');
    expect((await hwCall('classmatesWork', vip.token, { courseid: course.id, id: review.id })).code).toBe(30509);
  });

  it('shows a group homework by group, with the members’ names and no student numbers, leaving out the caller’s group', async () => {
    const { teacher, course, students } = await classroom(4);
    const [a, b, c, d] = students as [Person, Person, Person, Person];
    const set = (
      await call(
        app,
        '/CourseGroupActivityApi/add',
        { courseid: course.id, title: '项目分组', type: 1 },
        { token: teacher.token },
      )
    ).data;
    const group = async (name: string, uids: number[]) => {
      const g = (await call(app, '/CourseGroupApi/add', { courseid: course.id, setid: set.id, name }, { token: teacher.token }))
        .data;
      await call(app, '/CourseGroupApi/join', { courseid: course.id, groupid: g.id, uids }, { token: teacher.token });
      return g as { id: number };
    };
    await group('第一组', [a.uid, b.uid]);
    const second = await group('第二组', [c.uid, d.uid]);
    const hw = (
      await hwCall('addHomework', teacher.token, {
        courseid: course.id,
        title: '小组报告',
        fullscore: 100,
        endtime: now() + 86400,
        type: 2,
        groupsetid: set.id,
        answertype: 3,
      })
    ).data as { id: number };
    await makeVip(b, new Date(Date.now() + 30 * DAY));
    // a group mate's submission is the VIP's own
    await submit(a, course.id, hw.id, '第一组的报告');
    await submit(c, course.id, hw.id, '第二组的报告');
    const res = await hwCall('classmatesWork', b.token, { courseid: course.id, id: hw.id });
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({ groupid: second.id, groupname: '第二组', username: '同学3' });
    expect(res.data.list[0].members.map((m: { uid: number }) => m.uid).sort()).toEqual([c.uid, d.uid].sort());
    expect(JSON.stringify(res.data)).not.toContain('2026100');
  });
});

describe("the VIP view hears of classmates' work live", () => {
  it('tells a VIP student who handed in when a classmate hands in, and no one else', async () => {
    const { course, students, hw } = await classroom(4);
    const [vip, notYet, plain, classmate] = students as [Person, Person, Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await makeVip(notYet, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的');
    await submit(plain, course.id, hw.id, '普通同学的');
    const url = socketUrl(app);
    const watching = await openSocket(url, vip.token, { courseId: course.id });
    const waiting = await openSocket(url, notYet.token, { courseId: course.id });
    const nonVip = await openSocket(url, plain.token, { courseId: course.id });
    const heard = new Promise((resolve) => watching.on(CLASSMATE_WORK_CMD, resolve));

    await submit(classmate, course.id, hw.id, '刚交的作业');
    expect(await heard).toMatchObject({ data: { courseid: course.id, homeworkid: hw.id } });
    // the event names the homework only; the work is read through the checked call
    const res = await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id });
    expect(res.data.list[0]).toMatchObject({ uid: classmate.uid });
    expect(res.data.list[0].content).toContain('刚交的作业');

    await waiting.send();
    await nonVip.send();
    expect(waiting.events(CLASSMATE_WORK_CMD)).toHaveLength(0);
    expect(nonVip.events(CLASSMATE_WORK_CMD)).toHaveLength(0);
    for (const s of [watching, waiting, nonVip]) s.close();
  });
});

describe("the teacher's switch for classmates' work (decision 054)", () => {
  const settingsOf = async (token: string, courseid: number, id: number) =>
    (await hwCall('getHomework', token, { courseid, id })).data.settings as { classmateswork: number };
  const edit = (token: string, courseid: number, id: number, extra: Record<string, unknown>) =>
    hwCall('editHomework', token, {
      courseid,
      id,
      title: '读书报告',
      fullscore: 100,
      endtime: now() + 86400,
      answertype: 3,
      ...extra,
    });

  it('is on by default, and a VIP student then sees the work', async () => {
    const { teacher, course, students, hw } = await classroom(2);
    const [vip, other] = students as [Person, Person];
    expect(await settingsOf(teacher.token, course.id, hw.id)).toMatchObject({ classmateswork: 1 });
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的');
    await submit(other, course.id, hw.id, '同学的');
    expect((await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id })).data.total).toBe(1);
  });

  it('refuses a VIP student with 30510 when the teacher turned it off, reading no submission', async () => {
    const { teacher, course, students } = await classroom(2);
    const [vip, other] = students as [Person, Person];
    const hw = (
      await hwCall('addHomework', teacher.token, {
        courseid: course.id,
        title: '独立完成的报告',
        fullscore: 100,
        endtime: now() + 86400,
        answertype: 3,
        classmateswork: 0,
      })
    ).data as { id: number; settings: { classmateswork: number } };
    expect(hw.settings.classmateswork).toBe(0);
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的');
    await submit(other, course.id, hw.id, '同学的');
    await app.ctx.sessions.forgetUser(vip.uid);
    const { result: res, sql } = await counter.measure(() =>
      hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id }),
    );
    expect(res).toMatchObject({ status: 0, code: 30510, data: null });
    expect(res.message).toContain('老师关闭');
    expect(sql.filter((q) => /"submissions"|"submission_members"/.test(q))).toEqual([]);
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: vip.token });
    const en = await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id });
    expect(en.message).toContain('turned classmates’ work off');
  });

  it('flips with the edit call, taking 0/1, "0"/"1" and booleans', async () => {
    const { teacher, course, students, hw } = await classroom(2);
    const [vip, other] = students as [Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的');
    await submit(other, course.id, hw.id, '同学的');
    for (const [value, expected] of [
      [false, 0],
      [true, 1],
      ['0', 0],
      ['1', 1],
      [0, 0],
    ] as const) {
      const res = await edit(teacher.token, course.id, hw.id, { classmateswork: value });
      expect(res.status, JSON.stringify(res)).toBe(1);
      expect(await settingsOf(teacher.token, course.id, hw.id)).toMatchObject({ classmateswork: expected });
      const seen = await hwCall('classmatesWork', vip.token, { courseid: course.id, id: hw.id });
      expect(expected ? seen.data?.total : seen.code).toBe(expected ? 1 : 30510);
    }
  });

  it('refuses a bad value naming the field, and changes nothing', async () => {
    const { teacher, course, hw } = await classroom(0);
    for (const bad of [2, -1, 'yes', '0.5', 1.5]) {
      const res = await edit(teacher.token, course.id, hw.id, { classmateswork: bad, title: '改过的标题' });
      expect(res, String(bad)).toMatchObject({ status: 0, code: 40001 });
      expect(res.message).toContain('会员可查看同学作品');
      const add = await hwCall('addHomework', teacher.token, {
        courseid: course.id,
        title: '不该出现的作业',
        fullscore: 100,
        endtime: now() + 86400,
        classmateswork: bad,
      });
      expect(add).toMatchObject({ status: 0, code: 40001 });
    }
    const after = (await hwCall('getHomework', teacher.token, { courseid: course.id, id: hw.id })).data;
    expect(after.title).toBe('读书报告');
    expect(after.settings.classmateswork).toBe(1);
    expect(await app.ctx.db.select().from(contents).where(eq(contents.title, '不该出现的作业'))).toEqual([]);
  });

  it('sends no live event while the switch is off', async () => {
    const { teacher, course, students, hw } = await classroom(2);
    const [vip, classmate] = students as [Person, Person];
    await makeVip(vip, new Date(Date.now() + 30 * DAY));
    await submit(vip, course.id, hw.id, '我的');
    expect((await edit(teacher.token, course.id, hw.id, { classmateswork: 0 })).status).toBe(1);
    const watching = await openSocket(socketUrl(app), vip.token, { courseId: course.id });
    await submit(classmate, course.id, hw.id, '刚交的作业');
    await watching.send();
    expect(watching.events(CLASSMATE_WORK_CMD)).toHaveLength(0);
    // turned on again, the next hand-in is told
    expect((await edit(teacher.token, course.id, hw.id, { classmateswork: 1 })).status).toBe(1);
    const heard = new Promise((resolve) => watching.on(CLASSMATE_WORK_CMD, resolve));
    await submit(classmate, course.id, hw.id, '又交了一次');
    expect(await heard).toMatchObject({ data: { courseid: course.id, homeworkid: hw.id } });
    watching.close();
  });
});
