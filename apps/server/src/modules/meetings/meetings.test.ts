import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
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

// a 1×1 png
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
async function uploaded(who: Person, name: string, data: Buffer, image = false) {
  const res = await upload(app, '/UploadApi/uploadV2', who.token, image ? { type: 'image' } : {}, { name, data });
  if (res.status !== 1) throw new Error(`upload: ${res.code} ${res.message}`);
  return res.data.file.id as number;
}
/** What a signed address opens, fetched as a browser would (no token: the address names its holder). */
async function fetched(address: string) {
  const u = new URL(address);
  return app.inject({ method: 'GET', url: u.pathname + u.search });
}
const storedCover = async (id: number) =>
  (await db.database.db.select({ settings: contents.settings }).from(contents).where(eq(contents.id, id)))[0]!.settings.cover;

describe('the meeting cover (spec 2 §3 Meeting: cover)', () => {
  it('keeps a cover the teacher uploaded; members get it as an absolute address and a thumbnail in the list, the detail and getConductMeeting', async () => {
    const { teacher, student, course } = await setup();
    const pic = await uploaded(teacher, '封面.png', PNG, true);
    const made = await ok(
      '/Futurev2/TencentMeeting/addMeeting',
      form(course.id, { cover: String(pic), start_time: now() - 60, end_time: now() + 600 }),
      teacher,
    );
    expect(made.cover).toBe(pic);
    expect(made.cover_url).toMatch(new RegExp(`^http://[^/]+/FileApi/download\\?id=${pic}&.*&u=${teacher.uid}$`));
    expect(made.cover_thumb).toBe(`${made.cover_url}&thumb=1`);
    const list = (await ok('/Futurev2/TencentMeeting/getMeetingList', { courseid: course.id }, student)).list[0];
    const detail = await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: made.id }, student);
    const conduct = (await ok('/Futurev2/TencentMeeting/getConductMeeting', { courseid: course.id }, student)).list[0];
    for (const seen of [list, detail, conduct]) {
      expect(seen).toMatchObject({ id: made.id, cover: pic });
      expect(seen.cover_url).toMatch(new RegExp(`^http://[^/]+/FileApi/download\\?id=${pic}&.*&u=${student.uid}$`));
      expect(seen.cover_thumb).toBe(`${seen.cover_url}&thumb=1`);
    }
    // the student's addresses open the picture and its small copy
    const whole = await fetched(detail.cover_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    const thumb = await fetched(detail.cover_thumb);
    expect(thumb.statusCode).toBe(200);
    expect(String(thumb.headers['content-type'])).toMatch(/^image\//);
  });

  it('answers no cover as empty fields, and a meeting without one stays without', async () => {
    const { teacher, course } = await setup();
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    expect(made).toMatchObject({ cover: 0, cover_url: '', cover_thumb: '' });
    const edited = await ok('/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id, cover: '' }), teacher);
    expect(edited).toMatchObject({ cover: 0, cover_url: '' });
  });

  it("refuses another person's picture as the cover, naming the cover in Chinese and English, and writes nothing", async () => {
    const { teacher, stranger, course } = await setup();
    const theirs = await uploaded(stranger, '别人的.png', PNG, true);
    const before = await meetingRows(course.id);
    const res = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: theirs }), {
      token: teacher.token,
    });
    expect(res).toMatchObject({ status: 0, code: 40001, message: '会议封面只能用你自己上传的图片', data: null });
    expect(await meetingRows(course.id)).toBe(before);
    // an id no file has is refused alike
    const none = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: 2_000_000_000 }), {
      token: teacher.token,
    });
    expect(none.message).toBe('会议封面只能用你自己上传的图片');
    expect(await meetingRows(course.id)).toBe(before);

    const mine = await uploaded(teacher, '我的.png', PNG, true);
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: mine }), teacher);
    await ok('/UserApi/setLanguage', { lang: 'en' }, teacher);
    const edit = await call(
      app,
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: made.id, title: '改了名', cover: theirs }),
      { token: teacher.token },
    );
    expect(edit).toMatchObject({ status: 0, code: 40001, message: 'The meeting cover must be a picture you uploaded yourself' });
    const kept = await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: made.id }, teacher);
    expect(kept).toMatchObject({ title: '期中答疑', cover: mine });
    expect(await storedCover(made.id)).toBe(mine);
  });

  it('refuses a cover that is not a picture, and a value that is no id, naming the cover, and writes nothing', async () => {
    const { teacher, course } = await setup();
    const text = await uploaded(teacher, '封面.png.txt', Buffer.from('这不是图片'));
    const before = await meetingRows(course.id);
    const res = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: text }), {
      token: teacher.token,
    });
    expect(res).toMatchObject({ status: 0, code: 40001, message: '会议封面须是 PNG、JPEG、GIF、WebP 或 BMP 图片' });
    for (const bad of ['abc', -1, 1.5, 2_147_483_648]) {
      const refused = await call(app, '/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: bad }), {
        token: teacher.token,
      });
      expect(refused).toMatchObject({ status: 0, code: 40001, message: '会议封面应为你上传的图片' });
    }
    expect(await meetingRows(course.id)).toBe(before);
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id), teacher);
    await ok('/UserApi/setLanguage', { lang: 'en' }, teacher);
    const edit = await call(app, '/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id, cover: text }), {
      token: teacher.token,
    });
    expect(edit.message).toBe('The meeting cover must be a PNG, JPEG, GIF, WebP or BMP picture');
    expect(await storedCover(made.id)).toBe(0);
  });

  it('keeps the cover on an edit that leaves it out or sends it back (the assistant too), and removes it with 0', async () => {
    const { teacher, assistant, student, course } = await setup();
    const pic = await uploaded(teacher, '封面.png', PNG, true);
    const made = await ok('/Futurev2/TencentMeeting/addMeeting', form(course.id, { cover: pic }), teacher);
    const edited = await ok('/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id, title: '期末答疑' }), teacher);
    expect(edited).toMatchObject({ title: '期末答疑', cover: pic });
    // the teacher's picture is not the assistant's, but it is the meeting's own: sent back, it stays
    const byAssistant = await ok(
      '/Futurev2/TencentMeeting/editMeeting',
      form(course.id, { id: made.id, title: '助教改名', cover: pic }),
      assistant,
    );
    expect(byAssistant).toMatchObject({ title: '助教改名', cover: pic });
    const seen = await ok('/Futurev2/TencentMeeting/getMeetingDetail', { courseid: course.id, id: made.id }, student);
    expect((await fetched(seen.cover_url)).statusCode).toBe(200);
    const removed = await ok('/Futurev2/TencentMeeting/editMeeting', form(course.id, { id: made.id, cover: 0 }), teacher);
    expect(removed).toMatchObject({ cover: 0, cover_url: '', cover_thumb: '' });
    expect(await storedCover(made.id)).toBe(0);
    // the student's old address opens nothing once the picture is no longer the cover
    expect((await fetched(seen.cover_url)).json()).toMatchObject({ status: 0, code: 30401 });
    expect((await ok('/Futurev2/TencentMeeting/getMeetingList', { courseid: course.id }, student)).list[0]).toMatchObject({
      cover: 0,
      cover_url: '',
    });
  });
});
