import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { contents, contentWatchLogs } from '../../db/schema';

/**
 * Issue 26, meetings (spec 2 §2 Meetings, §3 Meeting, §4 "meeting status 2 sets state 1", §5 "meeting
 * name required; end not before start; video content and name required"; spec 1 §4 labels).
 */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

type Person = { token: string; uid: number; mobile: string };
const now = () => Math.floor(Date.now() / 1000);

async function ok(url: string, body: Record<string, unknown>, who: Person) {
  const res = await call(app, url, body, { token: who.token });
  if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

async function setup() {
  const teacher = await newTeacher(app);
  const assistant = await newTeacher(app);
  const stranger = await newTeacher(app);
  const course = await newCourse(app, teacher.token, { coursename: '会议课' });
  await ok('/AssistantApi/addAssistant', { courseid: course.id, account: assistant.mobile }, teacher);
  const student = await registerUser(app, { username: '王同学' });
  await ok('/CourseApi/joinCourse', { code: course.code }, student);
  return { teacher, assistant, stranger, student, course };
}

const form = (courseid: number, extra: Record<string, unknown> = {}) => ({
  courseid,
  title: '期中答疑',
  start_time: now() + 3600,
  end_time: now() + 7200,
  description: '带上问题',
  link: 'https://meeting.tencent.com/dm/abc123',
  meeting_no: '123 456 789',
  ...extra,
});

const meetingRows = async (courseId: number) =>
  (await db.database.db.select({ n: count() }).from(contents).where(eq(contents.courseId, courseId)))[0]!.n;

async function listed(who: Person, courseId: number) {
  const list = (await ok(
    '/CourseApi/semesterCourseList',
    { isstudy: who === undefined ? 0 : 1, semester: '', term: '' },
    who,
  )) as {
    courseid: number;
    type: number;
    is_meeting: number;
    liveState: number;
  }[];
  return list.find((c) => c.courseid === courseId)!;
}

describe('creating a meeting (/addActivity/conference)', () => {
  it('creates a waiting meeting that members see, with its link, number and description', async () => {
    const { teacher, student, course } = await setup();
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    expect(made).toMatchObject({
      contenttype: 22,
      title: '期中答疑',
      status: 0,
      state: 0,
      meeting_no: '123 456 789',
      courserole: 1,
    });
    expect(made.statistics).toEqual({ joinLiveCount: 0, noJoinVisitCount: 0, joinVisitCount: 0, fullcount: 1 });
    const seen = await ok('/Futurev2/TencentMeeting/getMeetingList', { courseid: course.id }, student);
    expect(seen.total).toBe(1);
    expect(seen.list[0]).toMatchObject({ id: made.id, link: 'https://meeting.tencent.com/dm/abc123', courserole: 0 });
    expect(seen.list[0]).not.toHaveProperty('statistics');
    const detail = await ok(
      '/Futurev2/TencentMeeting/getMeetingDetail',
      { courseid: String(course.id), id: String(made.id) },
      student,
    );
    expect(detail).toMatchObject({ description: '带上问题', status: 0 });
  });

  it.each([
    [{ title: '  ' }, 'title', '请输入会议名称'],
    [{ end_time: now() + 1000 }, 'end_time', '结束时间不能早于开始时间'],
    [{ link: 'javascript:alert(1)' }, 'link', '会议链接'],
    [{ link: '' }, 'link', '会议链接'],
    [{ start_time: '' }, 'start_time', '开始时间'],
    [{ meeting_no: '12ab' }, 'meeting_no', '会议号'],
  ])('refuses %j (%s) by name, and writes nothing', async (bad, _field, words) => {
    const { teacher, course } = await setup();
    const before = await meetingRows(course.id);
    const res = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, bad), { token: teacher.token });
    expect(res).toMatchObject({ status: 0, code: 40001 });
    expect(res.message).toContain(words);
    expect(await meetingRows(course.id)).toBe(before);
  });

  it('says the refusal in English to an English reader', async () => {
    const { teacher, course } = await setup();
    await ok('/UserApi/setLanguage', { lang: 'en' }, teacher);
    const res = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { title: '' }), { token: teacher.token });
    expect(res.message).toContain('Enter the meeting name');
  });

  it('accepts an end equal to the start (not before it)', async () => {
    const { teacher, course } = await setup();
    const t = now() + 600;
    expect(
      (await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { start_time: t, end_time: t }), teacher)).status,
    ).toBe(1);
  });

  it('lets the assistant create, refuses a student and a stranger (30202), and writes nothing for them', async () => {
    const { assistant, student, stranger, course } = await setup();
    expect((await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id), { token: assistant.token })).status).toBe(1);
    const before = await meetingRows(course.id);
    expect(await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id), { token: student.token })).toMatchObject({
      code: 40003,
    });
    expect(await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id), { token: stranger.token })).toMatchObject({
      code: 30202,
    });
    expect(await meetingRows(course.id)).toBe(before);
  });
});

describe('editing, states, replays and going', () => {
  it('edits a meeting (/editConference) with the same rules, and only a teacher or assistant may', async () => {
    const { teacher, student, course } = await setup();
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    const edited = await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: made.id, title: '期末答疑', meeting_no: '' }),
      teacher,
    );
    expect(edited).toMatchObject({ id: made.id, title: '期末答疑', meeting_no: '' });
    const bad = await call(app, '/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id, end_time: 1 }), {
      token: teacher.token,
    });
    expect(bad.status).toBe(0);
    expect(
      await call(app, '/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id }), { token: student.token }),
    ).toMatchObject({ code: 40003 });
    const kept = await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: made.id }, student);
    expect(kept.title).toBe('期末答疑');
  });

  it('goes waiting → in progress → ended → has replay (status 2 sets state 1)', async () => {
    const { teacher, student, course } = await setup();
    const waiting = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    expect([waiting.status, waiting.state]).toEqual([0, 0]);
    const on = await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: waiting.id, start_time: now() - 60, end_time: now() + 600 }),
      teacher,
    );
    expect([on.status, on.state]).toEqual([1, 0]);
    const over = await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: waiting.id, start_time: now() - 7200, end_time: now() - 3600 }),
      teacher,
    );
    expect([over.status, over.state]).toEqual([3, 0]);
    const replay = await ok(
      '/Futurev2/TencentMeeting/addMeetingVideo',
      { courseid: course.id, id: waiting.id, title: '回放', url: 'https://v.example.edu.cn/1.mp4' },
      teacher,
    );
    expect([replay.status, replay.state]).toEqual([2, 1]);
    expect(replay.videos).toHaveLength(1);
    // the catalogue shows the same state
    const cat = await ok('/FutureV2/CourseMeans/getCourseContent', { courseid: course.id, contenttype: 22 }, student);
    expect(cat.list[0]).toMatchObject({ id: waiting.id, status: 2, state: 1, contenttype: 22 });
    const gone = await ok(
      '/Futurev2/TencentMeeting/delMeetingVideo',
      { courseid: course.id, id: waiting.id, videoid: replay.videos[0].id },
      teacher,
    );
    expect([gone.status, gone.videos.length]).toEqual([3, 0]);
  });

  it('refuses a replay with no name or no address, and a student adding one', async () => {
    const { teacher, student, course } = await setup();
    const m = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    const noName = await call(
      app,
      '/Futurev2/TencentMeeting/addMeetingVideo',
      { courseid: course.id, id: m.id, title: '', url: 'https://v.example/1.mp4' },
      { token: teacher.token },
    );
    expect(noName.message).toContain('请输入视频名称');
    const noUrl = await call(
      app,
      '/Futurev2/TencentMeeting/addMeetingVideo',
      { courseid: course.id, id: m.id, title: '回放', url: '' },
      { token: teacher.token },
    );
    expect(noUrl.message).toContain('视频地址');
    expect(
      await call(
        app,
        '/Futurev2/TencentMeeting/addMeetingVideo',
        { courseid: course.id, id: m.id, title: '回放', url: 'https://v.example/1.mp4' },
        { token: student.token },
      ),
    ).toMatchObject({ code: 40003 });
    expect((await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: m.id }, teacher)).videos).toEqual(
      [],
    );
  });

  it('counts a student going in while in progress as joining, afterwards as a visit (statistics)', async () => {
    const { teacher, student, course } = await setup();
    const other = await registerUser(app);
    await ok('/CourseApi/joinCourse', { code: course.code }, other);
    const m = await ok(
      '/Futurev2/TencentMeeting/addMeeting',
      form(course.id, { start_time: now() - 60, end_time: now() + 600 }),
      teacher,
    );
    const go = await ok('/Futurev2/TencentMeeting/joinMeeting', { courseid: course.id, id: m.id }, student);
    expect(go).toEqual({ link: 'https://meeting.tencent.com/dm/abc123', meeting_no: '123 456 789', status: 1 });
    await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: m.id, start_time: now() - 7200, end_time: now() - 3600 }),
      teacher,
    );
    await ok('/Futurev2/TencentMeeting/joinMeeting', { courseid: course.id, id: m.id }, student);
    await ok('/Futurev2/TencentMeeting/joinMeeting', { courseid: course.id, id: m.id }, other);
    // the teacher's own going is not counted
    await ok('/Futurev2/TencentMeeting/joinMeeting', { courseid: course.id, id: m.id }, teacher);
    const d = await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: m.id }, teacher);
    expect(d.statistics).toEqual({ joinLiveCount: 1, noJoinVisitCount: 1, joinVisitCount: 1, fullcount: 2 });
    const rows = await db.database.db.select().from(contentWatchLogs).where(eq(contentWatchLogs.contentId, m.id));
    expect(rows).toHaveLength(2);
  });

  it('hides another course’s meeting as not found and refuses strangers every read', async () => {
    const { teacher, stranger, course } = await setup();
    const m = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    const theirs = await newCourse(app, stranger.token);
    expect(
      await call(app, '/Futurev2/TencentMeeting/getMeetingDetail', { courseid: theirs.id, id: m.id }, { token: stranger.token }),
    ).toMatchObject({ code: 40004 });
    for (const path of ['getMeetingDetail', 'joinMeeting', 'getMeetingList', 'getConductMeeting'])
      expect(
        await call(app, `/Futurev2/TencentMeeting/${path}`, { courseid: course.id, id: m.id }, { token: stranger.token }),
      ).toMatchObject({ code: 30202 });
    expect(await call(app, '/Futurev2/TencentMeeting/getMeetingList', { courseid: course.id })).toMatchObject({ code: 20003 });
  });
});

describe('meetings in progress: getConductMeeting and the course list labels (spec 1 §4)', () => {
  it('flags is_meeting on the course list and getConductMeeting while a meeting is on, and not before', async () => {
    const { teacher, student, course } = await setup();
    const m = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    expect(await ok('/Futurev2/TencentMeeting/getConductMeeting', { courseid: course.id }, student)).toEqual({
      is_meeting: 0,
      list: [],
    });
    expect(await listed(student, course.id)).toMatchObject({ type: 0, is_meeting: 0, liveState: 0 });
    await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: m.id, start_time: now() - 60, end_time: now() + 600 }),
      teacher,
    );
    const on = await ok('/Futurev2/TencentMeeting/getConductMeeting', { courseid: course.id }, student);
    expect(on.is_meeting).toBe(1);
    expect(on.list.map((x: { id: number }) => x.id)).toEqual([m.id]);
    // type 0 with the meeting flag: "in meeting"
    expect(await listed(student, course.id)).toMatchObject({ type: 0, is_meeting: 1 });
    // type 3 (a class time in progress) with the flag: "in meeting class"
    await ok('/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher);
    expect(await listed(student, course.id)).toMatchObject({ type: 3, is_meeting: 1 });
  });

  it('ends the label when the meeting is deleted', async () => {
    const { teacher, student, course } = await setup();
    const m = await ok(
      '/Futurev2/TencentMeeting/addMeeting',
      form(course.id, { start_time: now() - 60, end_time: now() + 600 }),
      teacher,
    );
    expect((await listed(student, course.id)).is_meeting).toBe(1);
    await ok('/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: m.id }, teacher);
    expect((await listed(student, course.id)).is_meeting).toBe(0);
    expect(
      await call(app, '/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: m.id }, { token: student.token }),
    ).toMatchObject({ code: 40004 });
  });
});
