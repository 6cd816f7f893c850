import { CODES, INTERACT_EVENTS, PPT_PAGE_EVENT } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithPages } from '../../../test/documents';
import { type Classroom, classroom, everyType, must } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { interactSteps } from '../../db/schema';

/** Issue 15: a question placed on a slide opens for answers when the classroom screen reaches its page. */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const types = Object.fromEntries(everyType('课件').map((q) => [q.type, q]));

/** A course with a three-page courseware (converted) and an interactive answer of two questions. */
async function deckWithQuestions(c?: Classroom) {
  const room = c ?? (await classroom(app, 2));
  const token = room.owner.token;
  const file = await upload(app, '/UploadApi/uploadV2', token, {}, { name: 'deck.pdf', data: pdfWithPages(['一', '二', '三']) });
  const deck = must(
    await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid: room.courseid, contenttype: 1, title: '第三章', fileids: [file.data.file.id] },
      { token },
    ),
    'courseware',
  ).id as number;
  await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
  const ids: number[] = [];
  for (const t of [2, 1])
    ids.push(must(await call(app, '/QuestionBankApi/addQuestion', { courseid: room.courseid, ...types[t] }, { token }), 'q').id);
  const made = must(
    await call(app, '/InteractApi/create', { courseid: room.courseid, title: '随堂', questionids: ids, seconds: 30 }, { token }),
    'create',
  );
  const [single, trueFalse] = (made.steps as { stepid: number }[]).map((s) => s.stepid) as [number, number];
  return { c: room, deck, single, trueFalse };
}

const place = (token: string, stepid: number | string, interactid: number | string, pageindex: number | string) =>
  call(app, '/InteractPPTApi/placeStep', { stepid, interactid, pageindex }, { token });
const lists = (token: string, interactid: number) => call(app, '/InteractPPTApi/subjectLists', { interactid }, { token });
const stepRow = async (id: number) => (await app.ctx.db.select().from(interactSteps).where(eq(interactSteps.id, id)))[0]!;

describe('questions on slides', () => {
  it('are placed on a page by the staff, listed per page, moved and taken off; ids may come as strings', async () => {
    const { c, deck, single, trueFalse } = await deckWithQuestions();
    const placed = must(await place(c.owner.token, String(single), String(deck), '2'), 'place');
    expect(placed.pages.map((p: { steps: unknown[] }) => p.steps.length)).toEqual([0, 1, 0]);
    expect(placed.pages[1].steps[0]).toMatchObject({ stepid: single, pageindex: 2, state: 0, title: '随堂' });
    expect(placed.candidates.map((s: { stepid: number }) => s.stepid)).toEqual([single, trueFalse]);

    // the assistant moves it, then takes the other one on and off page 3
    must(await place(c.assistant.token, single, deck, 1), 'move');
    must(await place(c.assistant.token, trueFalse, deck, 3), 'place 3');
    const off = must(await place(c.assistant.token, trueFalse, deck, 0), 'off');
    expect(off.pages.map((p: { steps: { stepid: number }[] }) => p.steps.map((s) => s.stepid))).toEqual([[single], [], []]);
    expect((await stepRow(trueFalse)).slideContentId).toBeNull();
    const listed = must(await lists(c.owner.token, deck), 'lists');
    expect(listed.pages.map((p: { steps: unknown[] }) => p.steps)).toEqual(off.pages.map((p: { steps: unknown[] }) => p.steps));
    expect(listed.candidates).toEqual(off.candidates);
  });

  it('refuses students, strangers, a page past the last, and another course’s courseware, changing nothing', async () => {
    const { c, deck, single } = await deckWithQuestions();
    const other = await deckWithQuestions();
    expect((await place(c.students[0]!.token, single, deck, 1)).code).toBe(CODES.forbidden);
    expect((await lists(c.students[0]!.token, deck)).code).toBe(CODES.forbidden);
    expect((await place(c.stranger.token, single, deck, 1)).status).toBe(0);
    const past = await place(c.owner.token, single, deck, 4);
    expect(past).toMatchObject({ status: 0, code: CODES.badInput });
    expect(past.message).toBe('页码须是从 1 起的整数');
    expect((await place(c.owner.token, single, other.deck, 1)).status).toBe(0);
    expect((await place(other.c.owner.token, single, other.deck, 1)).code).toBe(CODES.courseGone);
    expect(await stepRow(single)).toMatchObject({ slideContentId: null, slidePage: null });
  });

  it('open when the screen reaches their page: every phone is told, once; an asked step cannot be moved', async () => {
    const { c, deck, single, trueFalse } = await deckWithQuestions();
    must(await place(c.owner.token, single, deck, 2), 'place');
    must(await place(c.owner.token, trueFalse, deck, 3), 'place');
    must(await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.courseid }, { token: c.owner.token }), 'begin');
    const phone = await openSocket(socketUrl(app), c.students[0]!.token, { courseId: c.courseid });
    const remote = await openSocket(socketUrl(app), c.owner.token, { courseId: c.courseid });

    must(
      await call(app, '/InteractWithScreenApi/present', { courseid: c.courseid, interactid: deck }, { token: c.owner.token }),
      'present',
    );
    // page 1 carries nothing
    expect((await stepRow(single)).openedAt).toBeNull();

    // the remote controller turns to page 2: its question opens, and the phone hears the page then the question
    await remote.send({ cmd: 'ppt_next' });
    await expect.poll(() => phone.events(INTERACT_EVENTS.started).length).toBe(1);
    expect(phone.events(INTERACT_EVENTS.started)[0]!.data).toMatchObject({ stepid: single, seconds: 30 });
    expect(phone.messages.findIndex((m) => m.cmd === PPT_PAGE_EVENT)).toBeLessThan(
      phone.messages.findIndex((m) => m.cmd === INTERACT_EVENTS.started),
    );
    expect((await stepRow(single)).openedAt).not.toBeNull();
    expect((await stepRow(trueFalse)).openedAt).toBeNull();
    const pending = must(
      await call(app, '/InteractApi/isExistJoinStepV2', { courseid: c.courseid }, { token: c.students[0]!.token }),
      'pending',
    );
    expect(pending.list.map((s: { stepid: number }) => s.stepid)).toEqual([single]);

    // back to page 1 and forth to page 2 again: asked once
    await remote.send({ cmd: 'ppt_pre' }, { cmd: 'ppt_next' });
    await remote.send({ cmd: 'goto_page', data: { pageindex: 3 } });
    await expect.poll(() => phone.events(INTERACT_EVENTS.started).length).toBe(2);
    expect(phone.events(INTERACT_EVENTS.started).map((m) => m.data.stepid)).toEqual([single, trueFalse]);

    expect((await place(c.owner.token, single, deck, 1)).code).toBe(CODES.stepAsked);
    expect(await stepRow(single)).toMatchObject({ slidePage: 2 });
    phone.close();
    remote.close();
  });

  it('stay closed when the page is reached outside a class or on another courseware', async () => {
    const { c, deck, single } = await deckWithQuestions();
    must(await place(c.owner.token, single, deck, 1), 'place');
    const { deck: another } = await deckWithQuestions(c);
    must(await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.courseid }, { token: c.owner.token }), 'begin');
    must(
      await call(app, '/InteractWithScreenApi/present', { courseid: c.courseid, interactid: another }, { token: c.owner.token }),
      'present',
    );
    expect((await stepRow(single)).openedAt).toBeNull();
    must(
      await call(app, '/InteractWithScreenApi/present', { courseid: c.courseid, interactid: deck }, { token: c.owner.token }),
      'present',
    );
    expect((await stepRow(single)).openedAt).not.toBeNull();
  });
});
