import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { docxWithText } from '../../../test/documents';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { contents, homeworks, messageNotices } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const now = () => Math.floor(Date.now() / 1000);
type Person = { token: string; uid: number };

async function classroom(students = 2) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: Person[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  return { teacher, course, students: list };
}

async function fileOf(token: string, name = 'essay.txt') {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    token,
    {},
    { name, data: Buffer.from(`作业 ${randomBytes(8).toString('hex')}`) },
  );
  return res.data.file.id as number;
}

async function homework(token: string, courseid: number, extra: Record<string, unknown> = {}) {
  const res = await call(
    app,
    '/HomeworkApi/addHomework',
    { courseid, title: '第一次作业', content: '<p>写一篇短文</p>', fullscore: 100, endtime: now() + 86400, ...extra },
    { token },
  );
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number; settings: Record<string, number> };
}

const hwCall = (path: string, token: string, body: Record<string, unknown>) => call(app, `/HomeworkApi/${path}`, body, { token });

/** Moves a homework's deadline into the past, as time passing would. */
async function pastDeadline(id: number) {
  await app.ctx.db
    .update(contents)
    .set({ endAt: new Date(Date.now() - 1000) })
    .where(eq(contents.id, id));
}

describe('creating homework', () => {
  it('publishes personal homework into the catalogue with its settings', async () => {
    const { teacher, course, students } = await classroom();
    const hw = await homework(teacher.token, course.id, { allowlate: 1, dupcheck: 1, dupceiling: 30 });
    expect(hw.settings).toMatchObject({ type: 1, fullscore: 100, allowlate: 1, dupcheck: 1, dupceiling: 30, scorespublished: 0 });
    const listed = (
      await call(
        app,
        '/FutureV2/CourseMeans/getCourseContent',
        { courseid: course.id, contenttype: 4 },
        { token: students[0]!.token },
      )
    ).data;
    expect(listed.list[0]).toMatchObject({ id: hw.id, contenttype: 4, mstatus: 0, normalized: { state: 1 } });
  });

  it.each([
    [{ title: '' }, '请输入标题'],
    [{ endtime: '' }, '请设置截止时间'],
    [{ endtime: now() - 60 }, '时间不能早于现在'],
    [{ publish: 2, publish_time: now() + 7200, endtime: now() + 3600 }, '截止时间不能早于发布时间'],
    [{ fullscore: 101 }, '满分须是 1 到 100 的整数'],
    [{ fullscore: 0 }, '满分须是 1 到 100 的整数'],
    [{ type: 2 }, '小组作业请选择一个分组'],
    [{ type: 4 }, '作业类型只能是个人、小组或互评'],
    [{ dupceiling: 0 }, '请输入 1 到 100 的整数'],
  ])('refuses %j and creates nothing', async (patch, message) => {
    const { teacher, course } = await classroom(0);
    const res = await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '作业', endtime: now() + 3600, ...patch },
      { token: teacher.token },
    );
    expect(res).toMatchObject({ status: 0, code: 40001, message });
    expect(await app.ctx.db.select().from(contents).where(eq(contents.courseId, course.id))).toEqual([]);
  });

  it('is for teachers and assistants only', async () => {
    const { course, students } = await classroom(1);
    expect(
      (
        await call(
          app,
          '/HomeworkApi/addHomework',
          { courseid: course.id, title: '作业', endtime: now() + 3600 },
          { token: students[0]!.token },
        )
      ).code,
    ).toBe(40003);
  });

  it('edits the detail, settings and deadline; the kind is fixed once work is in', async () => {
    const { teacher, course, students } = await classroom(1);
    const hw = await homework(teacher.token, course.id);
    const edited = await hwCall('editHomework', teacher.token, {
      courseid: course.id,
      id: hw.id,
      title: '第一次作业（修订）',
      fullscore: 50,
      endtime: now() + 7200,
      allowlate: 1,
    });
    expect(edited.data).toMatchObject({ title: '第一次作业（修订）', settings: { fullscore: 50, allowlate: 1 } });
    await hwCall('stuWorkSubmit', students[0]!.token, {
      courseid: course.id,
      id: hw.id,
      fileids: [await fileOf(students[0]!.token)],
    });
    const set = (
      await call(app, '/CourseGroupActivityApi/add', { courseid: course.id, title: '分组', type: 1 }, { token: teacher.token })
    ).data;
    expect(
      (
        await hwCall('editHomework', teacher.token, {
          courseid: course.id,
          id: hw.id,
          title: 'x',
          endtime: now() + 7200,
          type: 2,
          groupsetid: set.id,
        })
      ).code,
    ).toBe(40003);
  });

  it('refuses an edit as a whole: an ended homework keeps its deadline, state, detail and settings', async () => {
    const { teacher, course, students } = await classroom(1);
    const hw = await homework(teacher.token, course.id, { allowlate: 0 });
    // ended, as the end job leaves it
    await app.ctx.db
      .update(contents)
      .set({ endAt: new Date(Date.now() - 1000), publishState: 3 })
      .where(eq(contents.id, hw.id));
    const rows = async () => ({
      item: (await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id)))[0],
      settings: (await app.ctx.db.select().from(homeworks).where(eq(homeworks.contentId, hw.id)))[0],
    });
    const before = await rows();
    const res = await hwCall('editHomework', teacher.token, {
      courseid: course.id,
      id: hw.id,
      title: '改过的标题',
      endtime: now() + 7200,
      fullscore: 50,
      allowlate: 1,
      // a student's file is not the teacher's to attach
      fileids: [await fileOf(students[0]!.token)],
    });
    expect(res).toMatchObject({ status: 0, code: 40001 });
    expect(await rows()).toEqual(before);
  });
});

describe('submitting', () => {
  it('takes attachments, refuses a message alone, and resubmits with a new time and history', async () => {
    const { teacher, course, students } = await classroom(1);
    const s = students[0]!;
    const hw = await homework(teacher.token, course.id);
    expect(
      await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, message: '老师，我写在这里了' }),
    ).toMatchObject({
      status: 0,
      message: '作业须以附件形式提交，请至少添加一个附件',
    });
    const first = (
      await hwCall('stuWorkSubmit', s.token, {
        courseid: course.id,
        id: hw.id,
        fileids: [await fileOf(s.token)],
        message: '第一版',
      })
    ).data;
    expect(first).toMatchObject({ state: 1, version: 1, overtime: 0, attachment: [{ name: 'essay.txt' }] });
    await new Promise((r) => setTimeout(r, 1100));
    const second = (
      await hwCall('stuWorkSubmit', s.token, {
        courseid: course.id,
        id: hw.id,
        fileids: [await fileOf(s.token, 'essay-v2.txt')],
        message: '第二版',
      })
    ).data;
    expect(second).toMatchObject({ sid: first.sid, version: 2, message: '第二版' });
    expect(second.submittime).toBeGreaterThan(first.submittime);
    const hist = (await hwCall('stuWorkHistory', s.token, { courseid: course.id, id: hw.id })).data.list;
    expect(hist.map((v: { version: number; message: string }) => [v.version, v.message])).toEqual([
      [2, '第二版'],
      [1, '第一版'],
    ]);
    const mine = (await hwCall('getHomework', s.token, { courseid: course.id, id: hw.id })).data;
    expect(mine).toMatchObject({ state: 1, cansubmit: 1, mine: { version: 2, score: null } });
  });

  it('refuses late work unless allowed; late work is marked overtime', async () => {
    const { teacher, course, students } = await classroom(2);
    const strict = await homework(teacher.token, course.id);
    const lenient = await homework(teacher.token, course.id, { allowlate: 1 });
    await pastDeadline(strict.id);
    await pastDeadline(lenient.id);
    const [a, b] = students as [Person, Person];
    expect(
      await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: strict.id, fileids: [await fileOf(a.token)] }),
    ).toMatchObject({ status: 0, code: 30501 });
    expect((await hwCall('getHomework', a.token, { courseid: course.id, id: strict.id })).data).toMatchObject({
      cansubmit: 0,
      late: 1,
    });
    const late = await hwCall('stuWorkSubmit', b.token, {
      courseid: course.id,
      id: lenient.id,
      fileids: [await fileOf(b.token)],
    });
    expect(late.data).toMatchObject({ state: 2, overtime: 1 });
  });

  it('refuses files that are not the student’s, a teacher submitting, and another course’s student', async () => {
    const { teacher, course, students } = await classroom(2);
    const hw = await homework(teacher.token, course.id);
    const [a, b] = students as [Person, Person];
    expect(
      (await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(b.token)] })).message,
    ).toBe('只能添加自己上传的文件');
    expect(
      (await hwCall('stuWorkSubmit', teacher.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(teacher.token)] }))
        .code,
    ).toBe(40003);
    const stranger = await registerUser(app);
    expect(
      (await hwCall('stuWorkSubmit', stranger.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(stranger.token)] }))
        .code,
    ).toBe(30202);
  });
});

describe('grading, returning, publishing and sharing', () => {
  it('grades within the full score, publishes, returns for resubmission, and shares', async () => {
    const { teacher, course, students } = await classroom(3);
    const [a, b, c] = students as [Person, Person, Person];
    const hw = await homework(teacher.token, course.id, { fullscore: 20 });
    const sa = (await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(a.token)] }))
      .data;
    const sb = (await hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(b.token)] }))
      .data;

    expect((await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sa.sid], score: 21 })).message).toBe(
      '分数不能超过满分 20 分',
    );
    expect((await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sa.sid], score: '' })).message).toBe(
      '请输入分数',
    );
    expect((await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [], score: 10 })).message).toBe(
      '请至少选择一份作业',
    );
    expect((await hwCall('correct', a.token, { courseid: course.id, id: hw.id, sids: [sa.sid], score: 20 })).code).toBe(40003);
    expect(
      (
        await hwCall('correct', teacher.token, {
          courseid: course.id,
          id: hw.id,
          sids: [sa.sid],
          score: 18.5,
          comment: '结构清晰',
        })
      ).data,
    ).toMatchObject({ count: 1, published: 0 });
    // graded, not yet published: the student sees neither score nor comment
    expect((await hwCall('getHomework', a.token, { courseid: course.id, id: hw.id })).data).toMatchObject({
      state: 4,
      cansubmit: 0,
      mine: { score: null, comment: '' },
    });
    expect(
      (await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(a.token)] })).code,
    ).toBe(30503);

    expect((await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [sb.sid], reason: '' })).message).toBe(
      '请填写打回原因（最多 200 个字）',
    );
    await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [sb.sid], reason: '缺少参考文献' });
    expect((await hwCall('getHomework', b.token, { courseid: course.id, id: hw.id })).data).toMatchObject({
      state: 3,
      cansubmit: 1,
      mine: { returnreason: '缺少参考文献' },
    });
    const returnedNotice = (await call(app, '/MessageApi/lists', {}, { token: b.token })).data.list[0];
    expect(returnedNotice).toMatchObject({ contenttype: 4, contentid: hw.id, action: 'homework_returned' });
    expect(returnedNotice.title).toContain('缺少参考文献');
    // returned work can be resubmitted even after the deadline, marked overtime
    await pastDeadline(hw.id);
    expect(
      (await hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(b.token)] })).data,
    ).toMatchObject({ state: 2, version: 2 });

    const filtered = async (filter: number) =>
      (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id, filter })).data.list.map(
        (r: { members: { uid: number }[] }) => r.members[0]!.uid,
      );
    expect(await filtered(1)).toEqual([c.uid]);
    expect(await filtered(3)).toEqual([b.uid]);
    expect(await filtered(5)).toEqual([a.uid]);

    expect((await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id })).data.count).toBe(1);
    expect((await hwCall('getHomework', a.token, { courseid: course.id, id: hw.id })).data).toMatchObject({
      state: 5,
      mine: { score: 18.5, comment: '结构清晰' },
    });
    // after publishing, a new grade reaches the student at once
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sb.sid], score: 15 });
    expect((await hwCall('getHomework', b.token, { courseid: course.id, id: hw.id })).data).toMatchObject({
      state: 5,
      mine: { score: 15 },
    });
    expect(await filtered(6)).toEqual([a.uid, b.uid].sort((x, y) => x - y));

    expect((await hwCall('share', teacher.token, { courseid: course.id, id: hw.id, sid: sa.sid, reason: '' })).message).toBe(
      '请填写分享理由（最多 200 个字）',
    );
    await hwCall('share', teacher.token, { courseid: course.id, id: hw.id, sid: sa.sid, reason: '论证严谨' });
    const shared = (await hwCall('stuWorkShareList', c.token, { courseid: course.id, id: hw.id })).data.list;
    expect(shared).toHaveLength(1);
    // a classmate sees the work and the reason, not its score, comment or student number; its owner and the teacher do
    expect(shared[0]).toMatchObject({ sid: sa.sid, sharereason: '论证严谨', score: null, comment: '', stno: '' });
    expect((await hwCall('stuWorkShareList', a.token, { courseid: course.id, id: hw.id })).data.list[0]).toMatchObject({
      score: 18.5,
      comment: '结构清晰',
      stno: '20260001',
    });
    expect((await hwCall('stuWorkShareList', teacher.token, { courseid: course.id, id: hw.id })).data.list[0].stno).toBe(
      '20260001',
    );
    expect(shared[0].attachment[0].url).toMatch(/^http:\/\/[^/]+\/FileApi\/download/);
    expect(await filtered(7)).toEqual([a.uid]);
    await hwCall('cancelShare', teacher.token, { courseid: course.id, id: hw.id, sid: sa.sid });
    expect((await hwCall('stuWorkShareList', c.token, { courseid: course.id, id: hw.id })).data.list).toEqual([]);
  });

  it('grades and returns in batches', async () => {
    const { teacher, course, students } = await classroom(3);
    const hw = await homework(teacher.token, course.id);
    const sids: number[] = [];
    for (const s of students)
      sids.push(
        (await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(s.token)] })).data.sid,
      );
    expect(
      (await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: sids.slice(0, 2).join(','), score: 90 }))
        .data.count,
    ).toBe(2);
    expect(
      (await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: sids.slice(1), reason: '请重写' })).data
        .count,
    ).toBe(2);
    const counts = (await hwCall('getHomework', teacher.token, { courseid: course.id, id: hw.id })).data.counts;
    expect(counts).toMatchObject({ total: 3, notsubmitted: 0, returned: 2, graded: 1 });
    // a submission of another homework refuses the whole batch
    const other = await homework(teacher.token, course.id);
    const foreign = (
      await hwCall('stuWorkSubmit', students[0]!.token, {
        courseid: course.id,
        id: other.id,
        fileids: [await fileOf(students[0]!.token)],
      })
    ).data.sid;
    expect(
      (await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sids[0], foreign], score: 80 })).code,
    ).toBe(40004);
  });

  it('lists with every page the submissions of the whole filtered list in its order, for stepping through them', async () => {
    const { teacher, course, students } = await classroom(4);
    const hw = await homework(teacher.token, course.id);
    const submitted: number[] = [];
    for (const s of students.slice(0, 3))
      submitted.push(
        (await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(s.token)] })).data.sid,
      );
    const list = async (filter: number, page = 1, limit = 50) =>
      (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id, filter, page, limit })).data as {
        total: number;
        list: { submission: { sid: number } | null }[];
        sids: number[];
      };
    const all = await list(0);
    expect(all.total).toBe(4);
    // the order of the rows, students who have not submitted left out (nothing to grade)
    const inOrder = all.list.flatMap((r) => (r.submission ? [r.submission.sid] : []));
    expect(inOrder).toHaveLength(3);
    expect([...inOrder].sort((x, y) => x - y)).toEqual([...submitted].sort((x, y) => x - y));
    expect(all.sids).toEqual(inOrder);
    // a page of one row still carries the whole list's order
    for (const page of [1, 2, 4]) {
      const one = await list(0, page, 1);
      expect(one.list).toHaveLength(1);
      expect(one.sids).toEqual(inOrder);
    }
    // a filter's order is its own: nothing for "not submitted"; the graded one only under "graded, unpublished"
    expect((await list(1)).sids).toEqual([]);
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [inOrder[1]], score: 80 });
    expect((await list(5)).sids).toEqual([inOrder[1]]);
    expect((await list(0)).sids).toEqual(inOrder);
  });

  it('expedites the students who have not submitted, and shows them as expedited', async () => {
    const { teacher, course, students } = await classroom(2);
    const [a, b] = students as [Person, Person];
    const hw = await homework(teacher.token, course.id);
    await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(a.token)] });
    expect((await hwCall('call', teacher.token, { courseid: course.id, id: hw.id })).data.count).toBe(1);
    const notices = await app.ctx.db.select().from(messageNotices).where(eq(messageNotices.userId, b.uid));
    expect(notices.find((n) => n.action === 'homework_call')).toMatchObject({ contentId: hw.id });
    expect(
      (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id, filter: 8 })).data.list.map(
        (r: { members: { uid: number }[] }) => r.members[0]!.uid,
      ),
    ).toEqual([b.uid]);
    expect((await hwCall('getHomework', b.token, { courseid: course.id, id: hw.id })).data.called).toBe(1);
  });
});

describe('group homework', () => {
  it('takes one submission per group from any member and grades it once for the group', async () => {
    const { teacher, course, students } = await classroom(3);
    const [a, b, c] = students as [Person, Person, Person];
    const set = (
      await call(
        app,
        '/CourseGroupActivityApi/add',
        { courseid: course.id, title: '项目分组', type: 1 },
        { token: teacher.token },
      )
    ).data;
    const g1 = (
      await call(app, '/CourseGroupApi/add', { courseid: course.id, setid: set.id, name: '第一组' }, { token: teacher.token })
    ).data;
    await call(
      app,
      '/CourseGroupApi/join',
      { courseid: course.id, groupid: g1.id, uids: [a.uid, b.uid] },
      { token: teacher.token },
    );
    const hw = await homework(teacher.token, course.id, { type: 2, groupsetid: set.id });
    const first = (await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(a.token)] }))
      .data;
    const second = (await hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(b.token)] }))
      .data;
    expect(second).toMatchObject({ sid: first.sid, version: 2, groupname: '第一组', uid: b.uid });
    expect(
      (await hwCall('stuWorkSubmit', c.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(c.token)] })).code,
    ).toBe(30502);
    const rows = (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id })).data.list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ owner: `g:${g1.id}`, name: '第一组', state: 1 });
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [first.sid], score: 88 });
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });
    for (const s of [a, b])
      expect((await hwCall('getHomework', s.token, { courseid: course.id, id: hw.id })).data).toMatchObject({
        state: 5,
        mine: { score: 88 },
      });
    // both members were told
    for (const s of [a, b]) {
      const rows2 = await app.ctx.db.select().from(messageNotices).where(eq(messageNotices.userId, s.uid));
      expect(rows2.filter((n) => n.action === 'homework_scored')).toHaveLength(1);
    }
  });
});

describe('homework to-dos', () => {
  it('gives a student their unsubmitted homework and a teacher the count waiting to be graded', async () => {
    const { teacher, course, students } = await classroom(2);
    const [a, b] = students as [Person, Person];
    const hw = await homework(teacher.token, course.id);
    const mineBefore = (await call(app, '/Futurev2/Todo/getTodoList', { type: 4 }, { token: a.token })).data;
    expect(mineBefore.list).toEqual([
      expect.objectContaining({ contentid: hw.id, contenttype: 4, msgtype: 1, activitylabel: '作业' }),
    ]);
    await hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(a.token)] });
    await hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [await fileOf(b.token)] });
    expect((await call(app, '/Futurev2/Todo/getTodoList', { type: 4 }, { token: a.token })).data.total).toBe(0);
    const theirs = (await call(app, '/Futurev2/Todo/getTodoList', {}, { token: teacher.token })).data.list;
    expect(theirs).toEqual([expect.objectContaining({ contentid: hw.id, msgtype: 2, number: 2 })]);
    const sid = (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id })).data.list[0].submission.sid;
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sid], score: 90 });
    expect((await call(app, '/todoApi/getIndexList', {}, { token: teacher.token })).data.list[0].number).toBe(1);
    // a returned homework is a to-do again
    await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [sid], reason: '重写' });
    expect(
      (await call(app, '/Futurev2/Todo/getTodoList', { type: 4 }, { token: a.token })).data.total +
        (await call(app, '/Futurev2/Todo/getTodoList', { type: 4 }, { token: b.token })).data.total,
    ).toBe(1);
  });

  it('stores the homework settings', async () => {
    const { teacher, course } = await classroom(0);
    const hw = await homework(teacher.token, course.id, { mincomment: 20, reviewers: 4, anonymous: 0 });
    const [row] = await app.ctx.db.select().from(homeworks).where(eq(homeworks.contentId, hw.id));
    expect(row).toMatchObject({ minComment: 20, reviewers: 4, anonymous: false, type: 1 });
  });
});

describe('office files', () => {
  it('open in the browser through their converted PDF', { timeout: 120_000 }, async () => {
    const { teacher, course, students } = await classroom(1);
    const s = students[0]!;
    const hw = await homework(teacher.token, course.id);
    const docx = await docxWithText(['读书报告', 'A report on limits']);
    const file = (await upload(app, '/UploadApi/uploadV2', s.token, {}, { name: '报告.docx', data: docx })).data.file;
    const sid = (await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [file.id] })).data.sid;
    const pending = (await hwCall('stuWorkDetail', teacher.token, { courseid: course.id, id: hw.id, sid })).data.attachment[0];
    expect(pending).toMatchObject({ name: '报告.docx', pdfstate: 1, pdfurl: '' });
    await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
    const ready = (await hwCall('stuWorkDetail', teacher.token, { courseid: course.id, id: hw.id, sid })).data.attachment[0];
    expect(ready.pdfstate).toBe(2);
    const pdf = await app.inject({ method: 'GET', url: ready.pdfurl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('homework discussion', () => {
  it('takes comments after the deadline, unlike an ended topic', async () => {
    const { teacher, course, students } = await classroom(1);
    const hw = await homework(teacher.token, course.id);
    await pastDeadline(hw.id);
    const res = await call(
      app,
      '/Futurev2/Comment/addComment',
      { contentid: hw.id, contenttype: 4, content: '截止后还能问问题吗？' },
      { token: students[0]!.token },
    );
    expect(res).toMatchObject({ status: 1, data: { content: '截止后还能问问题吗？' } });
  });
});
