import { CODES } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { testOfflineScores } from '../../db/schema';

/** Offline tests (issue 14): taken on paper, their scores typed by the teacher on the test. */

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 3);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i: number) => room.students[i]!;

/** A published test of one 10-point short answer (total 10), offline unless told. */
async function published(settings: Record<string, unknown> = { offline: 1 }) {
  const q = must(
    await call(
      app,
      '/QuestionBankApi/addQuestion',
      { courseid: room.courseid, type: 4, title: '<p>默写《静夜思》</p>', answer: '床前明月光', score: 10 },
      { token: room.owner.token },
    ),
    'question',
  );
  const made = must(
    await tp('addTestpaper', room.owner, {
      courseid: room.courseid,
      title: '期中笔试',
      fixed: [q.id],
      scorepercent: 50,
      ...settings,
    }),
    'paper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  return made.id as number;
}

const rows = (id: number) => app.ctx.db.select().from(testOfflineScores).where(eq(testOfflineScores.contentId, id));

describe('offline test scores', () => {
  it('are typed by the teacher and assistants for students of the course, changed and cleared', async () => {
    const id = await published();
    const empty = must(await tp('offlineScores', room.owner, { courseid: room.courseid, id }), 'list');
    expect(empty).toMatchObject({ testpaperid: id, totalScore: 10, scored: 0 });
    expect(empty.list.map((s: { uid: number; score: null }) => [s.uid, s.score])).toEqual(
      room.students.map((s) => [s.uid, null]),
    );

    // ids and scores as strings, a JSON text of rows, unknown fields ignored
    const typed = must(
      await tp('setOfflineScores', room.assistant, {
        courseid: String(room.courseid),
        id: String(id),
        scores: JSON.stringify([
          { uid: String(stu(0).uid), score: '8.5' },
          { uid: stu(1).uid, score: 6, extra: 'x' },
        ]),
      }),
      'set',
    );
    expect(typed.scored).toBe(2);
    expect(typed.list.find((s: { uid: number }) => s.uid === stu(0).uid).score).toBe(8.5);

    // changed and cleared in one call; the last row for a student wins
    const changed = must(
      await tp('setOfflineScores', room.owner, {
        courseid: room.courseid,
        id,
        scores: [
          { uid: stu(0).uid, score: 3 },
          { uid: stu(0).uid, score: 9 },
          { uid: stu(1).uid, score: '' },
          { uid: stu(2).uid, score: 0 },
        ],
      }),
      'change',
    );
    expect(changed.list.map((s: { score: number | null }) => s.score)).toEqual([9, null, 0]);
    expect((await rows(id)).map((r) => [r.userId, r.score, r.scoredBy]).sort()).toEqual(
      [
        [stu(0).uid, 9, room.owner.uid],
        [stu(2).uid, 0, room.owner.uid],
      ].sort(),
    );
  });

  it('refuses a score out of range, a non-student, an online test, students and strangers, changing nothing', async () => {
    const id = await published();
    must(
      await tp('setOfflineScores', room.owner, { courseid: room.courseid, id, scores: [{ uid: stu(0).uid, score: 5 }] }),
      'set',
    );
    const before = await rows(id);
    const refusals: [Person, Record<string, unknown>, string | number][] = [
      [
        room.owner,
        {
          scores: [
            { uid: stu(1).uid, score: 4 },
            { uid: stu(0).uid, score: 10.5 },
          ],
        },
        '分数须是 0 到 10 之间的数，最多一位小数',
      ],
      [room.owner, { scores: [{ uid: stu(1).uid, score: 2.25 }] }, '分数须是 0 到 10 之间的数，最多一位小数'],
      [room.owner, { scores: [{ uid: stu(1).uid, score: -1 }] }, '分数须是 0 到 10 之间的数，最多一位小数'],
      [room.owner, { scores: [{ uid: stu(1).uid, score: '八' }] }, '分数须是数字'],
      [
        room.owner,
        {
          scores: [
            { uid: stu(1).uid, score: 4 },
            { uid: room.assistant.uid, score: 4 },
          ],
        },
        '名单里有不是本课程学生的人',
      ],
      [room.owner, { scores: [{ uid: room.outsider.uid, score: 4 }] }, '名单里有不是本课程学生的人'],
      [room.owner, { scores: [] }, '请填写学生的分数'],
      [stu(0), { scores: [{ uid: stu(0).uid, score: 10 }] }, CODES.forbidden],
    ];
    for (const [who, body, expected] of refusals) {
      const res = await tp('setOfflineScores', who, { courseid: room.courseid, id, ...body });
      expect(res.status).toBe(0);
      if (typeof expected === 'string') expect(res.message).toBe(expected);
      else expect(res.code).toBe(expected);
    }
    expect((await tp('offlineScores', room.stranger, { courseid: room.courseid, id })).status).toBe(0);
    expect(await rows(id)).toEqual(before);

    const online = await published({});
    const res = await tp('setOfflineScores', room.owner, {
      courseid: room.courseid,
      id: online,
      scores: [{ uid: stu(0).uid, score: 5 }],
    });
    expect(res).toMatchObject({ status: 0, code: CODES.testOnline });
    expect((await tp('offlineScores', room.owner, { courseid: room.courseid, id: online })).code).toBe(CODES.testOnline);
  });

  it('reach the score book at the test’s weight, and a student once released', async () => {
    const id = await published({ offline: 1, releasescore: 0 });
    must(
      await tp('setOfflineScores', room.owner, { courseid: room.courseid, id, scores: [{ uid: stu(0).uid, score: 8 }] }),
      'set',
    );
    const book = must(
      await call(app, '/ScoreApi/getScoreBook', { courseid: room.courseid }, { token: room.owner.token }),
      'book',
    );
    expect(book.columns.find((c: { key: string }) => c.key === String(id))).toMatchObject({
      kind: 'test',
      fullscore: 10,
      weight: 50,
    });
    const row = book.rows.find((r: { uid: number }) => r.uid === stu(0).uid);
    expect(row.scores[String(id)]).toBe(8);

    // not released yet: the student sees no score anywhere
    const details = () =>
      tp('testpaperdetails', stu(0), { courseid: room.courseid, testpaperid: id }).then((r) => must(r, 'details'));
    const listed = () =>
      tp('lists', stu(0), { courseid: room.courseid }).then(
        (r) => must(r, 'lists').list.find((t: { id: number }) => t.id === id) as { score: number | null; offline: number },
      );
    expect(await details()).toMatchObject({ state: 7, score: null, canstart: 0 });
    expect(await listed()).toMatchObject({ offline: 1, score: null });
    const own = () =>
      call(app, '/ScoreApi/getScoreBook', { courseid: room.courseid }, { token: stu(0).token }).then((r) => must(r, 'own'));
    expect((await own()).columns.some((c: { key: string }) => c.key === String(id))).toBe(false);

    must(await tp('publishScores', room.owner, { courseid: room.courseid, id }), 'publish scores');
    expect((await details()).score).toBe(8);
    expect((await listed()).score).toBe(8);
    expect((await own()).rows[0].scores[String(id)]).toBe(8);
    // another student's typed score never reaches them
    expect(
      (await tp('testpaperdetails', stu(1), { courseid: room.courseid, testpaperid: id }).then((r) => must(r, 'd'))).score,
    ).toBeNull();
  });
});
