import { CODES } from '@paiclass/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { contents, tests } from '../../db/schema';

/** `/testing/batch` (issue 14): one action on several tests of a course, all or none. */

let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 1);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });

async function draft(title: string, fixed = true) {
  const q = must(
    await call(
      app,
      '/QuestionBankApi/addQuestion',
      { courseid: room.courseid, type: 1, title: `<p>${title}</p>`, answer: '1', score: 2 },
      { token: room.owner.token },
    ),
    'q',
  );
  const body = { fixed: fixed ? [q.id] : [] };
  return must(await tp('addTestpaper', room.owner, { courseid: room.courseid, title, ...body }), 'paper').id as number;
}
const states = async (ids: number[]) =>
  (await app.ctx.db.select({ id: contents.id, state: contents.publishState }).from(contents).where(inArray(contents.id, ids)))
    .sort((a, b) => a.id - b.id)
    .map((r) => r.state);

describe('tests in a batch', () => {
  it('publishes several drafts, sets them alike, and ends them; ids may come as text', async () => {
    const ids = [await draft('第一单元'), await draft('第二单元')];
    const published = must(
      await tp('batch', room.assistant, { courseid: String(room.courseid), ids: ids.join(','), action: 'publish' }),
      'publish',
    );
    expect(published).toMatchObject({ action: 'publish', count: 2 });
    expect(await states(ids)).toEqual([2, 2]);

    must(
      await tp('batch', room.owner, { courseid: room.courseid, ids, action: 'settings', attempts: 3, scorepercent: 20 }),
      'set',
    );
    const rows = await app.ctx.db.select().from(tests).where(inArray(tests.contentId, ids));
    expect(rows.map((r) => [r.attempts, r.scorePercent])).toEqual([
      [3, 20],
      [3, 20],
    ]);
    must(await tp('batch', room.owner, { courseid: room.courseid, ids, action: 'end' }), 'end');
    expect(await states(ids)).toEqual([3, 3]);
  });

  it('refuses the whole batch when one test cannot take the action, naming it, and changes nothing', async () => {
    const good = await draft('第三单元');
    const done = await draft('第四单元');
    must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: done }), 'publish');
    const both = [good, done].sort((a, b) => a - b);
    const before = await states(both);

    const again = await tp('batch', room.owner, { courseid: room.courseid, ids: [good, done], action: 'publish' });
    expect(again).toMatchObject({ status: 0, code: CODES.testPublished, message: '「第四单元」：测试已发布，试题不能再修改' });
    const notYet = await tp('batch', room.owner, { courseid: room.courseid, ids: [good, done], action: 'end' });
    expect(notYet).toMatchObject({ code: CODES.testNotPublished, message: '「第三单元」：测试还没有发布' });
    // refused by the test's own rules inside the transaction: the first test's publishing is undone too
    const empty = await draft('第五单元', false);
    const rolled = await tp('batch', room.owner, { courseid: room.courseid, ids: [good, empty], action: 'publish' });
    expect(rolled.status).toBe(0);
    expect(rolled.message).toMatch(/^「第五单元」：/);
    expect(await states(both)).toEqual(before);
    expect(await states([empty])).toEqual([0]);

    for (const [body, message] of [
      [{ ids: [], action: 'publish' }, '请选择 1 到 50 个测试'],
      [{ ids: [good], action: 'delete' }, '请选择要做的操作：发布、结束或统一设置'],
      [{ ids: [good], action: 'settings' }, '请至少设置一项'],
    ] as const) {
      const res = await tp('batch', room.owner, { courseid: room.courseid, ...body });
      expect(res).toMatchObject({ status: 0, message });
    }
    // a student: the drafts are not theirs to see (40004), let alone to publish
    expect((await tp('batch', room.students[0]!, { courseid: room.courseid, ids: [good], action: 'publish' })).code).toBe(
      CODES.notFound,
    );
    expect((await tp('batch', room.stranger, { courseid: room.courseid, ids: [good], action: 'publish' })).status).toBe(0);
    const other = await classroom(app, 0);
    expect((await tp('batch', other.owner, { courseid: other.courseid, ids: [good], action: 'publish' })).status).toBe(0);
    expect(await states([good])).toEqual([0]);
    const [row] = await app.ctx.db.select().from(contents).where(eq(contents.id, good));
    expect(row!.publishState).toBe(0);
  });

  it('speaks English to an English caller', async () => {
    const good = await draft('Unit six');
    must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: good }), 'publish');
    must(await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: room.assistant.token }), 'lang');
    const res = await tp('batch', room.assistant, { courseid: room.courseid, ids: [good], action: 'publish' });
    expect(res.message).toBe('“Unit six”: The test is published: its questions no longer change');
  });
});
