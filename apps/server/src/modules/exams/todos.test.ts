import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { contents } from '../../db/schema';

/** Tests in the to-do lists (issue 14, spec 1 §3): what a student still has to take, what a teacher still has to grade. */

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 2);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i: number) => room.students[i]!;
const todos = async (who: Person) =>
  must(await call(app, '/Futurev2/Todo/getTodoList', { type: 6 }, { token: who.token }), 'todos').list as {
    contentid: number;
    msgtype: number;
    number: number;
    activitylabel: string;
  }[];

/** A published test of a short answer (graded by hand), its papers prepared. */
async function published(settings: Record<string, unknown> = {}) {
  const q = must(
    await call(
      app,
      '/QuestionBankApi/addQuestion',
      { courseid: room.courseid, type: 4, title: '<p>简答</p>', score: 5 },
      { token: room.owner.token },
    ),
    'q',
  );
  const made = must(
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '测验', fixed: [q.id], ...settings }),
    'paper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  return made.id as number;
}

describe('tests in the to-do lists', () => {
  it("lists a student's open test until handed in, and a teacher's test while papers wait for a grade, with their count", async () => {
    const id = await published();
    expect((await todos(stu(0))).find((t) => t.contentid === id)).toMatchObject({ msgtype: 1, activitylabel: '测试' });
    expect((await todos(room.owner)).some((t) => t.contentid === id)).toBe(false);

    for (const s of [stu(0), stu(1)]) {
      const paper = must(await tp('doSubjectList', s, { courseid: room.courseid, testpaperid: id }), 'start');
      must(
        await tp('handup', s, {
          courseid: room.courseid,
          testpaperid: id,
          answers: [{ subjectid: paper.lists[0].subjectid, answer: '我的回答', seq: 1 }],
        }),
        'handup',
      );
    }
    expect((await todos(stu(0))).some((t) => t.contentid === id)).toBe(false);
    expect((await todos(room.owner)).find((t) => t.contentid === id)).toMatchObject({ msgtype: 2, number: 2 });
    expect((await todos(room.assistant)).find((t) => t.contentid === id)).toMatchObject({ msgtype: 2, number: 2 });

    const list = must(await tp('reviewList', room.owner, { courseid: room.courseid, id }), 'review').list as {
      attemptid: number;
    }[];
    const first = must(
      await tp('reviewDetail', room.owner, { courseid: room.courseid, id, attemptid: list[0]!.attemptid }),
      'detail',
    );
    must(
      await tp('markAnswer', room.owner, {
        courseid: room.courseid,
        id,
        attemptid: list[0]!.attemptid,
        subjectid: first.lists[0].subjectid,
        score: 4,
      }),
      'mark',
    );
    expect((await todos(room.owner)).find((t) => t.contentid === id)).toMatchObject({ number: 1 });

    // a returned paper is work to do again
    must(await tp('returnAttempt', room.owner, { courseid: room.courseid, id, attemptids: [list[0]!.attemptid] }), 'return');
    const returnedTo = room.students.find((s) => s.uid === (list[0] as unknown as { uid: number }).uid)!;
    expect((await todos(returnedTo)).some((t) => t.contentid === id)).toBe(true);
  });

  it('leaves out ended, closed and offline tests for students, and drafts for everyone', async () => {
    const ended = await published();
    must(await tp('endTestpaper', room.owner, { courseid: room.courseid, id: ended }), 'end');
    const offline = await published({ offline: 1 });
    // a close that has passed (as time passing would leave it)
    const closed = await published({ endtime: Math.floor(Date.now() / 1000) + 3600 });
    await app.ctx.db
      .update(contents)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(contents.id, closed));
    const draft = must(
      await tp('addTestpaper', room.owner, {
        courseid: room.courseid,
        title: '草稿',
        fixed: [],
        draws: [{ type: 4, count: 1, score: 1 }],
      }),
      'draft',
    );
    const mine = (await todos(stu(1))).map((t) => t.contentid);
    expect(mine).not.toContain(ended);
    expect(mine).not.toContain(offline);
    expect(mine).not.toContain(closed);
    expect(mine).not.toContain(draft.id);
    expect((await todos(room.owner)).map((t) => t.contentid)).not.toContain(draft.id);
  });
});
