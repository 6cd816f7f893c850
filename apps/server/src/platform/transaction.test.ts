import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../test/helpers';
import { files, homeworks, jobs, messageNotices, peerReviews, submissions } from '../db/schema';
import { queueConversions } from '../modules/files/convert';
import { inTransaction } from './transaction';

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

/**
 * Makes the database refuse writes to a table (those matching `when`, over NEW) until the answered
 * function is called: a failure in the middle of a service's work, where the code cannot be bent.
 */
async function refuseWrites(table: string, when = 'true') {
  const name = `paiclass_test_refuse_${randomBytes(4).toString('hex')}`;
  await db.database.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`),
  );
  await db.database.db.execute(
    sql.raw(`create trigger ${name} before insert or update on ${table} for each row when (${when}) execute function ${name}()`),
  );
  return async () => {
    await db.database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.database.db.execute(sql.raw(`drop function ${name}()`));
  };
}

const now = () => Math.floor(Date.now() / 1000);
const hwCall = (path: string, token: string, body: Record<string, unknown>) => call(app, `/HomeworkApi/${path}`, body, { token });

async function classHomework(students: number, extra: Record<string, unknown> = {}) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: { token: string; uid: number }[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  const hw = await hwCall('addHomework', teacher.token, {
    courseid: course.id,
    title: '第一次作业',
    content: '<p>写一篇短文</p>',
    fullscore: 10,
    endtime: now() + 86400,
    ...extra,
  });
  if (hw.status !== 1) throw new Error(`${hw.code} ${hw.message}`);
  const sids: number[] = [];
  for (const s of list) {
    const file = (
      await upload(
        app,
        '/UploadApi/uploadV2',
        s.token,
        {},
        { name: 'essay.txt', data: Buffer.from(`作业 ${randomBytes(8).toString('hex')}`) },
      )
    ).data.file;
    const res = await hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.data.id, fileids: [file.id] });
    sids.push(res.data.sid);
  }
  return { teacher, course, students: list, id: hw.data.id as number, sids };
}

describe('one transaction across services', () => {
  it('commits writes, queued jobs and bus messages together, or none of them', async () => {
    const heard: unknown[] = [];
    const topic = `test:${randomBytes(4).toString('hex')}`;
    const stop = await app.ctx.bus.subscribe(topic, (m) => heard.push(m));
    const key = `tx-${randomBytes(4).toString('hex')}`;
    await expect(
      inTransaction(app.ctx, async (tx) => {
        await tx.jobs.schedule('test', new Date(), {}, key);
        await tx.bus.publish(topic, { n: 1 });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.database.db.select().from(jobs).where(eq(jobs.key, key))).toEqual([]);
    expect(heard).toEqual([]);

    await inTransaction(app.ctx, async (tx) => {
      await tx.jobs.schedule('test', new Date(Date.now() + 3600_000), {}, key);
      await tx.bus.publish(topic, { n: 2 });
      // held until the commit
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([]);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.database.db.select().from(jobs).where(eq(jobs.key, key))).toHaveLength(1);
    expect(heard).toEqual([{ n: 2 }]);
    await stop();
  });
});

describe('publishing scores', () => {
  it('publishes nothing when telling the students fails', async () => {
    const { teacher, course, students, id, sids } = await classHomework(1);
    expect((await hwCall('correct', teacher.token, { courseid: course.id, id, sids, score: 8 })).data.count).toBe(1);
    const allow = await refuseWrites('message_notices');
    try {
      expect((await hwCall('publishScore', teacher.token, { courseid: course.id, id })).status).toBe(0);
    } finally {
      await allow();
    }
    const [hw] = await db.database.db.select().from(homeworks).where(eq(homeworks.contentId, id));
    expect(hw!.scoresPublished).toBe(false);
    const [s] = await db.database.db.select().from(submissions).where(eq(submissions.id, sids[0]!));
    expect(s!.scorePublished).toBe(false);
    // the student still sees no score
    expect((await hwCall('getHomework', students[0]!.token, { courseid: course.id, id })).data.mine.score).toBeNull();

    // the same call without the failure publishes and tells
    expect((await hwCall('publishScore', teacher.token, { courseid: course.id, id })).data.count).toBe(1);
    const notices = await db.database.db
      .select()
      .from(messageNotices)
      .where(and(eq(messageNotices.userId, students[0]!.uid), eq(messageNotices.contentId, id)));
    expect(notices.map((n) => n.action)).toContain('homework_scored');
  });

  it('settles no peer score when settling fails half-way', async () => {
    const { teacher, course, students, id, sids } = await classHomework(2, { type: 3, reviewers: 1, mincomment: 1 });
    const [a, b] = [students[0]!, students[1]!];
    await db.database.db.insert(peerReviews).values([
      { contentId: id, submissionId: sids[0]!, reviewerId: b.uid, score: 7, comment: '好', reviewedAt: new Date() },
      { contentId: id, submissionId: sids[1]!, reviewerId: a.uid, score: 9, comment: '好', reviewedAt: new Date() },
    ]);
    // the second submission's score cannot be written: the first one's is, just before
    const allow = await refuseWrites('submissions', `new.id = ${sids[1]} and new.status = 3`);
    try {
      expect((await hwCall('publishScore', teacher.token, { courseid: course.id, id })).status).toBe(0);
    } finally {
      await allow();
    }
    const rows = await db.database.db.select().from(submissions).where(eq(submissions.contentId, id));
    expect(rows.map((r) => [r.status, r.score, r.scorePublished])).toEqual([
      [1, null, false],
      [1, null, false],
    ]);
    const [hw] = await db.database.db.select().from(homeworks).where(eq(homeworks.contentId, id));
    expect(hw!.scoresPublished).toBe(false);

    expect((await hwCall('publishScore', teacher.token, { courseid: course.id, id })).data.count).toBe(2);
    const settled = await db.database.db.select().from(submissions).where(eq(submissions.contentId, id));
    expect(settled.map((r) => r.score).sort()).toEqual([7, 9]);
  });
});

describe('queueing conversions', () => {
  async function officeFile() {
    const owner = await registerUser(app);
    const [f] = await db.database.db
      .insert(files)
      .values({
        ownerId: owner.uid,
        md5: randomBytes(16).toString('hex'),
        size: 10,
        name: '讲义.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        storageKey: `test/${randomBytes(6).toString('hex')}`,
      })
      .returning();
    return f!;
  }
  const state = async (fileId: number) =>
    (await db.database.db.select({ s: files.pdfState }).from(files).where(eq(files.id, fileId)))[0]!.s;
  const jobOf = (fileId: number) =>
    db.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `convert:${fileId}`));

  it('leaves a file unconverted, not pending for ever, when its job cannot be queued', async () => {
    const f = await officeFile();
    const allow = await refuseWrites('jobs');
    try {
      await expect(queueConversions(app.ctx, [f.id])).rejects.toThrow();
    } finally {
      await allow();
    }
    expect(await state(f.id)).toBe(0);
    expect(await jobOf(f.id)).toEqual([]);
    // queued again later, it converts
    await queueConversions(app.ctx, [f.id]);
    expect(await state(f.id)).toBe(1);
    expect(await jobOf(f.id)).toHaveLength(1);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const f = await officeFile();
    await expect(
      inTransaction(app.ctx, async (tx) => {
        await queueConversions(tx, [f.id]);
        throw new Error('the submission failed');
      }),
    ).rejects.toThrow('the submission failed');
    expect(await state(f.id)).toBe(0);
    expect(await jobOf(f.id)).toEqual([]);
  });
});
