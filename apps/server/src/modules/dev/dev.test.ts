import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { contents, jobs, peerReviews, submissions } from '../../db/schema';

/**
 * `/DevApi/runDueJobs` (decision 017): journeys run background jobs now instead of sleeping until their
 * time. Development mode and this machine only; in production, or from any other address, it is a path
 * that does not exist and nothing runs.
 */

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
const LOCAL = '127.0.0.1';
const runDueJobs = (body: Record<string, unknown>, ip = LOCAL) => call(app, '/DevApi/runDueJobs', body, { ip });

/** A course with a peer-review homework due in an hour, handed in by three of its four students. */
async function peerHomework() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const students: { token: string; uid: number }[] = [];
  for (let i = 0; i < 4; i++) {
    const s = await registerUser(app, { username: `同学${i + 1}` });
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    students.push(s);
  }
  const end = now() + 3600;
  const hw = (
    await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '互评作业', type: 3, fullscore: 10, endtime: end, reviewers: 2, allowlate: 1, publish: 1 },
      { token: teacher.token },
    )
  ).data as { id: number };
  for (const s of students.slice(0, 3)) {
    const file = (await upload(app, '/UploadApi/uploadV2', s.token, {}, { name: 'work.txt', data: Buffer.from(`作业 ${s.uid}`) }))
      .data.file;
    const sent = await call(
      app,
      '/HomeworkApi/stuWorkSubmit',
      { courseid: course.id, id: hw.id, fileids: [file.id] },
      { token: s.token },
    );
    expect(sent.status).toBe(1);
  }
  return { teacher, course, students, hw, end };
}

const pendingOf = (key: string) =>
  app.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt)));

describe('/DevApi/runDueJobs', () => {
  it('passes a deadline an hour away at once: the end and the reviews run, the deadline is now, later work is late', async () => {
    const { teacher, course, students, hw, end } = await peerHomework();
    // another course's homework due in the same hour is left alone
    const other = await peerHomework();
    // before: the teacher cannot assign yet
    expect(
      (await call(app, '/HomeworkApi/assignReviews', { courseid: course.id, id: hw.id }, { token: teacher.token })).code,
    ).toBe(30507);

    const res = await runDueJobs({ contentid: hw.id, ahead: 3700 });
    expect(res.status).toBe(1);
    expect(res.data.ran).toBe(2);
    expect(res.data.list.map((j: { kind: string }) => j.kind).sort()).toEqual(['content.end', 'homework.assignReviews']);
    for (const job of res.data.list) expect(job).toMatchObject({ done: 1, error: '', runtime: end });

    // the reviews were assigned by the job, the item ended, its deadline is now
    const reviews = await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, hw.id));
    expect(reviews).toHaveLength(6);
    const [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
    expect(item!.publishState).toBe(3);
    expect(item!.endAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(item!.endAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // the fourth student's work is now late, as after the real deadline
    const last = students[3]!;
    const file = (await upload(app, '/UploadApi/uploadV2', last.token, {}, { name: 'late.txt', data: Buffer.from('迟交') })).data
      .file;
    await call(app, '/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [file.id] }, { token: last.token });
    const [late] = await app.ctx.db.select().from(submissions).where(eq(submissions.userId, last.uid));
    expect(late!.overtime).toBe(true);

    // the other course's homework still waits for its own hour
    const [otherItem] = await app.ctx.db.select().from(contents).where(eq(contents.id, other.hw.id));
    expect(otherItem!.endAt!.getTime()).toBe(other.end * 1000);
    expect(await pendingOf(`content-end:${other.hw.id}`)).toHaveLength(1);
    expect(await pendingOf(`reviews:${other.hw.id}`)).toHaveLength(1);
    expect(await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, other.hw.id))).toHaveLength(0);
  });

  it('publishes a scheduled item of a course now, then ends it, when both times fall within the look ahead', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const added = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      {
        courseid: course.id,
        contenttype: 7,
        title: '下周的通知',
        content: '<p>下周一停课。</p>',
        publish: 2,
        publish_time: now() + 86400,
        endtime: now() + 2 * 86400,
      },
      { token: teacher.token },
    );
    expect(added.status).toBe(1);
    const id = added.data.id as number;
    // a day ahead reaches the publish time only
    expect((await runDueJobs({ courseid: course.id, ahead: 86400 + 60 })).data.list.map((j: { kind: string }) => j.kind)).toEqual(
      ['content.publish'],
    );
    let [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, id));
    expect(item!.publishState).toBe(2);
    expect(item!.publishAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // two days ahead reaches its end
    expect((await runDueJobs({ courseid: course.id, kind: 'content.end', ahead: 2 * 86400 + 60 })).data).toMatchObject({
      ran: 1,
      list: [{ kind: 'content.end', key: `content-end:${id}`, done: 1 }],
    });
    [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, id));
    expect(item!.publishState).toBe(3);
  });

  it('runs only what is due without a look ahead, and refuses a look ahead with no course or item, changing nothing', async () => {
    const { course, hw, end } = await peerHomework();
    const all = await runDueJobs({});
    expect(all.status).toBe(1);
    expect(all.data.list.map((j: { key: string }) => j.key)).not.toContain(`content-end:${hw.id}`);
    const refused = await runDueJobs({ ahead: 3700 });
    expect(refused).toMatchObject({ status: 0, code: 40001 });
    expect(refused.message).toContain('courseid');
    expect((await call(app, '/DevApi/runDueJobs', { ahead: 3700 }, { ip: LOCAL, lang: 'en' })).message).toBe(
      'Running jobs ahead of time needs a course (courseid) or an item (contentid)',
    );
    const tooFar = await runDueJobs({ courseid: course.id, ahead: 10 ** 9 });
    expect(tooFar).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：ahead' });
    const [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
    expect(item!.endAt!.getTime()).toBe(end * 1000);
    expect(await pendingOf(`content-end:${hw.id}`)).toHaveLength(1);
  });

  it('is a path that does not exist for any other address, and runs nothing', async () => {
    const { hw, end } = await peerHomework();
    const absent = await app.inject({ method: 'POST', url: '/DevApi/noSuchCall', payload: {}, remoteAddress: '10.1.2.3' });
    for (const address of ['10.1.2.3', '192.168.0.7', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) {
      const res = await app.inject({
        method: 'POST',
        url: '/DevApi/runDueJobs',
        payload: { contentid: hw.id, ahead: 3700 },
        remoteAddress: address,
        // a forwarded-for header naming loopback changes nothing: the socket decides
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(absent.json());
    }
    const [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
    expect(item!.endAt!.getTime()).toBe(end * 1000);
    expect(await pendingOf(`reviews:${hw.id}`)).toHaveLength(1);
    expect(await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, hw.id))).toHaveLength(0);
  });

  it('does not exist in production mode, even on this machine', async () => {
    const prod = await testApp(db, { MODE: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', SECRET: 'x'.repeat(40) });
    try {
      const teacher = await newTeacher(app);
      const course = await newCourse(app, teacher.token);
      const end = now() + 3600;
      const hw = (
        await call(
          app,
          '/HomeworkApi/addHomework',
          { courseid: course.id, title: '作业', type: 1, fullscore: 10, endtime: end, publish: 1 },
          { token: teacher.token },
        )
      ).data as { id: number };
      const res = await prod.inject({
        method: 'POST',
        url: '/DevApi/runDueJobs',
        payload: { contentid: hw.id, ahead: 3700 },
        remoteAddress: LOCAL,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, code: 40004 });
      const doc = (await prod.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/DevApi'))).toEqual([]);
      const [item] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
      expect(item!.endAt!.getTime()).toBe(end * 1000);
      expect(item!.publishState).toBe(2);
      expect(await pendingOf(`content-end:${hw.id}`)).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });
});
