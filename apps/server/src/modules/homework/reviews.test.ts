import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { contents, peerReviews } from '../../db/schema';
import { planReviews } from './reviews.service';

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
type Person = { token: string; uid: number; name: string };

async function peerHomework(students: number, extra: Record<string, unknown> = {}) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: Person[] = [];
  for (let i = 0; i < students; i++) {
    const name = `同学${String.fromCharCode(0x7532 + i)}`;
    const s = await registerUser(app, { username: name });
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push({ ...s, name });
  }
  const end = now() + 3600;
  const hw = (
    await call(
      app,
      '/HomeworkApi/addHomework',
      {
        courseid: course.id,
        title: '互评作业',
        type: 3,
        fullscore: 10,
        endtime: end,
        reviewers: 2,
        mincomment: 10,
        allowlate: 1,
        ...extra,
      },
      { token: teacher.token },
    )
  ).data;
  return { teacher, course, students: list, hw, end };
}

async function submitFile(s: Person, courseid: number, id: number) {
  const file = (await upload(app, '/UploadApi/uploadV2', s.token, {}, { name: 'work.txt', data: Buffer.from(`作业 ${s.uid}`) }))
    .data.file;
  return (await call(app, '/HomeworkApi/stuWorkSubmit', { courseid, id, fileids: [file.id] }, { token: s.token })).data
    .sid as number;
}

/** Passes the deadline: the item's end moves back and the due assignment job runs. */
async function deadline(id: number, end: number) {
  await app.ctx.db
    .update(contents)
    .set({ endAt: new Date(Date.now() - 1000) })
    .where(eq(contents.id, id));
  await app.ctx.jobs.runDue(new Date((end + 5) * 1000));
}

const review = (s: Person, courseid: number, id: number, rid: number, score: number, comment = '论证清楚，例子恰当，结构完整') =>
  call(app, '/HomeworkApi/submitReview', { courseid, id, rid, score, comment }, { token: s.token });

describe('peer review assignment', () => {
  it('assigns each submission its reviewers after the deadline: never the author, spread evenly, non-submitters included, stable', async () => {
    const { teacher, course, students, hw, end } = await peerHomework(5);
    const sids = new Map<number, number>();
    for (const s of students.slice(0, 4)) sids.set(s.uid, await submitFile(s, course.id, hw.id));
    expect(
      (await call(app, '/HomeworkApi/assignReviews', { courseid: course.id, id: hw.id }, { token: teacher.token })).code,
    ).toBe(30507);
    expect(
      (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: students[0]!.token })).data.list,
    ).toEqual([]);
    await deadline(hw.id, end);

    const rows = await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, hw.id));
    expect(rows).toHaveLength(8);
    for (const [uid, sid] of sids) {
      const mine = rows.filter((r) => r.submissionId === sid);
      expect(mine).toHaveLength(2);
      expect(mine.map((r) => r.reviewerId)).not.toContain(uid);
    }
    const loads = students.map((s) => rows.filter((r) => r.reviewerId === s.uid).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(loads[4]).toBeGreaterThan(0);

    // assigning again changes nothing; a late submission gets reviewers without moving the others
    expect(
      (await call(app, '/HomeworkApi/assignReviews', { courseid: course.id, id: hw.id }, { token: teacher.token })).data.added,
    ).toBe(0);
    const late = await submitFile(students[4]!, course.id, hw.id);
    await app.ctx.jobs.runDue(new Date(Date.now() + 5000));
    const after = await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, hw.id));
    expect(after).toHaveLength(10);
    for (const r of rows)
      expect(after.find((x) => x.id === r.id)).toMatchObject({ submissionId: r.submissionId, reviewerId: r.reviewerId });
    expect(after.filter((r) => r.submissionId === late).map((r) => r.reviewerId)).not.toContain(students[4]!.uid);
    // the reviewers were told, and have a to-do with the count
    const todo = (await call(app, '/Futurev2/Todo/getTodoList', { type: 4 }, { token: students[4]!.token })).data.list;
    expect(todo[0]).toMatchObject({ contentid: hw.id, msgtype: 1 });
    expect(todo[0].number).toBeGreaterThan(0);
  });
  it('gives every student of a class where all hand in exactly their share, whatever the ids', async () => {
    // the plan alone, over many ids: the tie-break mixes the homework's, the submissions' and the
    // students' ids, so every class size and reviewer count is tried under a thousand different mixes
    for (let contentId = 1; contentId <= 1000; contentId++) {
      const size = 2 + (contentId % 7);
      const reviewers = 1 + (contentId % Math.min(3, size - 1));
      const students = Array.from({ length: size }, (_, i) => contentId * 31 + i * 7);
      const plan = planReviews({
        contentId,
        reviewers,
        students,
        submissions: students.map((uid, i) => ({ id: contentId * 101 + i, authors: [uid] })),
        existing: [],
      });
      expect(plan).toHaveLength(size * reviewers);
      expect(students.map((uid) => plan.filter((r) => r.reviewerId === uid).length)).toEqual(students.map(() => reviewers));
      for (const [i, uid] of students.entries()) {
        const mine = plan.filter((r) => r.submissionId === contentId * 101 + i).map((r) => r.reviewerId);
        expect(new Set(mine).size).toBe(reviewers);
        expect(mine).not.toContain(uid);
      }
    }
    // and through the deadline's job, on three homeworks (three different ids)
    const teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    const students: Person[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await registerUser(app, { username: `互评${i}` });
      await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
      students.push({ ...s, name: `互评${i}` });
    }
    for (let h = 0; h < 3; h++) {
      const end = now() + 3600;
      const hw = (
        await call(
          app,
          '/HomeworkApi/addHomework',
          { courseid: course.id, title: `互评 ${h}`, type: 3, fullscore: 10, endtime: end, reviewers: 2, mincomment: 10 },
          { token: teacher.token },
        )
      ).data;
      for (const s of students) await submitFile(s, course.id, hw.id);
      await deadline(hw.id, end);
      const rows = await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, hw.id));
      expect(rows).toHaveLength(8);
      expect(students.map((s) => rows.filter((r) => r.reviewerId === s.uid).length)).toEqual([2, 2, 2, 2]);
    }
  });
});

describe('peer reviews', () => {
  it('refuses short comments, scores over full, a second review, others’ reviews and teachers reviewing', async () => {
    const { teacher, course, students, hw, end } = await peerHomework(3);
    for (const s of students) await submitFile(s, course.id, hw.id);
    await deadline(hw.id, end);
    const [a, b] = students as [Person, Person];
    const mine = (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: a.token })).data;
    expect(mine).toMatchObject({ anonymous: 1, mincomment: 10, fullscore: 10 });
    const rid = mine.list[0].rid;
    expect(await review(a, course.id, hw.id, rid, 8, '不错')).toMatchObject({
      status: 0,
      code: 40001,
      message: '评语至少 10 个字',
    });
    expect((await review(a, course.id, hw.id, rid, 11)).message).toBe('分数不能超过满分 10 分');
    expect((await review(a, course.id, hw.id, rid, 8)).data).toEqual({ rid, score: 8, reviewed: 1 });
    expect((await review(a, course.id, hw.id, rid, 9)).code).toBe(30508);
    // a review assigned to someone else (never one's own work) is refused
    const [others] = await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.reviewerId, b.uid));
    expect((await review(a, course.id, hw.id, others!.id, 8)).code).toBe(40003);
    expect(
      (
        await call(
          app,
          '/HomeworkApi/submitReview',
          { courseid: course.id, id: hw.id, rid, score: 5, comment: '老师来评一下这份作业' },
          { token: teacher.token },
        )
      ).code,
    ).toBe(40003);
  });

  it('never tells a student who reviewed them when the homework is anonymous', async () => {
    const { teacher, course, students, hw, end } = await peerHomework(4);
    const sids: number[] = [];
    for (const s of students) sids.push(await submitFile(s, course.id, hw.id));
    await deadline(hw.id, end);
    for (const s of students) {
      for (const r of (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: s.token })).data
        .list)
        await review(s, course.id, hw.id, r.rid, 7);
    }
    const author = students[0]!;
    // the peer average reaches the author with the score, once published
    expect(
      (await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id }, { token: author.token })).data
        .peeraverage,
    ).toBeNull();
    await call(app, '/HomeworkApi/publishScore', { courseid: course.id, id: hw.id }, { token: teacher.token });
    expect(
      (await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id }, { token: author.token })).data
        .peeraverage,
    ).toBe(7);
    const reviewers = (await app.ctx.db.select().from(peerReviews).where(eq(peerReviews.submissionId, sids[0]!))).map(
      (r) => students.find((s) => s.uid === r.reviewerId)!,
    );
    expect(reviewers).toHaveLength(2);
    const answers = [
      await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id }, { token: author.token }),
      await call(app, '/HomeworkApi/getHomework', { courseid: course.id, id: hw.id }, { token: author.token }),
      await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: author.token }),
      await call(app, '/HomeworkApi/stuWorkHistory', { courseid: course.id, id: hw.id }, { token: author.token }),
      await call(app, '/MessageApi/lists', {}, { token: author.token }),
      await call(app, '/Futurev2/Todo/getTodoList', {}, { token: author.token }),
    ];
    expect(answers[0]!.data.list).toHaveLength(2);
    for (const res of answers) {
      expect(res.status).toBe(1);
      const text = JSON.stringify(res.data);
      for (const r of reviewers) {
        expect(text).not.toContain(r.name);
        expect(text).not.toMatch(new RegExp(`"(reviewerid|uid)":${r.uid}\\b`));
      }
    }
    // and a reviewer is not told whose work they reviewed
    const asReviewer = JSON.stringify(
      (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: reviewers[0]!.token })).data,
    );
    expect(asReviewer).not.toContain(author.name);
    // the teacher sees everything
    const teacherView = (
      await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id, sid: sids[0] }, { token: teacher.token })
    ).data;
    expect(teacherView.list.map((r: { reviewer: string }) => r.reviewer).sort()).toEqual(reviewers.map((r) => r.name).sort());
  });

  it('names reviewers when the homework is not anonymous', async () => {
    const { course, students, hw, end } = await peerHomework(3, { anonymous: 0, reviewers: 1 });
    for (const s of students) await submitFile(s, course.id, hw.id);
    await deadline(hw.id, end);
    const [a] = students as [Person];
    const task = (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: a.token })).data.list[0];
    expect(task.username).toMatch(/^同学/);
    await review(a, course.id, hw.id, task.rid, 9);
    const author = students.find((s) => s.uid === task.uid)!;
    const detail = (await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id }, { token: author.token }))
      .data;
    expect(detail.list[0]).toMatchObject({ reviewer: a.name, score: 9 });
  });
});

describe('final scores of peer review', () => {
  it('averages the peer scores, lets the teacher override a review, and in mode 2 the teacher’s grade wins', async () => {
    for (const mode of [1, 2]) {
      const { teacher, course, students, hw, end } = await peerHomework(3, { scoremode: mode, reviewers: 2 });
      const sids: number[] = [];
      for (const s of students) sids.push(await submitFile(s, course.id, hw.id));
      await deadline(hw.id, end);
      const scores = [6, 8, 9, 7, 10, 5];
      let i = 0;
      for (const s of students) {
        for (const r of (await call(app, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, { token: s.token })).data
          .list)
          await review(s, course.id, hw.id, r.rid, scores[i++]!);
      }
      const target = sids[0]!;
      const detail = (
        await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id, sid: target }, { token: teacher.token })
      ).data;
      const [first, second] = detail.list as { rid: number; score: number }[];
      await call(
        app,
        '/HomeworkApi/overrideReview',
        { courseid: course.id, id: hw.id, rid: first!.rid, score: 4, comment: '老师调整' },
        { token: teacher.token },
      );
      const expected = Math.round(((4 + second!.score) / 2) * 10) / 10;
      expect(
        (await call(app, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id, sid: target }, { token: teacher.token }))
          .data.peeraverage,
      ).toBe(expected);
      await call(
        app,
        '/HomeworkApi/correct',
        { courseid: course.id, id: hw.id, sids: [target], score: 10 },
        { token: teacher.token },
      );
      await call(app, '/HomeworkApi/publishScore', { courseid: course.id, id: hw.id }, { token: teacher.token });
      const seen = (
        await call(app, '/HomeworkApi/getHomework', { courseid: course.id, id: hw.id }, { token: students[0]!.token })
      ).data.mine;
      expect(seen.score).toBe(mode === 2 ? 10 : expected);
    }
  });
});
