import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../../test/courses';
import { docxWithText } from '../../../../test/documents';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../../test/helpers';
import { dupViews, files, submissions, submissionTexts, users } from '../../../db/schema';
import type { Storage } from '../../../platform/storage';
import { essay, lightlyEdited } from './corpus';

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
const later = () => new Date(Date.now() + 10_000);

async function setting(students: number, extra: Record<string, unknown> = {}) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: { token: string; uid: number }[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  const hw = (
    await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '读书报告', endtime: now() + 86400, dupcheck: 1, dupceiling: 40, ...extra },
      { token: teacher.token },
    )
  ).data;
  return { teacher, course, students: list, hw };
}

async function hand(token: string, courseid: number, id: number, name: string, data: Buffer) {
  const file = (await upload(app, '/UploadApi/uploadV2', token, {}, { name, data })).data.file;
  const res = await call(app, '/HomeworkApi/stuWorkSubmit', { courseid, id, fileids: [file.id] }, { token });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data.sid as number;
}

describe('duplicate checking of submissions', () => {
  it('flags a lightly edited copy, flags no original, shows the passages, and says which formats it cannot read', async () => {
    const { teacher, course, students, hw } = await setting(5);
    const texts = [essay(101, 2000), essay(102, 2000), essay(103, 2000)];
    const sids = [
      await hand(students[0]!.token, course.id, hw.id, 'a.txt', Buffer.from(texts[0]!)),
      await hand(students[1]!.token, course.id, hw.id, 'b.docx', await docxWithText(texts[1]!.split('\n'))),
      await hand(students[2]!.token, course.id, hw.id, 'c.md', Buffer.from(texts[2]!)),
      await hand(students[3]!.token, course.id, hw.id, 'copy.txt', Buffer.from(lightlyEdited(texts[0]!))),
      await hand(students[4]!.token, course.id, hw.id, 'photo.zip', Buffer.from('PK\u0003\u0004 not text')),
    ];
    // waiting for a running check uses no view
    const before = (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: teacher.token }))
      .data;
    expect(before).toMatchObject({ done: 0, left: 10 });
    await app.ctx.jobs.runDue(later());

    const report = (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: teacher.token }))
      .data;
    expect(report).toMatchObject({ enabled: 1, done: 1, ceiling: 40, left: 9 });
    const row = (sid: number) => report.list.find((r: { sid: number }) => r.sid === sid);
    expect(row(sids[3]!)).toMatchObject({ flagged: 1, highestwith: { sid: sids[0] } });
    expect(row(sids[3]!).highest).toBeGreaterThanOrEqual(60);
    expect(row(sids[0]!).flagged).toBe(1);
    for (const sid of [sids[1]!, sids[2]!]) expect(row(sid)).toMatchObject({ flagged: 0, format: 'ok' });
    expect(row(sids[4]!)).toMatchObject({ format: 'unsupported', highest: 0 });
    expect(report.pairs).toHaveLength(1);

    const side = (
      await call(
        app,
        '/HomeworkApi/repeat',
        { courseid: course.id, id: hw.id, sid: sids[3], other: sids[0] },
        { token: teacher.token },
      )
    ).data;
    expect(side.a.sid).toBe(sids[3]);
    expect(side.passages.length).toBeGreaterThan(0);
    const p = side.passages[0];
    expect(p.a[1] - p.a[0]).toBeGreaterThan(5);
    expect(side.b.text.slice(p.b[0], p.b[1]).length).toBeGreaterThan(5);
    expect(
      (
        await call(
          app,
          '/HomeworkApi/repeat',
          { courseid: course.id, id: hw.id, sid: sids[1], other: sids[2] },
          { token: teacher.token },
        )
      ).code,
    ).toBe(40004);
    // students see no report
    expect(
      (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: students[0]!.token })).code,
    ).toBe(40003);
  });

  it('takes a report view once per version: reloads are free, the count is told before, a new version takes one', async () => {
    const { teacher, course, students, hw } = await setting(2);
    await hand(students[0]!.token, course.id, hw.id, 'a.txt', Buffer.from(essay(201, 800)));
    await hand(students[1]!.token, course.id, hw.id, 'b.txt', Buffer.from(lightlyEdited(essay(201, 800))));
    await app.ctx.jobs.runDue(later());
    const report = (open?: number) =>
      call(
        app,
        '/HomeworkApi/rechecking',
        { courseid: course.id, id: hw.id, ...(open === undefined ? {} : { open }) },
        {
          token: teacher.token,
        },
      );
    const rulesLeft = async () =>
      (await call(app, '/HomeworkApi/recheckRules', { courseid: course.id, id: hw.id }, { token: teacher.token })).data
        .homeworkleft;
    expect(
      (await call(app, '/HomeworkApi/recheckRules', { courseid: course.id, id: hw.id }, { token: teacher.token })).data,
    ).toMatchObject({ homeworkviews: 10, documentviews: 5, homeworkleft: 10, formats: ['txt', 'md', 'docx', 'pdf'] });

    // asked first (open 0): the views left before any is taken, and nothing of the report
    expect((await report(0)).data).toEqual({ enabled: 1, done: 1, opened: 0, ceiling: 40, left: 10, list: [], pairs: [] });
    expect(await rulesLeft()).toBe(10);
    // opened: one view
    const first = (await report()).data;
    expect(first).toMatchObject({ opened: 1, left: 9 });
    expect(first.list).toHaveLength(2);
    expect(first.pairs).toHaveLength(1);
    // the same version again (a reload, going back, asking first): no view, the same report
    for (const open of [1, undefined, 0]) expect((await report(open)).data).toEqual(first);
    expect(await rulesLeft()).toBe(9);

    // a resubmission makes a new version of the report: asked first it is not open, opening it takes a view
    await hand(students[1]!.token, course.id, hw.id, 'b2.txt', Buffer.from(essay(202, 800)));
    await app.ctx.jobs.runDue(later());
    expect((await report(0)).data).toMatchObject({ opened: 0, left: 9, list: [], pairs: [] });
    // two requests at once for it take one view between them
    const both = await Promise.all([report(1), report(1)]);
    expect(both.map((r) => r.data.left)).toEqual([8, 8]);
    expect((await report()).data).toMatchObject({ opened: 1, left: 8, pairs: [] });
    const [row] = await app.ctx.db
      .select()
      .from(dupViews)
      .where(and(eq(dupViews.userId, teacher.uid), eq(dupViews.contentId, hw.id), eq(dupViews.submissionId, 0)));
    expect(row).toMatchObject({ used: 2 });
    expect(row!.seen).toHaveLength(2);
  });

  it('takes a document view once per pair: reloads are free, a new pair takes one, each document counts its own', async () => {
    const { teacher, course, students, hw } = await setting(3);
    const original = essay(211, 800);
    const a = await hand(students[0]!.token, course.id, hw.id, 'a.txt', Buffer.from(original));
    const b = await hand(students[1]!.token, course.id, hw.id, 'b.txt', Buffer.from(lightlyEdited(original)));
    const c = await hand(students[2]!.token, course.id, hw.id, 'c.txt', Buffer.from(lightlyEdited(lightlyEdited(original))));
    await app.ctx.jobs.runDue(later());
    const repeat = (sid: number, other: number, open?: number) =>
      call(
        app,
        '/HomeworkApi/repeat',
        { courseid: course.id, id: hw.id, sid, other, ...(open === undefined ? {} : { open }) },
        { token: teacher.token },
      );

    // asked first: the views left, the names and the similarity, not the texts
    const ask = (await repeat(a, b, 0)).data;
    expect(ask).toMatchObject({ opened: 0, left: 5, a: { sid: a, text: '' }, b: { sid: b, text: '' }, passages: [] });
    expect(ask.similarity).toBeGreaterThan(40);
    const opened = (await repeat(a, b)).data;
    expect(opened).toMatchObject({ opened: 1, left: 4 });
    expect(opened.a.text).toContain(original.slice(0, 20));
    expect(opened.passages.length).toBeGreaterThan(0);
    // the same pair again: free, the same comparison
    for (const open of [1, undefined, 0]) expect((await repeat(a, b, open)).data).toEqual(opened);
    // another pair of the same document takes one of its views
    expect((await repeat(a, c, 0)).data).toMatchObject({ opened: 0, left: 4 });
    expect((await repeat(a, c)).data).toMatchObject({ opened: 1, left: 3 });
    expect((await repeat(a, b)).data.left).toBe(3);
    // another document has its own views
    expect((await repeat(b, a)).data).toMatchObject({ opened: 1, left: 4 });
  });

  it('refuses only what was never opened once the views are used up, with a message that promises nothing to buy; VIP has no limit', async () => {
    const { teacher, course, students, hw } = await setting(3);
    const original = essay(221, 800);
    const a = await hand(students[0]!.token, course.id, hw.id, 'a.txt', Buffer.from(original));
    const b = await hand(students[1]!.token, course.id, hw.id, 'b.txt', Buffer.from(lightlyEdited(original)));
    const c = await hand(students[2]!.token, course.id, hw.id, 'c.txt', Buffer.from(lightlyEdited(lightlyEdited(original))));
    await app.ctx.jobs.runDue(later());
    const body = { courseid: course.id, id: hw.id };
    const seen = (await call(app, '/HomeworkApi/rechecking', body, { token: teacher.token })).data;
    await call(app, '/HomeworkApi/repeat', { ...body, sid: a, other: b }, { token: teacher.token });
    // every view used elsewhere
    await app.ctx.db
      .update(dupViews)
      .set({ used: 10 })
      .where(and(eq(dupViews.userId, teacher.uid), eq(dupViews.submissionId, 0)));
    await app.ctx.db
      .update(dupViews)
      .set({ used: 5 })
      .where(and(eq(dupViews.userId, teacher.uid), eq(dupViews.submissionId, a)));
    // what was opened stays open
    expect((await call(app, '/HomeworkApi/rechecking', body, { token: teacher.token })).data).toEqual({ ...seen, left: 0 });
    expect((await call(app, '/HomeworkApi/repeat', { ...body, sid: a, other: b }, { token: teacher.token })).data).toMatchObject({
      opened: 1,
      left: 0,
    });
    // a new pair: told first that none is left, refused when opened, and nothing written
    expect(
      (await call(app, '/HomeworkApi/repeat', { ...body, sid: a, other: c, open: 0 }, { token: teacher.token })).data,
    ).toMatchObject({ opened: 0, left: 0 });
    expect(await call(app, '/HomeworkApi/repeat', { ...body, sid: a, other: c }, { token: teacher.token })).toMatchObject({
      status: 0,
      code: 30505,
      message: '查重查看次数已用完：已打开过的报告和对比仍可查看',
    });
    // a new version of the report likewise
    await hand(students[2]!.token, course.id, hw.id, 'c2.txt', Buffer.from(essay(222, 800)));
    await app.ctx.jobs.runDue(later());
    expect(await call(app, '/HomeworkApi/rechecking', body, { token: teacher.token })).toMatchObject({ status: 0, code: 30505 });
    const rows = await app.ctx.db.select().from(dupViews).where(eq(dupViews.userId, teacher.uid));
    expect(rows.map((r) => [r.submissionId, r.used, r.seen.length]).sort()).toEqual(
      [
        [0, 10, 1],
        [a, 5, 1],
      ].sort(),
    );

    const [me] = await app.ctx.db.select().from(users).where(eq(users.id, teacher.uid));
    await app.ctx.db.update(users).set({ isvip: 1 }).where(eq(users.id, me!.id));
    await app.ctx.sessions.forgetUser(me!.id); // as the services do after changing a user
    expect((await call(app, '/HomeworkApi/rechecking', body, { token: teacher.token })).data).toMatchObject({
      opened: 1,
      left: -1,
    });
    expect((await call(app, '/HomeworkApi/repeat', { ...body, sid: b, other: a }, { token: teacher.token })).data).toMatchObject({
      opened: 1,
      left: -1,
    });
  });

  it('runs as a durable job after a restart and re-reads only what changed', async () => {
    const { teacher, course, students, hw } = await setting(3);
    const a = await hand(students[0]!.token, course.id, hw.id, 'a.txt', Buffer.from(essay(301, 800)));
    const b = await hand(students[1]!.token, course.id, hw.id, 'b.txt', Buffer.from(essay(302, 800)));
    // a second instance over the same database and the same file storage
    const second = await testApp(db, { DATA_DIR: app.ctx.config.dataDir });
    try {
      expect(await second.ctx.jobs.runDue(later())).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect(
      (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: teacher.token })).data,
    ).toMatchObject({ done: 1, pairs: [] });
    // a marker in a's stored text shows whether a is read again
    await app.ctx.db.update(submissionTexts).set({ format: 'ok', text: 'MARKER' }).where(eq(submissionTexts.submissionId, a));
    await hand(students[1]!.token, course.id, hw.id, 'b2.txt', Buffer.from(lightlyEdited(essay(301, 800))));
    await hand(students[2]!.token, course.id, hw.id, 'c.txt', Buffer.from(essay(303, 800)));
    await app.ctx.jobs.runDue(later());
    const texts = await app.ctx.db.select().from(submissionTexts);
    expect(texts.find((t) => t.submissionId === a)!.text).toBe('MARKER');
    expect(texts.find((t) => t.submissionId === b)!.version).toBe(2);
    const report = (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: teacher.token }))
      .data;
    expect(report.pairs.map((p: { a: { sid: number }; b: { sid: number } }) => [p.a.sid, p.b.sid])).toEqual([[a, b]]);
  });

  it('compares with earlier homework of the course when asked', async () => {
    const { teacher, course, students, hw } = await setting(2);
    const original = essay(401, 800);
    const old = await hand(students[0]!.token, course.id, hw.id, 'old.txt', Buffer.from(original));
    await app.ctx.jobs.runDue(later());
    const next = (
      await call(
        app,
        '/HomeworkApi/addHomework',
        { courseid: course.id, title: '第二次', endtime: now() + 86400, dupcheck: 1, dupcoursewide: 1 },
        { token: teacher.token },
      )
    ).data;
    const copy = await hand(students[1]!.token, course.id, next.id, 'new.txt', Buffer.from(lightlyEdited(original)));
    await app.ctx.jobs.runDue(later());
    const report = (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: next.id }, { token: teacher.token }))
      .data;
    expect(report.list).toEqual([
      expect.objectContaining({ sid: copy, flagged: 1, highestwith: expect.objectContaining({ sid: old, earlier: 1 }) }),
    ]);
  });

  it('skips what it cannot read without reading it, reads only the head of a file that is not what its name says, and caps a text', async () => {
    const { teacher, course, students, hw } = await setting(4);
    const essayText = essay(501, 4000);
    const sids = [
      await hand(students[0]!.token, course.id, hw.id, 'lecture.mp4', Buffer.from('\u0000\u0000\u0000 ftypisom video')),
      await hand(students[1]!.token, course.id, hw.id, 'notes.txt', Buffer.from('\u0000\u0000\u0000 ftypisom renamed video')),
      await hand(students[2]!.token, course.id, hw.id, 'scan.pdf', Buffer.from('%PDF-1.4 a scan')),
      await hand(students[3]!.token, course.id, hw.id, 'essay.txt', Buffer.from(essayText)),
    ];
    // each stored file grows to 256 MB (sparse: zeros that take no disk), as a large upload would be
    const BIG = 256 * 1024 * 1024;
    const subs = await app.ctx.db.select().from(submissions).where(inArray(submissions.id, sids));
    const rows = await app.ctx.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          subs.flatMap((s) => s.fileIds),
        ),
      );
    for (const f of rows) {
      fs.truncateSync(path.join(app.ctx.config.dataDir, 'files', f.storageKey), BIG);
      await app.ctx.db.update(files).set({ size: BIG }).where(eq(files.id, f.id));
    }
    const keyOf = (sid: number) => rows.find((f) => f.id === subs.find((s) => s.id === sid)!.fileIds[0])!.storageKey;

    // the storage counts every byte read through it, per stored object
    const real = app.ctx.storage;
    const readBytes = new Map<string, number>();
    const counting: Storage = {
      put: (...a) => real.put(...a),
      exists: (key) => real.exists(key),
      delete: (key) => real.delete(key),
      get: async (key, range) => {
        const counter = new Transform({
          transform(piece: Buffer, _enc, done) {
            readBytes.set(key, (readBytes.get(key) ?? 0) + piece.length);
            done(null, piece);
          },
        });
        const source = await real.get(key, range);
        counter.on('close', () => source.destroy());
        return source.pipe(counter);
      },
    };
    app.ctx.storage = counting;
    try {
      await app.ctx.jobs.runDue(later());
    } finally {
      app.ctx.storage = real;
    }

    const report = (await call(app, '/HomeworkApi/rechecking', { courseid: course.id, id: hw.id }, { token: teacher.token }))
      .data;
    const format = (sid: number) => report.list.find((r: { sid: number }) => r.sid === sid)?.format;
    // a video is not opened at all
    expect(format(sids[0]!)).toBe('unsupported');
    expect(readBytes.get(keyOf(sids[0]!)) ?? 0).toBe(0);
    // a video named .txt: its head shows it is no text, and nothing more is read
    expect(format(sids[1]!)).toBe('failed');
    expect(readBytes.get(keyOf(sids[1]!))).toBeLessThanOrEqual(8 * 1024);
    // a PDF over the cap is not read
    expect(format(sids[2]!)).toBe('failed');
    expect(readBytes.get(keyOf(sids[2]!)) ?? 0).toBe(0);
    // a large text gives its text, read only up to the cap
    expect(format(sids[3]!)).toBe('ok');
    expect(readBytes.get(keyOf(sids[3]!))).toBeLessThanOrEqual(8 * 1024 + 800_000);
    const [stored] = await app.ctx.db.select().from(submissionTexts).where(eq(submissionTexts.submissionId, sids[3]!));
    expect(stored!.text.startsWith(essayText)).toBe(true);
  });
});
