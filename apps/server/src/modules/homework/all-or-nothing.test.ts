import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { refuseWrites } from '../../../test/refuse-writes';
import { contentProgress, contents, homeworkCalls, submissionMembers, submissions, submissionVersions } from '../../db/schema';

/*
 * Issue 11 (5): a homework call that fails part-way changes nothing — its rows, the notices it sends
 * and the jobs it queues are one transaction. A failure is injected where the code cannot be bent:
 * the database refuses one of the writes.
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
type Person = { token: string; uid: number };
const hwCall = (path: string, token: string, body: Record<string, unknown>) => call(app, `/HomeworkApi/${path}`, body, { token });
const failed = { status: 0, code: 50000 };

async function classroom(extra: Record<string, unknown> = {}) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const student: Person = await registerUser(app);
  await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
  const hw = (
    await hwCall('addHomework', teacher.token, { courseid: course.id, title: '作业', endtime: now() + 86400, ...extra })
  ).data as { id: number };
  return { teacher, course, student, hw };
}

async function submitted(extra: Record<string, unknown> = {}) {
  const room = await classroom(extra);
  const file = (
    await upload(
      app,
      '/UploadApi/uploadV2',
      room.student.token,
      {},
      { name: 'a.txt', data: Buffer.from(randomBytes(8).toString('hex')) },
    )
  ).data.file.id as number;
  const sub = (await hwCall('stuWorkSubmit', room.student.token, { courseid: room.course.id, id: room.hw.id, fileids: [file] }))
    .data;
  return { ...room, file, sub };
}

const rowsOf = async (contentId: number) => app.ctx.db.select().from(submissions).where(eq(submissions.contentId, contentId));

describe('a homework call that fails part-way changes nothing', () => {
  it('submits nothing when its duplicate check cannot be queued', async () => {
    const { course, student, hw } = await classroom({ dupcheck: 1 });
    const file = (
      await upload(
        app,
        '/UploadApi/uploadV2',
        student.token,
        {},
        { name: 'a.txt', data: Buffer.from(randomBytes(8).toString('hex')) },
      )
    ).data.file.id as number;
    const restore = await refuseWrites(db, 'jobs', { when: "NEW.kind = 'homework.dupcheck'" });
    try {
      expect(await hwCall('stuWorkSubmit', student.token, { courseid: course.id, id: hw.id, fileids: [file] })).toMatchObject(
        failed,
      );
    } finally {
      await restore();
    }
    expect(await rowsOf(hw.id)).toEqual([]);
    expect(await app.ctx.db.select().from(submissionVersions)).not.toContainEqual(
      expect.objectContaining({ userId: student.uid }),
    );
    expect(await app.ctx.db.select().from(submissionMembers).where(eq(submissionMembers.userId, student.uid))).toEqual([]);
    expect(await app.ctx.db.select().from(contentProgress).where(eq(contentProgress.contentId, hw.id))).toEqual([]);
    // and it goes through once the queue takes jobs again
    expect((await hwCall('stuWorkSubmit', student.token, { courseid: course.id, id: hw.id, fileids: [file] })).status).toBe(1);
  });

  it('grades nothing when the students cannot be told of their published score', async () => {
    const { teacher, course, hw, sub } = await submitted();
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });
    const restore = await refuseWrites(db, 'message_notices');
    try {
      expect(
        await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sub.sid], score: 90 }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect((await rowsOf(hw.id))[0]).toMatchObject({ status: 1, score: null, scorePublished: false });
  });

  it('returns nothing when the students cannot be told it was returned', async () => {
    const { teacher, course, hw, sub } = await submitted();
    const restore = await refuseWrites(db, 'message_notices');
    try {
      expect(
        await hwCall('repulse', teacher.token, { courseid: course.id, id: hw.id, sids: [sub.sid], reason: '请补充' }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect((await rowsOf(hw.id))[0]).toMatchObject({ status: 1, returnReason: '' });
  });

  it('records no reminder when the students cannot be reminded', async () => {
    const { teacher, course, hw } = await classroom();
    const restore = await refuseWrites(db, 'message_notices');
    try {
      expect(await hwCall('call', teacher.token, { courseid: course.id, id: hw.id })).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(await app.ctx.db.select().from(homeworkCalls).where(eq(homeworkCalls.contentId, hw.id))).toEqual([]);
  });

  it('adds no peer-review homework when its reviewer assignment cannot be scheduled', async () => {
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const restore = await refuseWrites(db, 'jobs', { when: "NEW.kind = 'homework.assignReviews'" });
    try {
      expect(
        await hwCall('addHomework', teacher.token, { courseid: course.id, title: '互评作业', type: 3, endtime: now() + 86400 }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    expect(await app.ctx.db.select().from(contents).where(eq(contents.courseId, course.id))).toEqual([]);
  });

  it('keeps the settings and deadline when turning on duplicate checking cannot queue the check', async () => {
    const { teacher, course, hw } = await classroom();
    const [before] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
    const restore = await refuseWrites(db, 'jobs', { when: "NEW.kind = 'homework.dupcheck'" });
    try {
      expect(
        await hwCall('editHomework', teacher.token, {
          courseid: course.id,
          id: hw.id,
          title: '改过的标题',
          endtime: now() + 2 * 86400,
          dupcheck: 1,
        }),
      ).toMatchObject(failed);
    } finally {
      await restore();
    }
    const [after] = await app.ctx.db.select().from(contents).where(eq(contents.id, hw.id));
    expect(after).toMatchObject({ title: before!.title, endAt: before!.endAt });
    expect((await hwCall('getHomework', teacher.token, { courseid: course.id, id: hw.id })).data.settings.dupcheck).toBe(0);
  });
});
