import {
  type AnswerEntry,
  ATTEMPT_STATUS,
  type AttemptSignal,
  CODES,
  FILE_TYPES,
  type HandupInput,
  HEARTBEAT_GAP_SECONDS,
  LATE_SWITCH_REPORT_SECONDS,
  PUBLISH_STATES,
  QUESTION_TYPES,
  type SaveAnswerInput,
  SUBMIT_KINDS,
  SWITCH_WARNING_SECONDS,
  type studentPaperAnswer,
  TEST_DEADLINE_CMD,
  TEST_HEARTBEAT_SECONDS,
  TEST_PROGRESS_CMD,
  TEST_STATES,
  TEST_SUBMITTED_CMD,
} from '@paiclass/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseMembers, files, testAnswers, testAttempts, testExtraTimes, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { GroupCommit, groupsPerDatabase, type Outcome } from '../../platform/group-commit';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { presentFile } from '../files/files.service';
import { answerTiming, deadlineOf, graceEnd, hasBegun, isClosed, pastGrace, studentState, takesTests } from './exams.policy';
import { loadTest, loadTestAndAttempts, paperItems, type Test, type TestAccess, timesOf } from './exams.queries';
import { generatePaper } from './generate';
import { gradePaper, normalizeAnswer, packAnswer, type StoredAnswer, unpackAnswer } from './grading';
import { type Item, presentStudentItem, seconds } from './presenters';

/**
 * Students taking tests (issue 14, decision 017): start or resume (`doSubjectList`), save answers
 * (`saveAnswer`, a journal replayed in order), hand in (`handup`, idempotent), screen switches;
 * and the durable jobs that prepare papers ahead of the start and hand them in at the deadline.
 * Every deadline is the server's; a student only ever reads their own attempt.
 */

export const PREPARE_JOB = 'exam.prepare';
export const SUBMIT_JOB = 'exam.submit';
export const prepareKey = (contentId: number) => `exam-prepare:${contentId}`;
export const submitKey = (attemptId: number) => `exam-submit:${attemptId}`;

type Attempt = typeof testAttempts.$inferSelect;

/** The seed of a student's paper: the same test, student and attempt give the same paper on every instance. */
const paperSeed = (ctx: AppContext, contentId: number, userId: number, attemptNo: number) =>
  `${ctx.secret}:paper:${contentId}:${userId}:${attemptNo}`;

/** The paper of one student's attempt, made from the frozen items. */
export function makePaper(ctx: AppContext, test: Test, items: Item[], userId: number, attemptNo: number) {
  return generatePaper(
    items,
    test.composition.draws.map((d) => d.count),
    test,
    paperSeed(ctx, test.contentId, userId, attemptNo),
  );
}

/** A student's attempts at a test, oldest first: only ever their own. Prepared once: every start of a storm reads them. */
export async function attemptsOf(db: Db, contentId: number, userId: number) {
  return attemptsQuery(db).execute({ contentId, userId });
}
const attemptsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.contentId, sql.placeholder('contentId')), eq(testAttempts.userId, sql.placeholder('userId'))))
    .orderBy(asc(testAttempts.attemptNo))
    .prepare('exam_attempts'),
);

/** Attempts that count against the limit: under way or handed in (a returned paper does not). */
export const counted = (list: Attempt[]) =>
  list.filter((a) => a.status === ATTEMPT_STATUS.inProgress || a.status === ATTEMPT_STATUS.submitted).length;

/** A test the caller takes: a student of the course (the teacher and assistants preview instead). */
function asStudent<T extends TestAccess>(access: T): T {
  if (!takesTests(access.m.role)) throw fail('forbidden');
  if (access.item.publishState < PUBLISH_STATES.published) throw fail('testNotPublished');
  return access;
}
const studentAccess = async (ctx: AppContext, user: User, courseId: number, id: number) =>
  asStudent(await loadTest(ctx, user, courseId, id));

/** Tells the course's staff where a student stands; a lost push loses no data (pages refetch). */
async function announceProgress(ctx: AppContext, attempt: Attempt, state: number) {
  await ctx.realtime
    .publish(rooms.courseStaff(attempt.courseId), TEST_PROGRESS_CMD, {
      testpaperid: attempt.contentId,
      userid: attempt.userId,
      attemptid: attempt.id,
      state,
    })
    .catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// starting

/**
 * The prepare job (decision 017): attempt 1 of every student of the course, made ahead of the start
 * as a prepared row, so that a storm of starts only updates rows. Idempotent: a student who has a
 * row keeps it.
 */
export async function prepareJob(ctx: AppContext, payload: Record<string, unknown>, signal?: AbortSignal) {
  const contentId = Number(payload.id);
  const [row] = await ctx.db
    .select({ item: contents, test: tests })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(eq(contents.id, contentId));
  if (!row || row.item.deletedAt || row.item.publishState === PUBLISH_STATES.draft || row.test.offline) return;
  if (isClosed(timesOf(row.item, row.test))) return;
  const items = await paperItems(ctx, contentId, row.test.version);
  const students = await ctx.db
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(
      and(
        eq(courseMembers.courseId, row.item.courseId),
        eq(courseMembers.role, 'student'),
        sql`not exists (select 1 from ${testAttempts} a where a.content_id = ${contentId} and a.user_id = ${courseMembers.userId})`,
      ),
    );
  for (let i = 0; i < students.length; i += 200) {
    if (signal?.aborted) return;
    const batch = students.slice(i, i + 200).map((s) => {
      const paper = makePaper(ctx, row.test, items, s.id, 1);
      return {
        contentId,
        courseId: row.item.courseId,
        userId: s.id,
        attemptNo: 1,
        version: row.test.version,
        itemIds: paper.itemIds,
        optionOrder: paper.optionOrder,
        status: ATTEMPT_STATUS.prepared,
      };
    });
    await ctx.db.insert(testAttempts).values(batch).onConflictDoNothing();
  }
}

/** Starts a prepared (or new) attempt: its start and deadline stamped, its hand-in job queued, in one transaction. */
async function startAttempt(ctx: AppContext, access: TestAccess, user: User, attemptNo: number, extra: number) {
  const { item, test } = access;
  const now = new Date();
  const deadline = deadlineOf(timesOf(item, test), now, extra);
  // read before the transaction (and cached): a query on the outer handle inside it would wait on PGlite
  const items = await paperItems(ctx, item.id, test.version);
  const started = await inTransaction(ctx, async (t) => {
    const begin = { status: ATTEMPT_STATUS.inProgress, startedAt: now, deadlineAt: deadline };
    const stamp = () =>
      t.db
        .update(testAttempts)
        .set(begin)
        .where(
          and(
            eq(testAttempts.contentId, item.id),
            eq(testAttempts.userId, user.id),
            eq(testAttempts.attemptNo, attemptNo),
            eq(testAttempts.status, ATTEMPT_STATUS.prepared),
          ),
        )
        .returning();
    let [row] = await stamp();
    if (!row) {
      // not prepared ahead (joined later, or a further attempt): made now, the same paper as it would have been
      const paper = makePaper(ctx, test, items, user.id, attemptNo);
      [row] = await t.db
        .insert(testAttempts)
        .values({
          contentId: item.id,
          courseId: item.courseId,
          userId: user.id,
          attemptNo,
          version: test.version,
          itemIds: paper.itemIds,
          optionOrder: paper.optionOrder,
          ...begin,
        })
        .onConflictDoNothing()
        .returning();
      // the prepare job wrote the row meanwhile (the insert waited on it): stamped now that it is seen
      if (!row) [row] = await stamp();
    }
    if (!row) return undefined;
    if (row.deadlineAt) await t.jobs.schedule(SUBMIT_JOB, graceEnd(row.deadlineAt), { id: row.id }, submitKey(row.id));
    return row;
  });
  if (started) {
    await announceProgress(ctx, started, TEST_STATES.inProgress);
    return { attempt: started, fresh: true };
  }
  // a simultaneous start of the same attempt won: its row is this one
  const [row] = await ctx.db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.contentId, item.id), eq(testAttempts.userId, user.id), eq(testAttempts.attemptNo, attemptNo)));
  if (!row || row.status === ATTEMPT_STATUS.prepared) throw new Error('attempt could not be started');
  return { attempt: row, fresh: false };
}

/** A start of an attempt prepared ahead, waiting to be stamped. */
interface StartCall {
  access: TestAccess;
  user: User;
  prepared: Attempt;
  extra: number;
}
type Started = Awaited<ReturnType<typeof startAttempt>>;

/**
 * Starts of prepared attempts gathered in one transaction (decision 055, as saves): one update stamps
 * every start and deadline, one statement queues every hand-in job, one commit. A student sent twice
 * at once gets the same attempt, started once. An attempt no longer prepared (another instance
 * started it first) answers as the row that start wrote, as alone.
 */
async function startTogether(ctx: AppContext, calls: StartCall[]): Promise<Outcome<Started>[]> {
  const now = new Date();
  const deadlines = new Map<number, Date | null>();
  for (const c of calls)
    if (!deadlines.has(c.prepared.id))
      deadlines.set(c.prepared.id, deadlineOf(timesOf(c.access.item, c.access.test), now, c.extra));
  const ids = [...deadlines.keys()];
  const stamped = await inTransaction(ctx, async (t) => {
    const deadlineAt = sql`case ${testAttempts.id} ${sql.join(
      ids.map((id) => sql`when ${id} then ${deadlines.get(id)?.toISOString() ?? null}::timestamptz`),
      sql` `,
    )} end`;
    const rows = await t.db
      .update(testAttempts)
      .set({ status: ATTEMPT_STATUS.inProgress, startedAt: now, deadlineAt })
      .where(and(inArray(testAttempts.id, ids), eq(testAttempts.status, ATTEMPT_STATUS.prepared)))
      .returning();
    await t.jobs.scheduleMany(
      SUBMIT_JOB,
      rows.flatMap((r) => (r.deadlineAt ? [{ runAt: graceEnd(r.deadlineAt), payload: { id: r.id }, key: submitKey(r.id) }] : [])),
    );
    return new Map(rows.map((r) => [r.id, r]));
  });
  const others = ids.filter((id) => !stamped.has(id));
  const elsewhere = others.length ? await ctx.db.select().from(testAttempts).where(inArray(testAttempts.id, others)) : [];
  const written = new Map([...stamped, ...elsewhere.map((r) => [r.id, r] as const)]);
  const announced = new Set<number>();
  return Promise.all(
    calls.map(async (c): Promise<Outcome<Started>> => {
      const row = written.get(c.prepared.id);
      if (!row || row.status === ATTEMPT_STATUS.prepared) return { ok: false, error: new Error('attempt could not be started') };
      const fresh = stamped.has(row.id) && !announced.has(row.id);
      if (fresh) {
        announced.add(row.id);
        await announceProgress(ctx, row, TEST_STATES.inProgress);
      }
      return { ok: true, value: { attempt: row, fresh } };
    }),
  );
}

/** Each app's start groups: its starts gather while a group is written. */
export const startGroupsOf = groupsPerDatabase(
  (ctx: AppContext) =>
    new GroupCommit<StartCall, Started>(
      (calls) => startTogether(ctx, calls),
      (c) => startAttempt(ctx, c.access, c.user, c.prepared.attemptNo, c.extra),
    ),
);

/**
 * `/TestpaperApi/doSubjectList`: the student's paper — the attempt under way, or a new one when the
 * test is open, has begun and an attempt is left (30901, 30902, 30905, 30906). Never a key: answers
 * and analysis come only with `testingResult`, when the settings allow.
 */
export async function startOrResume(ctx: AppContext, user: User, courseId: number, id: number) {
  const { attempts: list, ...access } = asStudent(await loadTestAndAttempts(ctx, user, courseId, id));
  const { item, test, extra } = access;
  if (test.offline) throw fail('testOffline');
  const current = list.find((a) => a.status === ATTEMPT_STATUS.inProgress);
  if (current && !pastGrace(current.deadlineAt) && !(current.forcedAt && current.forcedAt.getTime() <= Date.now()))
    return presentPaper(ctx, access, current, extra);
  if (current) {
    await handInById(ctx, current.id);
  }
  const times = timesOf(item, test);
  if (isClosed(times)) throw fail('testClosed');
  if (!hasBegun(times)) throw fail('testNotBegun');
  const now = current ? await attemptsOf(ctx.db, item.id, user.id) : list;
  if (counted(now) >= test.attempts) throw fail('testNoAttemptsLeft');
  const prepared = now.find((a) => a.status === ATTEMPT_STATUS.prepared);
  // a paper prepared ahead starts with those arriving at once (a class starting together); one made now alone
  const { attempt, fresh } = prepared
    ? await startGroupsOf(ctx).submit({ access, user, prepared, extra })
    : await startAttempt(ctx, access, user, Math.max(0, ...now.map((a) => a.attemptNo)) + 1, extra);
  // a paper this call started has no answers yet: nothing to read back
  return presentPaper(ctx, access, attempt, extra, fresh);
}

/** The files of file and photo answers, presented, for many answers at once. */
export async function answerFiles(ctx: AppContext, answers: { itemId: number; answer: unknown }[], types: Map<number, number>) {
  const ids = answers.flatMap((a) => {
    const value = unpackAnswer(a.answer);
    return FILE_TYPES.includes(types.get(a.itemId) ?? 0) && Array.isArray(value) ? (value as number[]) : [];
  });
  if (ids.length === 0) return new Map<number, ReturnType<typeof presentFile>>();
  const rows = await ctx.db
    .select()
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]));
  return new Map(rows.map((f) => [f.id, presentFile(ctx, f)]));
}

/** The items of an attempt, in the student's order. */
export async function attemptItems(ctx: AppContext, test: Test, attempt: Attempt) {
  const all = await paperItems(ctx, test.contentId, test.version);
  const byId = new Map(all.map((i) => [i.id, i]));
  return attempt.itemIds.flatMap((itemId) => {
    const found = byId.get(itemId);
    return found ? [found] : [];
  });
}

/** The student's paper with what they have answered so far, and the server's clock for the timer. */
async function presentPaper(
  ctx: AppContext,
  { item, test }: TestAccess,
  attempt: Attempt,
  extra: number,
  justStarted = false,
): Promise<z.output<typeof studentPaperAnswer>> {
  const items = await attemptItems(ctx, test, attempt);
  const saved = justStarted ? [] : await ctx.db.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
  const byItem = new Map(saved.map((a) => [a.itemId, a]));
  const types = new Map(items.map((i) => [i.id, i.type]));
  const found = await answerFiles(ctx, saved, types);
  const now = Date.now();
  const deadline = effectiveDeadline(attempt);
  const started = attempt.startedAt ?? new Date(now);
  let sort = 0;
  return {
    testpaperid: item.id,
    attemptid: attempt.id,
    attemptno: attempt.attemptNo,
    title: item.title,
    testpaperType: test.type,
    totalScore: test.totalScore,
    startedat: seconds(attempt.startedAt),
    deadline: seconds(deadline),
    deadlinems: deadline?.getTime() ?? 0,
    servertime: now,
    remaining: deadline ? Math.max(0, deadline.getTime() - now) : -1,
    elapsed: Math.max(0, now - started.getTime()),
    extratime: extra,
    switchlimit: test.switchLimit,
    switchcount: attempt.switchCount,
    lists: items.map((i) => {
      if (i.type !== QUESTION_TYPES.note) sort += 1;
      const mine = byItem.get(i.id);
      const answer = unpackAnswer(mine?.answer);
      return {
        ...presentStudentItem(ctx, i, i.type === QUESTION_TYPES.note ? 0 : sort, attempt.optionOrder[String(i.id)]),
        myanswer: answer,
        myfiles:
          FILE_TYPES.includes(i.type) && Array.isArray(answer) ? (answer as number[]).flatMap((f) => found.get(f) ?? []) : [],
        myseq: mine?.seq ?? 0,
      };
    }),
  };
}

/** The deadline that holds for answers: the attempt's, or the forced hand-in after too many screen switches if earlier. */
export const effectiveDeadline = (a: Pick<Attempt, 'deadlineAt' | 'forcedAt'>) =>
  a.forcedAt && (!a.deadlineAt || a.forcedAt < a.deadlineAt) ? a.forcedAt : a.deadlineAt;

// ---------------------------------------------------------------------------------------------
// answering

interface Refused {
  subjectid: number;
  seq: number;
  code: number;
  message: string;
}

/**
 * Checks every answer of a save or a hand-in against the caller's attempt before anything is
 * written: each names a question of this paper (40001 naming the entry otherwise), fits its type, and
 * a file answer is the student's own upload (a photo: an image). Answers the entries as kept.
 */
async function checkEntries(ctx: AppContext, user: User, items: Map<number, Item>, entries: AnswerEntry[], field: string) {
  // the batch names `answers.N.x`; Ketangpai's one answer names its own field
  const path = (i: number, key: string) => (field ? [field, i, key] : [key]);
  const kept: { entry: AnswerEntry; value: StoredAnswer; item: Item }[] = [];
  for (const [i, entry] of entries.entries()) {
    const item = items.get(entry.subjectid);
    if (!item) throw badField('validation.subjectId', path(i, 'subjectid'));
    const value = normalizeAnswer(item, entry.answer);
    if (value === undefined) throw badField('validation.answerFormat', path(i, 'answer'));
    kept.push({ entry, value, item });
  }
  const fileIds = kept.flatMap((k) => (FILE_TYPES.includes(k.item.type) && Array.isArray(k.value) ? (k.value as number[]) : []));
  if (fileIds.length) {
    const own = await ctx.db
      .select({ id: files.id, mime: files.mime })
      .from(files)
      .where(and(eq(files.ownerId, user.id), inArray(files.id, [...new Set(fileIds)])));
    const mime = new Map(own.map((f) => [f.id, f.mime]));
    for (const [i, k] of kept.entries()) {
      if (!FILE_TYPES.includes(k.item.type) || !Array.isArray(k.value)) continue;
      const bad = (k.value as number[]).some(
        (f) => !mime.has(f) || (k.item.type === QUESTION_TYPES.photo && !mime.get(f)!.startsWith('image/')),
      );
      if (bad) throw badField('validation.fileNotYours', path(i, 'answer'));
    }
  }
  return kept;
}

/**
 * Which checked answers are taken now (decision 017): on time before the deadline; within the grace
 * only those the device timed before it, in order; nothing after a forced hand-in's moment.
 * Within one question the highest sequence number is written.
 */
function timeEntries(attempt: Attempt, kept: Awaited<ReturnType<typeof checkEntries>>, lang: 'zh' | 'en', now = Date.now()) {
  const started = attempt.startedAt ?? new Date(now);
  const order = [...kept].sort((a, b) => a.entry.seq - b.entry.seq);
  const taken: ((typeof kept)[number] & { late: boolean })[] = [];
  const refused: Refused[] = [];
  let lastLate = -1;
  const refuse = (k: (typeof kept)[number], code: 'testPastDeadline') =>
    refused.push({
      subjectid: k.entry.subjectid,
      seq: k.entry.seq,
      code: CODES[code],
      message: translate(lang, `errors.${code}`),
    });
  for (const k of order) {
    if (attempt.forcedAt && now > attempt.forcedAt.getTime()) {
      refuse(k, 'testPastDeadline');
      continue;
    }
    const timing = answerTiming(attempt.deadlineAt, started, k.entry.elapsed, now);
    // a late answer must not go back in time against the late answers before it
    if (timing === 'tooLate' || (timing === 'late' && k.entry.elapsed < lastLate)) {
      refuse(k, 'testPastDeadline');
      continue;
    }
    if (timing === 'late') lastLate = k.entry.elapsed;
    taken.push({ ...k, late: timing === 'late' });
  }
  return { taken, refused };
}

/** An answer row to write: per question of an attempt the highest sequence number of the taken answers. */
type AnswerRow = typeof testAnswers.$inferInsert & { seq: number };

/** Adds an attempt's taken answers to `rows` (by attempt and question): the highest sequence number wins, a later call's on a tie. */
function addAnswerRows(rows: Map<string, AnswerRow>, attemptId: number, taken: ReturnType<typeof timeEntries>['taken']) {
  const savedAt = new Date();
  for (const t of taken) {
    const key = `${attemptId}:${t.item.id}`;
    const held = rows.get(key);
    if (held && t.entry.seq < held.seq) continue;
    rows.set(key, {
      attemptId,
      itemId: t.item.id,
      answer: packAnswer(t.value),
      seq: t.entry.seq,
      elapsedMs: t.entry.elapsed >= 0 ? t.entry.elapsed : null,
      late: t.late,
      savedAt,
    });
  }
  return rows;
}

/**
 * Writes answer rows in one statement, whatever their number (a group of saves may carry thousands):
 * each column goes as one array parameter and `unnest` makes the rows, so the statement is the same
 * text for 1 row or 2,000 and costs nothing to build per row. A replay of the same answer changes
 * nothing; an older one never overwrites a newer.
 */
async function writeAnswerRows(db: Db, rows: Map<string, AnswerRow>) {
  const all = [...rows.values()];
  if (all.length === 0) return;
  const column = (pick: (r: AnswerRow) => unknown) => sql.param(all.map(pick));
  await db.execute(sql`
    insert into ${testAnswers} (attempt_id, item_id, answer, seq, elapsed_ms, late, saved_at)
    select r.attempt_id, r.item_id, r.answer::jsonb, r.seq, r.elapsed_ms, r.late, r.saved_at
    from unnest(
      ${column((r) => r.attemptId)}::int[], ${column((r) => r.itemId)}::int[],
      ${column((r) => JSON.stringify(r.answer))}::text[], ${column((r) => r.seq)}::int[],
      ${column((r) => r.elapsedMs ?? null)}::int[], ${column((r) => Boolean(r.late))}::boolean[],
      ${column((r) => (r.savedAt ?? new Date()).toISOString())}::timestamptz[]
    ) as r(attempt_id, item_id, answer, seq, elapsed_ms, late, saved_at)
    on conflict (attempt_id, item_id) do update set
      answer = excluded.answer, seq = excluded.seq, elapsed_ms = excluded.elapsed_ms,
      late = excluded.late, saved_at = excluded.saved_at
    -- an older save arriving after a newer one never overwrites it
    where excluded.seq >= ${testAnswers}.seq`);
}

/** The entries of a save: Ketangpai's one answer (`subjectid`, `answer`) or the batch (`answers`). */
const entriesOf = (input: SaveAnswerInput): { entries: AnswerEntry[]; field: string } =>
  input.answers.length
    ? { entries: input.answers, field: 'answers' }
    : input.subjectid
      ? { entries: [{ subjectid: input.subjectid, answer: input.answer, seq: input.seq, elapsed: input.elapsed }], field: '' }
      : { entries: [], field: 'answers' };

/** The caller's attempt under way, locked for this transaction (answers and hand-ins of one paper go one at a time). */
async function lockCurrent(db: Db, contentId: number, userId: number) {
  const [row] = await db
    .select()
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.contentId, contentId),
        eq(testAttempts.userId, userId),
        eq(testAttempts.status, ATTEMPT_STATUS.inProgress),
      ),
    )
    .for('update');
  return row;
}

/** Why there is no attempt to answer: handed in (30904) or never started (30908). */
async function noCurrent(db: Db, contentId: number, userId: number) {
  const list = await attemptsOf(db, contentId, userId);
  return list.some((a) => a.status === ATTEMPT_STATUS.submitted || a.status === ATTEMPT_STATUS.returned)
    ? fail('testHandedIn')
    : fail('testNotStarted');
}

/** The current attempts of many students, locked for this transaction in the order of their ids (no two groups deadlock), by content and user. */
async function lockCurrentOf(db: Db, calls: SaveCall[]) {
  const users = new Map<number, number[]>();
  for (const c of calls) users.set(c.contentId, [...(users.get(c.contentId) ?? []), c.user.id]);
  const rows = await db
    .select()
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.status, ATTEMPT_STATUS.inProgress),
        or(
          ...[...users].map(([contentId, ids]) => and(eq(testAttempts.contentId, contentId), inArray(testAttempts.userId, ids))),
        ),
      ),
    )
    .orderBy(asc(testAttempts.id))
    .for('update');
  return new Map(rows.map((a) => [`${a.contentId}:${a.userId}`, a]));
}

/** A save checked for access, waiting to be written. */
interface SaveCall {
  user: User;
  test: Test;
  contentId: number;
  entries: AnswerEntry[];
  field: string;
}
type Saving = { attempt: Attempt } & ReturnType<typeof timeEntries>;

/** Checks a save against its locked attempt: every entry whole first, then each taken or refused by the server's clock. */
async function checkSave(t: AppContext, c: SaveCall, attempt: Attempt): Promise<Saving> {
  const items = new Map((await attemptItems(t, c.test, attempt)).map((i) => [i.id, i]));
  const kept = await checkEntries(t, c.user, items, c.entries, c.field);
  const timed = timeEntries(attempt, kept, c.user.lang === 'en' ? 'en' : 'zh');
  if (timed.taken.length === 0) throw new AppError('testPastDeadline');
  return { attempt, ...timed };
}

/** One save in a transaction of its own. */
async function saveAlone(ctx: AppContext, c: SaveCall): Promise<Saving> {
  return inTransaction(ctx, async (t) => {
    const attempt = await lockCurrent(t.db, c.contentId, c.user.id);
    if (!attempt) throw await noCurrent(t.db, c.contentId, c.user.id);
    const saving = await checkSave(t, c, attempt);
    await writeAnswerRows(t.db, addAnswerRows(new Map(), attempt.id, saving.taken));
    return saving;
  });
}

/**
 * Saves gathered in one transaction (decision 055): one locking read of their attempts, each save
 * checked as alone (a refused one adds nothing), one write of every taken answer.
 */
async function saveTogether(ctx: AppContext, calls: SaveCall[]): Promise<Outcome<Saving>[]> {
  const outcomes: Outcome<Saving>[] = [];
  const missing: number[] = [];
  await inTransaction(ctx, async (t) => {
    const current = await lockCurrentOf(t.db, calls);
    const rows = new Map<string, AnswerRow>();
    for (const [i, c] of calls.entries()) {
      const attempt = current.get(`${c.contentId}:${c.user.id}`);
      if (!attempt) {
        missing.push(i);
        continue;
      }
      try {
        const saving = await checkSave(t, c, attempt);
        addAnswerRows(rows, attempt.id, saving.taken);
        outcomes[i] = { ok: true, value: saving };
      } catch (error) {
        // a refusal is this call's alone; anything else fails the group, whose calls then go one by one
        if (!(error instanceof AppError)) throw error;
        outcomes[i] = { ok: false, error };
      }
    }
    await writeAnswerRows(t.db, rows);
  });
  for (const i of missing) outcomes[i] = { ok: false, error: await noCurrent(ctx.db, calls[i]!.contentId, calls[i]!.user.id) };
  return outcomes;
}

/** Each app's save groups: its saves gather while a group is written. */
export const saveGroupsOf = groupsPerDatabase(
  (ctx: AppContext) =>
    new GroupCommit<SaveCall, Saving>(
      (calls) => saveTogether(ctx, calls),
      (c) => saveAlone(ctx, c),
    ),
);

/**
 * `/TestpaperApi/saveAnswer`: one answer or a journal's batch, checked whole first (a bad entry
 * refuses the call, naming it), then each taken or refused by the server's clock (decision 017).
 * When every answer is refused for time the call is refused (30903) and nothing is written. Saves
 * arriving together are written together (decision 055).
 */
export async function saveAnswers(ctx: AppContext, user: User, input: SaveAnswerInput) {
  const { item, test } = await studentAccess(ctx, user, input.courseid, input.testpaperid);
  const { entries, field } = entriesOf(input);
  if (entries.length === 0) throw badField('validation.answersBatch', ['answers']);
  const result = await saveGroupsOf(ctx).submit({ user, test, contentId: item.id, entries, field });
  const now = Date.now();
  const deadline = effectiveDeadline(result.attempt);
  return {
    saved: result.taken.map((k) => ({ subjectid: k.entry.subjectid, seq: k.entry.seq, late: (k.late ? 1 : 0) as 0 | 1 })),
    refused: result.refused,
    deadline: seconds(deadline),
    remaining: deadline ? Math.max(0, deadline.getTime() - now) : -1,
    servertime: now,
  };
}

// ---------------------------------------------------------------------------------------------
// handing in

/**
 * Grades and hands in a locked attempt under way (inside the caller's transaction): the answers
 * kept so far, graded; the teacher's hand grades stay. Answers the handed-in row.
 */
async function handIn(t: AppContext, test: Test, attempt: Attempt, kind: number) {
  const items = await attemptItems(t, test, attempt);
  const saved = await t.db.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
  const answers = new Map(saved.map((a) => [a.itemId, unpackAnswer(a.answer)]));
  const graded = gradePaper(items, answers, test.partialCredit, attempt.grades);
  const now = new Date();
  const [row] = await t.db
    .update(testAttempts)
    .set({
      status: ATTEMPT_STATUS.submitted,
      submittedAt: now,
      submitKind: kind,
      // the page went silent before the hand-in (closed, or its timers stopped): issue 24
      signals: beatGap(attempt, now.getTime()) ? withSignal(attempt.signals, 'heartbeatGap') : attempt.signals,
      grades: graded.grades,
      score: graded.score,
      pending: graded.pending,
    })
    .where(and(eq(testAttempts.id, attempt.id), eq(testAttempts.status, ATTEMPT_STATUS.inProgress)))
    .returning();
  await t.jobs.cancel(submitKey(attempt.id));
  return { row: row!, answers };
}

/**
 * Who handed a paper in, said as the server sees it at that moment: the screen-switch limit once its
 * forced moment has come; the teacher when ending the test set the deadline that has passed; the
 * deadline once it has passed; otherwise the student.
 */
export function submitKindAt(attempt: Attempt, test: Test, now = Date.now()) {
  if (attempt.forcedAt && attempt.forcedAt.getTime() <= now) return SUBMIT_KINDS.switches;
  const deadline = attempt.deadlineAt?.getTime();
  if (deadline === undefined || deadline > now) return SUBMIT_KINDS.student;
  return test.endedAt && deadline >= test.endedAt.getTime() ? SUBMIT_KINDS.ended : SUBMIT_KINDS.deadline;
}

/** Hands in one attempt by id if it is still under way (the deadline job, a late open, the teacher's end); tells the student. */
export async function handInById(ctx: AppContext, attemptId: number, now = Date.now()) {
  const done = await inTransaction(ctx, async (t) => {
    const [attempt] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId)).for('update');
    if (!attempt || attempt.status !== ATTEMPT_STATUS.inProgress) return undefined;
    const [test] = await t.db.select().from(tests).where(eq(tests.contentId, attempt.contentId));
    if (!test) return undefined;
    return (await handIn(t, test, attempt, submitKindAt(attempt, test, now))).row;
  });
  if (!done) return;
  await ctx.realtime
    .publish(rooms.user(done.userId), TEST_SUBMITTED_CMD, {
      courseid: done.courseId,
      testpaperid: done.contentId,
      attemptid: done.id,
      submitkind: done.submitKind,
    })
    .catch(() => {});
  await announceProgress(ctx, done, TEST_STATES.submitted);
}

/**
 * The hand-in job (decision 017): at the deadline and its grace, or at the moment a forced hand-in
 * was announced, the paper is handed in with what was answered. Run again, or after the student
 * handed in, it changes nothing; a deadline moved later meanwhile has replaced it with its own run.
 */
export async function submitJob(ctx: AppContext, payload: Record<string, unknown>, runAt: Date) {
  const [attempt] = await ctx.db
    .select()
    .from(testAttempts)
    .where(eq(testAttempts.id, Number(payload.id)));
  if (!attempt || attempt.status !== ATTEMPT_STATUS.inProgress) return;
  const now = Math.max(Date.now(), runAt.getTime());
  const forced = attempt.forcedAt && attempt.forcedAt.getTime() <= now;
  if (!forced && !pastGrace(attempt.deadlineAt, now) && attempt.deadlineAt) return;
  await handInById(ctx, attempt.id, now);
}

/**
 * `/TestpaperApi/handup`: takes the answers sent with it (as a save), grades and hands the paper in,
 * in one transaction. A retry — or a hand-in after the server handed it in — changes nothing and
 * answers the same result with `repeat` 1, the answers it carries not taken.
 */
export async function handup(ctx: AppContext, user: User, input: HandupInput) {
  const access = await studentAccess(ctx, user, input.courseid, input.testpaperid);
  const { item, test } = access;
  const outcome = await inTransaction(ctx, async (t) => {
    const attempt = await lockCurrent(t.db, item.id, user.id);
    if (!attempt) {
      const list = await attemptsOf(t.db, item.id, user.id);
      const last = [...list].reverse().find((a) => a.status === ATTEMPT_STATUS.submitted || a.status === ATTEMPT_STATUS.returned);
      if (!last) throw fail('testNotStarted');
      return { row: last, repeat: true, refused: [] as Refused[], answers: undefined };
    }
    const items = new Map((await attemptItems(t, test, attempt)).map((i) => [i.id, i]));
    const kept = await checkEntries(t, user, items, input.answers, 'answers');
    const { taken, refused } = timeEntries(attempt, kept, user.lang === 'en' ? 'en' : 'zh');
    await writeAnswerRows(t.db, addAnswerRows(new Map(), attempt.id, taken));
    // handed in by the page once the server's moment had come (time up, the teacher's end, too many
    // switches): said as that, not as the student's own hand-in
    const { row, answers } = await handIn(t, test, attempt, submitKindAt(attempt, test));
    return { row, repeat: false, refused, answers };
  });
  if (!outcome.repeat) await announceProgress(ctx, outcome.row, TEST_STATES.submitted);
  return presentHandIn(ctx, access, outcome);
}

/** The hand-in's answer; `answers` are those the hand-in graded (read again for a repeat). */
async function presentHandIn(
  ctx: AppContext,
  { item, test }: TestAccess,
  { row, repeat, refused, answers }: { row: Attempt; repeat: boolean; refused: Refused[]; answers?: Map<number, unknown> },
) {
  const items = await attemptItems(ctx, test, row);
  const given = new Set<number>();
  if (answers) {
    for (const [itemId, answer] of answers) if (answer !== null) given.add(itemId);
  } else {
    const answered = await ctx.db
      .select({ itemId: testAnswers.itemId, answer: testAnswers.answer })
      .from(testAnswers)
      .where(eq(testAnswers.attemptId, row.id));
    for (const a of answered) if (unpackAnswer(a.answer) !== null) given.add(a.itemId);
  }
  const questions = items.filter((i) => i.type !== QUESTION_TYPES.note);
  const state = studentState(
    { ...timesOf(item, test), releaseScores: test.releaseScores, scoresPublished: test.scoresPublished },
    row,
  );
  return {
    testpaperid: item.id,
    attemptid: row.id,
    submittedat: seconds(row.submittedAt),
    submitkind: row.submitKind,
    repeat: (repeat ? 1 : 0) as 0 | 1,
    state,
    score: state === TEST_STATES.submitted ? row.score : null,
    totalScore: test.totalScore,
    answered: questions.filter((q) => given.has(q.id)).length,
    unanswered: questions.filter((q) => !given.has(q.id)).length,
    refused,
  };
}

// ---------------------------------------------------------------------------------------------
// what the server sees during a test (issue 24; decision 017): flags for the teacher, never refusals

const withSignal = (signals: string[], signal: AttemptSignal) => (signals.includes(signal) ? signals : [...signals, signal]);

/** A gap in the page's heartbeat up to `now`: only once the page has sent one (a client without heartbeats is not judged). */
const beatGap = (attempt: Attempt, now: number) =>
  attempt.lastBeatAt !== null && now - attempt.lastBeatAt.getTime() > HEARTBEAT_GAP_SECONDS * 1000;

/**
 * `/TestpaperApi/heartbeat`: the test page, while on screen, every TEST_HEARTBEAT_SECONDS. The server
 * keeps the time of the last one; a gap longer than HEARTBEAT_GAP_SECONDS while the paper is open
 * (here, or at the hand-in) flags the paper `heartbeatGap` for the teacher.
 */
export async function heartbeat(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item } = await studentAccess(ctx, user, courseId, id);
  const now = Date.now();
  await inTransaction(ctx, async (t) => {
    const attempt = await lockCurrent(t.db, item.id, user.id);
    if (!attempt) throw await noCurrent(t.db, item.id, user.id);
    await t.db
      .update(testAttempts)
      .set({
        lastBeatAt: new Date(now),
        ...(beatGap(attempt, now) && { signals: withSignal(attempt.signals, 'heartbeatGap') }),
      })
      .where(eq(testAttempts.id, attempt.id));
  });
  return { servertime: now, next: TEST_HEARTBEAT_SECONDS };
}

// ---------------------------------------------------------------------------------------------
// screen switches

/**
 * `/TestpaperApi/reportSwitch` (spec 2 §4): the page's running count of exits; the highest is kept,
 * so a retry or a report out of order never lowers it. Past the test's limit the paper is handed in
 * 15 seconds later (`force`, `forceat`), by the page or else by the job.
 */
export async function reportSwitch(ctx: AppContext, user: User, courseId: number, id: number, count: number, elapsed = -1) {
  const { item, test } = await studentAccess(ctx, user, courseId, id);
  const row = await inTransaction(ctx, async (t) => {
    const attempt = await lockCurrent(t.db, item.id, user.id);
    if (!attempt) throw await noCurrent(t.db, item.id, user.id);
    // the page says when it saw the switch (ms since the start, anchored to the server's clock): a
    // report held back past LATE_SWITCH_REPORT_SECONDS is flagged (issue 24)
    const received = attempt.startedAt ? Date.now() - attempt.startedAt.getTime() : -1;
    const late = elapsed >= 0 && received - elapsed > LATE_SWITCH_REPORT_SECONDS * 1000;
    const kept = Math.max(attempt.switchCount, count);
    const over = test.switchLimit > 0 && kept > test.switchLimit;
    const forcedAt = attempt.forcedAt ?? (over ? new Date(Date.now() + SWITCH_WARNING_SECONDS * 1000) : null);
    const [updated] = await t.db
      .update(testAttempts)
      .set({ switchCount: kept, forcedAt, ...(late && { signals: withSignal(attempt.signals, 'lateSwitchReport') }) })
      .where(eq(testAttempts.id, attempt.id))
      .returning();
    if (forcedAt && !attempt.forcedAt) {
      const at = attempt.deadlineAt && graceEnd(attempt.deadlineAt) < forcedAt ? graceEnd(attempt.deadlineAt) : forcedAt;
      await t.jobs.schedule(SUBMIT_JOB, at, { id: attempt.id }, submitKey(attempt.id));
    }
    return updated!;
  });
  return {
    count: row.switchCount,
    limit: test.switchLimit,
    force: (row.forcedAt ? 1 : 0) as 0 | 1,
    forceat: seconds(row.forcedAt),
    warning: SWITCH_WARNING_SECONDS,
  };
}

// ---------------------------------------------------------------------------------------------
// deadlines moved by the teacher

/**
 * Works out again the deadline of every paper under way (of the given students, or all) after a
 * setting, the close, the end or extra time changed, inside the caller's transaction, moving their
 * hand-in jobs. Answers who was moved, to be told after the commit.
 */
export async function redeadline(
  t: AppContext,
  item: { id: number; publishState: number; endAt: Date | null },
  test: Test,
  userIds?: number[],
) {
  const open = await t.db
    .select({ attempt: testAttempts, extra: testExtraTimes.minutes })
    .from(testAttempts)
    .leftJoin(
      testExtraTimes,
      and(eq(testExtraTimes.contentId, testAttempts.contentId), eq(testExtraTimes.userId, testAttempts.userId)),
    )
    .where(
      and(
        eq(testAttempts.contentId, item.id),
        eq(testAttempts.status, ATTEMPT_STATUS.inProgress),
        userIds ? inArray(testAttempts.userId, userIds.length ? userIds : [0]) : undefined,
      ),
    );
  const moved: { attempt: Attempt; deadline: Date | null; extra: number }[] = [];
  for (const { attempt, extra } of open) {
    const deadline = deadlineOf(timesOf(item, test), attempt.startedAt ?? new Date(), extra ?? 0);
    if ((deadline?.getTime() ?? 0) === (attempt.deadlineAt?.getTime() ?? 0)) continue;
    await t.db.update(testAttempts).set({ deadlineAt: deadline }).where(eq(testAttempts.id, attempt.id));
    if (deadline) {
      const at = attempt.forcedAt && attempt.forcedAt < graceEnd(deadline) ? attempt.forcedAt : graceEnd(deadline);
      await t.jobs.schedule(SUBMIT_JOB, at, { id: attempt.id }, submitKey(attempt.id));
    } else if (!attempt.forcedAt) await t.jobs.cancel(submitKey(attempt.id));
    moved.push({ attempt, deadline, extra: extra ?? 0 });
  }
  return moved;
}

/** Tells each moved student their new deadline (after the commit). */
export async function announceDeadlines(ctx: AppContext, moved: Awaited<ReturnType<typeof redeadline>>) {
  for (const m of moved)
    await ctx.realtime
      .publish(rooms.user(m.attempt.userId), TEST_DEADLINE_CMD, {
        courseid: m.attempt.courseId,
        testpaperid: m.attempt.contentId,
        attemptid: m.attempt.id,
        deadline: seconds(m.deadline),
        extratime: m.extra,
      })
      .catch(() => {});
}
