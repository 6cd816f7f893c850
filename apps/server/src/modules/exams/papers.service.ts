import {
  ATTEMPT_STATUS,
  CONTENT_TYPES,
  type ExtraTimeInput,
  PAPER_NOTES_MAX,
  PAPER_QUESTIONS_MAX,
  PUBLISH_STATES,
  PUBLISH_TEST_CMD,
  QUESTION_SCORE_MAX,
  QUESTION_SCORE_MIN,
  QUESTION_TYPES,
  SHOW_ANSWERS,
  TEST_DEFAULT_WEIGHT,
  type TestpaperEditInput,
  type TestpaperInput,
  type TestSettingsInput,
  type teacherTestAnswer,
  type testPreviewAnswer,
} from '@paiclass/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contents,
  courseMembers,
  type PaperComposition,
  questions,
  testAttempts,
  testExtraTimes,
  testItems,
  tests,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { announce, createItem, newEndTime, prepare, presentOneItem, queueJobs, writeEdit } from '../content/content.service';
import { announceDeadlines, makePaper, PREPARE_JOB, prepareKey, redeadline } from './attempts.service';
import { fitsDraw, pastGrace } from './exams.policy';
import { allStudentsOf, paperItems, requireManagedTest, requireTestManager, type Test, type TestAccess } from './exams.queries';
import { fillDraws } from './generate';
import { type Item, presentQuestion, presentTeacherItem } from './presenters';

/**
 * Papers (issue 14; spec 2 §2 `/testing/create`, `update`, `settings`, `preview`; decision 017): a
 * test is a catalogue item of type 6 with its settings; its composition (fixed questions and random
 * draws) is edited while it is a draft and frozen into `test_items` when it is published.
 */

type Question = typeof questions.$inferSelect;
type Draw = PaperComposition['draws'][number];

/**
 * Checks a composition against the course's bank, whole, before anything is written: fixed questions
 * live in this bank, each once, with scores of 0.5-100 (notes 0); draws never of notes, not all zero,
 * at most 200 questions in all; and every draw fillable with different questions (a question that
 * fits two draws counts once), naming the first that cannot be. Answers the composition as kept, the
 * bank rows it uses and each draw's candidates.
 */
async function resolveComposition(
  ctx: AppContext,
  courseId: number,
  input: { fixed: { id: number; score?: number }[]; draws: Draw[] },
) {
  const ids = input.fixed.map((f) => f.id);
  if (new Set(ids).size !== ids.length) throw badField('validation.paperDuplicate', ['fixed']);
  const pool = await ctx.db
    .select()
    .from(questions)
    .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)));
  const byId = new Map(pool.map((q) => [q.id, q]));
  if (ids.some((id) => !byId.has(id))) throw badField('validation.paperQuestionMissing', ['fixed']);
  const fixed = input.fixed.map((f) => {
    const q = byId.get(f.id)!;
    if (q.type === QUESTION_TYPES.note) return { id: q.id, score: 0 };
    const score = Math.round((f.score ?? q.score) * 10) / 10;
    if (!(score >= QUESTION_SCORE_MIN && score <= QUESTION_SCORE_MAX)) throw badField('validation.questionScore', ['fixed']);
    return { id: q.id, score };
  });
  const notes = fixed.filter((f) => byId.get(f.id)!.type === QUESTION_TYPES.note).length;
  if (notes > PAPER_NOTES_MAX) throw badField('validation.paperSize', ['fixed']);
  const draws = input.draws.map((d) => ({ ...d, score: Math.round(d.score * 10) / 10 }));
  if (draws.some((d) => d.type === QUESTION_TYPES.note)) throw badField('validation.drawNote', ['draws']);
  // spec 2 §5: random draw counts cannot all be zero
  if (draws.length > 0 && draws.every((d) => d.count === 0)) throw badField('validation.drawsAllZero', ['draws']);
  const questionCount = fixed.length - notes + draws.reduce((n, d) => n + d.count, 0);
  if (questionCount > PAPER_QUESTIONS_MAX) throw badField('validation.paperSize', ['draws']);
  const fixedIds = new Set(ids);
  const candidates = draws.map((d) => pool.filter((q) => !fixedIds.has(q.id) && fitsDraw(q, d)));
  const filled = fillDraws(
    draws.map((d, i) => ({ count: d.count, candidates: candidates[i]! })),
    (q) => q.id,
  );
  if (!filled.ok) {
    const want = draws[filled.draw]!.count;
    const have = Math.min(candidates[filled.draw]!.length, filled.have);
    throw new AppError('badInput', 'validation.drawTooMany', { n: filled.draw + 1, want, have });
  }
  const totalScore =
    Math.round((fixed.reduce((n, f) => n + f.score, 0) + draws.reduce((n, d) => n + d.count * d.score, 0)) * 10) / 10;
  return { composition: { fixed, draws } as PaperComposition, byId, candidates, questionCount, totalScore };
}

const settingsFields = (input: Partial<TestSettingsInput>, base?: Test) => {
  const type = input.testtype ?? base?.type ?? 1;
  return {
    type,
    timeLimit: input.timelimit ?? base?.timeLimit ?? 0,
    beginAt:
      input.begintime !== undefined ? (input.begintime ? new Date(input.begintime * 1000) : null) : (base?.beginAt ?? null),
    attempts: input.attempts ?? base?.attempts ?? 1,
    shuffleQuestions: input.shufflequestions !== undefined ? input.shufflequestions === 1 : (base?.shuffleQuestions ?? false),
    shuffleOptions: input.shuffleoptions !== undefined ? input.shuffleoptions === 1 : (base?.shuffleOptions ?? false),
    // answers after the close by default: a paper handed in early must not show the keys to the class still sitting it
    showAnswers: input.showanswer ?? base?.showAnswers ?? SHOW_ANSWERS.afterClose,
    // a new test counts in the score book like a new homework (issue 25, decision 004)
    scorePercent: input.scorepercent ?? base?.scorePercent ?? TEST_DEFAULT_WEIGHT,
    switchLimit: input.switchlimit ?? base?.switchLimit ?? 0,
    offline: input.offline !== undefined ? input.offline === 1 : (base?.offline ?? false),
    partialCredit: input.partialcredit !== undefined ? input.partialcredit === 1 : (base?.partialCredit ?? false),
    // an exam's scores wait for the teacher unless asked otherwise
    releaseScores: input.releasescore !== undefined ? input.releasescore === 1 : (base?.releaseScores ?? type !== 2),
  };
};

/** The begin and close times: a close never past and after the begin. */
function checkTimes(beginAt: Date | null, endAt: Date | null) {
  if (endAt && endAt.getTime() <= Date.now()) throw badField('validation.timePast', ['endtime']);
  if (beginAt && endAt && endAt <= beginAt) throw badField('validation.closeBeforeBegin', ['endtime']);
}

/** `/TestpaperApi/addTestpaper` (`/testing/create`): a draft paper with its composition and settings. */
export async function addTestpaper(ctx: AppContext, user: User, input: TestpaperInput) {
  const m = await requireTestManager(ctx, user, input.courseid);
  const resolved = await resolveComposition(ctx, input.courseid, input);
  const settings = settingsFields(input);
  const endtime = input.endtime ?? 0;
  checkTimes(settings.beginAt, endtime ? new Date(endtime * 1000) : null);
  let test: Test | undefined;
  const item = await inTransaction(ctx, (t) =>
    createItem(
      t,
      user,
      m,
      {
        contenttype: CONTENT_TYPES.test,
        title: input.title,
        content: input.content,
        fileids: [],
        link: '',
        downloadable: 1,
        folderid: input.folderid,
        dirid: input.dirid,
        // a paper is published by its own call, once its questions are in
        publish: 0,
        publish_time: 0,
        endtime,
      },
      async (tx, made) => {
        [test] = await tx
          .insert(tests)
          .values({
            contentId: made.id,
            ...settings,
            composition: resolved.composition,
            totalScore: resolved.totalScore,
            questionCount: resolved.questionCount,
          })
          .returning();
      },
    ),
  );
  return presentTeacherTest(ctx, user, { item, test: test!, m });
}

/** `/TestpaperApi/editTestpaper` (`/testing/update`): title, description and composition, while a draft (30907 after). */
export async function editTestpaper(ctx: AppContext, user: User, input: TestpaperEditInput) {
  const access = await requireManagedTest(ctx, user, input.courseid, input.id);
  if (access.item.publishState !== PUBLISH_STATES.draft) throw fail('testPublished');
  const resolved = await resolveComposition(ctx, input.courseid, input);
  const fields = { title: input.title, fileids: [], downloadable: 1 };
  const prepared = await prepare(ctx, user, CONTENT_TYPES.test, { ...fields, content: input.content, link: '' }, access.item);
  const [item, test] = await inTransaction(ctx, async (t) => {
    const row = await t.db.transaction((tx) => writeEdit(tx, access.item, fields, prepared));
    const [saved] = await t.db
      .update(tests)
      .set({ composition: resolved.composition, totalScore: resolved.totalScore, questionCount: resolved.questionCount })
      .where(eq(tests.contentId, row.id))
      .returning();
    return [row, saved!] as const;
  });
  return presentTeacherTest(ctx, user, { item, test, m: access.m });
}

/**
 * `/TestpaperApi/setTestpaper` (`/testing/settings`): any of the settings; only those sent change.
 * After publishing the close may move (an ended-by-close test reopens) and every paper under way gets
 * its deadline worked out again; the offline switch no longer changes (30907).
 */
export async function setTestpaper(ctx: AppContext, user: User, input: TestSettingsInput) {
  const access = await requireManagedTest(ctx, user, input.courseid, input.id);
  const { item, test } = access;
  const published = item.publishState !== PUBLISH_STATES.draft;
  const settings = settingsFields(input, test);
  if (published && settings.offline !== test.offline) throw fail('testPublished');
  if (test.endedAt && input.endtime !== undefined) throw fail('testClosed');
  const endMoved = input.endtime !== undefined && input.endtime * 1000 !== (item.endAt?.getTime() ?? 0);
  const end = endMoved ? newEndTime(item, input.endtime!) : { endAt: item.endAt, publishState: item.publishState };
  if (endMoved) checkTimes(settings.beginAt, end.endAt);
  else if (settings.beginAt && end.endAt && end.endAt <= settings.beginAt)
    throw badField('validation.closeBeforeBegin', ['begintime']);
  const { updated, saved, moved } = await inTransaction(ctx, async (t) => {
    let row = item;
    if (endMoved) {
      [row] = await t.db
        .update(contents)
        .set({ ...end, updatedAt: new Date() })
        .where(eq(contents.id, item.id))
        .returning();
      await queueJobs(t, row!);
    }
    const [kept] = await t.db.update(tests).set(settings).where(eq(tests.contentId, item.id)).returning();
    const changed = published ? await redeadline(t, row!, kept!) : [];
    return { updated: row!, saved: kept!, moved: changed };
  });
  await announceDeadlines(ctx, moved);
  return presentTeacherTest(ctx, user, { item: updated, test: saved, m: access.m });
}

/**
 * `/TestpaperApi/setExtraTime`: extra minutes for students of the course (accommodations; 0 takes it
 * away). Their papers under way get the new deadline at once, and they are told.
 */
export async function setExtraTime(ctx: AppContext, user: User, input: ExtraTimeInput) {
  const { item, test } = await requireManagedTest(ctx, user, input.courseid, input.id);
  const uids = [...new Set(input.uids)];
  if (uids.length === 0) throw badField('validation.testStudent', ['uids']);
  if (!(await allStudentsOf(ctx, item.courseId, uids))) throw badField('validation.testStudent', ['uids']);
  const moved = await inTransaction(ctx, async (t) => {
    if (input.minutes === 0)
      await t.db.delete(testExtraTimes).where(and(eq(testExtraTimes.contentId, item.id), inArray(testExtraTimes.userId, uids)));
    else
      await t.db
        .insert(testExtraTimes)
        .values(uids.map((userId) => ({ contentId: item.id, userId, minutes: input.minutes, updatedBy: user.id })))
        .onConflictDoUpdate({
          target: [testExtraTimes.contentId, testExtraTimes.userId],
          set: { minutes: input.minutes, updatedBy: user.id },
        });
    return item.publishState === PUBLISH_STATES.draft ? [] : redeadline(t, item, test, uids);
  });
  await announceDeadlines(ctx, moved);
  return { list: await extraTimes(ctx, item.id) };
}

async function extraTimes(ctx: AppContext, contentId: number) {
  return ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno, minutes: testExtraTimes.minutes })
    .from(testExtraTimes)
    .innerJoin(users, eq(users.id, testExtraTimes.userId))
    .where(eq(testExtraTimes.contentId, contentId))
    .orderBy(asc(users.stno), asc(users.id));
}

/**
 * `/TestpaperApi/publishTestpaper`: checks the composition against the bank once more, freezes it into
 * `test_items` (every question it may use: the fixed ones and each draw's pool), publishes now or at
 * `publish_time`, and queues the job that prepares every student's paper ahead of the start — one
 * transaction. A test already published (or scheduled) answers 30907; a paper with no question 40001.
 */
export async function publishTestpaper(ctx: AppContext, user: User, courseId: number, id: number, publishTime: number) {
  const access = await requireManagedTest(ctx, user, courseId, id);
  const { item, test } = access;
  if (item.publishState !== PUBLISH_STATES.draft) throw fail('testPublished');
  const resolved = await resolveComposition(ctx, courseId, test.composition);
  if (resolved.questionCount === 0) throw badField('validation.paperEmpty', ['fixed']);
  const now = Date.now();
  if (publishTime && publishTime * 1000 <= now) throw badField('validation.timePast', ['publish_time']);
  const publishAt = new Date(publishTime ? publishTime * 1000 : now);
  if (item.endAt && item.endAt <= publishAt) throw badField('validation.endBeforePublish', ['publish_time']);
  if (item.endAt && item.endAt.getTime() <= now) throw badField('validation.timePast', ['endtime']);
  const copy = (q: Question, draw: number, sort: number, score: number) => ({
    contentId: item.id,
    questionId: q.id,
    draw,
    sort,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    spec: q.spec,
    analysis: q.analysis,
    points: q.points,
    score,
  });
  const rows = [
    ...resolved.composition.fixed.map((f, i) => copy(resolved.byId.get(f.id)!, 0, i, f.score)),
    ...resolved.composition.draws.flatMap((d, n) =>
      d.count === 0 ? [] : resolved.candidates[n]!.map((q, i) => copy(q, n + 1, i, d.score)),
    ),
  ];
  const published = await inTransaction(ctx, async (t) => {
    await t.db.delete(testItems).where(eq(testItems.contentId, item.id));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(testItems).values(rows.slice(i, i + 500));
    const [saved] = await t.db
      .update(tests)
      .set({
        composition: resolved.composition,
        totalScore: resolved.totalScore,
        questionCount: resolved.questionCount,
        version: test.version + 1,
      })
      .where(eq(tests.contentId, item.id))
      .returning();
    const [row] = await t.db
      .update(contents)
      .set({ publishState: publishTime ? PUBLISH_STATES.scheduled : PUBLISH_STATES.published, publishAt, updatedAt: new Date() })
      .where(eq(contents.id, item.id))
      .returning();
    await queueJobs(t, row!);
    await t.jobs.schedule(PREPARE_JOB, publishAt, { id: item.id }, prepareKey(item.id));
    if (row!.publishState === PUBLISH_STATES.published) await announce(t, row!);
    return { item: row!, test: saved! };
  });
  if (published.item.publishState === PUBLISH_STATES.published)
    await ctx.realtime
      .publish(rooms.course(item.courseId), PUBLISH_TEST_CMD, {
        courseid: item.courseId,
        testpaperid: item.id,
        state: PUBLISH_STATES.published,
      })
      .catch(() => {});
  return presentTeacherTest(ctx, user, { ...published, m: access.m });
}

/**
 * `/TestpaperApi/endTestpaper`: ends a published test now (spec 2 §4: can be ended manually). No new
 * start; every paper under way has its deadline now (no extra time) and is handed in by its job after
 * the grace, so answers journalled before the end still arrive. Ending an ended test changes nothing.
 */
export async function endTestpaper(ctx: AppContext, user: User, courseId: number, id: number) {
  const access = await requireManagedTest(ctx, user, courseId, id);
  const { item, test } = access;
  if (item.publishState < PUBLISH_STATES.published) throw fail('testNotPublished');
  if (test.endedAt) return presentTeacherTest(ctx, user, access);
  const now = new Date();
  const { updated, saved, moved } = await inTransaction(ctx, async (t) => {
    const [kept] = await t.db.update(tests).set({ endedAt: now }).where(eq(tests.contentId, item.id)).returning();
    const closesLater = !item.endAt || item.endAt > now;
    const [row] = await t.db
      .update(contents)
      .set({ publishState: PUBLISH_STATES.ended, ...(closesLater ? { endAt: now } : {}), updatedAt: now })
      .where(eq(contents.id, item.id))
      .returning();
    await queueJobs(t, row!);
    await t.jobs.cancel(prepareKey(item.id));
    return { updated: row!, saved: kept!, moved: await redeadline(t, row!, kept!) };
  });
  await ctx.realtime
    .publish(rooms.course(item.courseId), PUBLISH_TEST_CMD, {
      courseid: item.courseId,
      testpaperid: item.id,
      state: PUBLISH_STATES.ended,
    })
    .catch(() => {});
  await announceDeadlines(ctx, moved);
  return presentTeacherTest(ctx, user, { item: updated, test: saved, m: access.m });
}

/**
 * `/TestpaperApi/previewTestpaper` (`/testing/preview`): the paper as a student would get it — a
 * sample draw made for the caller — with keys and analysis. A draft is drawn from the bank as it is.
 */
export async function previewTestpaper(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof testPreviewAnswer>> {
  const { item, test } = await requireManagedTest(ctx, user, courseId, id);
  let items: Item[];
  let totalScore = test.totalScore;
  if (item.publishState === PUBLISH_STATES.draft) {
    const resolved = await resolveComposition(ctx, courseId, test.composition);
    totalScore = resolved.totalScore;
    const asItem = (q: Question, draw: number, sort: number, score: number): Item => ({
      id: q.id,
      contentId: item.id,
      questionId: q.id,
      draw,
      sort,
      type: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options,
      answer: q.answer,
      spec: q.spec,
      analysis: q.analysis,
      points: q.points,
      score,
    });
    items = [
      ...resolved.composition.fixed.map((f, i) => asItem(resolved.byId.get(f.id)!, 0, i, f.score)),
      ...resolved.composition.draws.flatMap((d, n) => resolved.candidates[n]!.map((q, i) => asItem(q, n + 1, i, d.score))),
    ];
  } else items = await paperItems(ctx, item.id, test.version);
  const paper = makePaper(ctx, test, items, user.id, 0);
  const byId = new Map(items.map((i) => [i.id, i]));
  let sort = 0;
  return {
    testpaperid: item.id,
    title: item.title,
    totalScore,
    lists: paper.itemIds.map((itemId) => {
      const i = byId.get(itemId)!;
      if (i.type !== QUESTION_TYPES.note) sort += 1;
      return presentTeacherItem(ctx, i, i.type === QUESTION_TYPES.note ? 0 : sort, paper.optionOrder[String(i.id)]);
    }),
  };
}

/** Where the course's students stand in each of these tests, in two queries whatever their number. */
export async function testCounts(ctx: AppContext, courseId: number, contentIds: number[]) {
  const students = await ctx.db
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')));
  const current = new Set(students.map((s) => s.id));
  const rows = contentIds.length
    ? await ctx.db
        .select({
          contentId: testAttempts.contentId,
          userId: testAttempts.userId,
          status: testAttempts.status,
          pending: testAttempts.pending,
          deadlineAt: testAttempts.deadlineAt,
        })
        .from(testAttempts)
        .where(inArray(testAttempts.contentId, contentIds))
    : [];
  return (contentId: number) => {
    const mine = rows.filter((r) => r.contentId === contentId && current.has(r.userId));
    const users = (pick: (r: (typeof mine)[number]) => boolean) => new Set(mine.filter(pick).map((r) => r.userId)).size;
    const started = users((r) => r.status !== ATTEMPT_STATUS.prepared);
    return {
      students: current.size,
      inprogress: users((r) => r.status === ATTEMPT_STATUS.inProgress && !pastGrace(r.deadlineAt)),
      submitted: users((r) => r.status === ATTEMPT_STATUS.submitted),
      pending: users((r) => r.status === ATTEMPT_STATUS.submitted && r.pending > 0),
      notstarted: Math.max(0, current.size - started),
    };
  };
}

/** A test as its teacher and assistants see it: the item, settings, composition with the bank's questions, counts, extra times. */
export async function presentTeacherTest(
  ctx: AppContext,
  user: User,
  { item, test, m }: TestAccess,
): Promise<z.output<typeof teacherTestAnswer>> {
  const ids = test.composition.fixed.map((f) => f.id);
  const bank = await ctx.db
    .select({ q: questions, author: users.username })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.authorId))
    .where(and(eq(questions.courseId, item.courseId), isNull(questions.deletedAt)));
  const byId = new Map(bank.map((r) => [r.q.id, r]));
  const fixedIds = new Set(ids);
  const counts = await testCounts(ctx, item.courseId, [item.id]);
  return {
    ...(await presentOneItem(ctx, user, m.role, item)),
    testpaperid: item.id,
    testpaperType: test.type,
    totalScore: test.totalScore,
    fullcount: test.questionCount,
    settings: presentSettings(test, item.endAt),
    fixed: test.composition.fixed.map((f) => {
      const found = byId.get(f.id);
      return { id: f.id, score: f.score, question: found ? presentQuestion(ctx, found.q, found.author ?? '') : null };
    }),
    draws: test.composition.draws.map((d) => ({
      ...d,
      available: bank.filter((r) => !fixedIds.has(r.q.id) && fitsDraw(r.q, d)).length,
    })),
    published: item.publishState === PUBLISH_STATES.draft ? 0 : 1,
    counts: counts(item.id),
    extratimes: await extraTimes(ctx, item.id),
    courserole: 1,
  };
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** The settings as `/testing/settings` reads them. */
export function presentSettings(test: Test, endAt: Date | null) {
  return {
    testtype: test.type,
    timelimit: test.timeLimit,
    begintime: seconds(test.beginAt),
    endtime: seconds(endAt),
    attempts: test.attempts,
    shufflequestions: bit(test.shuffleQuestions),
    shuffleoptions: bit(test.shuffleOptions),
    showanswer: test.showAnswers,
    scorepercent: test.scorePercent,
    switchlimit: test.switchLimit,
    offline: bit(test.offline),
    partialcredit: bit(test.partialCredit),
    releasescore: bit(test.releaseScores),
    scorespublished: bit(test.scoresPublished),
  };
}
