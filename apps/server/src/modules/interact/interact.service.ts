import {
  CONTENT_TYPES,
  INTERACT_EVENTS,
  LIVE_QUESTION_TYPES,
  optionKey,
  PUBLISH_STATES,
  QUESTION_TYPES,
  type StepResult,
  type StepView,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { contents, courseMembers, interactAnswers, interactSteps, questions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import { Coalescer } from '../../platform/coalesce';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { openClassTime } from '../classtime/classtime.service';
import { createItem, loadItem, requireManager } from '../content/content.service';
import { authorize } from '../courses/courses.queries';
import { gradeAnswer, normalizeAnswer, packAnswer, type StoredAnswer, unpackAnswer } from '../exams/grading';
import { keyText } from '../exams/presenters';

/*
 * Interactive answers (content type 3, issue 15; decision 022). A teacher makes one from questions of
 * the course's bank (copied, so later edits of the bank change nothing asked); in a class they open
 * one step at a time for a number of seconds; students answer once each, by the server's clock;
 * the teacher watches the counts arrive, closes early if they like, and reveals the key and the
 * counts to the students. A student never receives another's answer, nor the key or the counts
 * before the reveal.
 */

type Step = typeof interactSteps.$inferSelect;
const Q = QUESTION_TYPES;
const ms = (d: Date | null) => (d ? d.getTime() : 0);

/** 0 not started, 1 taking answers (by the server's clock), 2 closed */
export function stepState(step: Pick<Step, 'openedAt' | 'closesAt'>, now = Date.now()): 0 | 1 | 2 {
  if (!step.openedAt || !step.closesAt) return 0;
  return now < step.closesAt.getTime() ? 1 : 2;
}

/** Types whose answers are counted per choice, true/false or rating value. */
const COUNTED: readonly number[] = [Q.trueFalse, Q.single, Q.multiple, Q.indefinite, Q.singleVote, Q.multiVote, Q.rating];
/** Types with a key to be right about. */
export const KEYED: readonly number[] = [Q.trueFalse, Q.single, Q.multiple, Q.indefinite, Q.fillBlank];

/** The key as students see it after the reveal (fill in blank: each blank's first accepted answer). */
export function keyOf(step: Step) {
  if (step.type === Q.fillBlank) return (step.answer.blanks ?? []).map((b) => b[0] ?? '').join(' | ');
  return keyText(step.type, step.answer);
}

export function presentStep(
  step: Step,
  staff: boolean,
  mine?: { answer: unknown; correct: number | null },
  answered = 0,
): StepView {
  const revealed = step.revealedAt ? 1 : 0;
  const showKey = staff || revealed === 1;
  return {
    stepid: step.id,
    interactid: step.contentId,
    sort: step.sort,
    type: step.type,
    stem: step.stem,
    options: step.options,
    spec: step.spec,
    seconds: step.seconds,
    state: stepState(step),
    opened_at: ms(step.openedAt),
    closes_at: ms(step.closesAt),
    now: Date.now(),
    revealed,
    key: showKey ? keyOf(step) : '',
    analysis: showKey ? step.analysis : '',
    mine: mine ? unpackAnswer(mine.answer) : null,
    mycorrect: mine && showKey && mine.correct !== null ? mine.correct : -1,
    answered,
  };
}

/** A step with the item it belongs to, checked against the caller (students: published items only). */
export async function loadStep(ctx: AppContext, user: User, stepId: number) {
  const [step] = await ctx.db.select().from(interactSteps).where(eq(interactSteps.id, stepId));
  if (!step) throw fail('notFound');
  const { item, m } = await loadItem(ctx, user, step.courseId, step.contentId);
  return { step, item, m, staff: m.role === 'owner' || m.role === 'assistant' };
}

/** `/InteractApi/create`: an interactive answer of bank questions, published at once; its steps wait for a class. */
export async function createInteract(
  ctx: AppContext,
  user: User,
  input: { courseid: number; title: string; questionids: number[]; seconds: number },
) {
  const m = await requireManager(ctx, user, input.courseid);
  const ids = [...new Set(input.questionids)];
  const found = await ctx.db
    .select()
    .from(questions)
    .where(and(inArray(questions.id, ids), eq(questions.courseId, input.courseid), isNull(questions.deletedAt)));
  if (found.length !== ids.length) throw badField('validation.interactQuestions', ['questionids']);
  if (found.some((q) => !(LIVE_QUESTION_TYPES as readonly number[]).includes(q.type))) throw fail('notLiveType');
  const byId = new Map(found.map((q) => [q.id, q]));
  const item = await inTransaction(ctx, (t) =>
    createItem(
      t,
      user,
      m,
      {
        contenttype: CONTENT_TYPES.interactiveAnswer,
        title: input.title,
        content: '',
        fileids: [],
        link: '',
        downloadable: 1,
        folderid: 0,
        dirid: 0,
        publish: 1,
        publish_time: 0,
        endtime: 0,
      },
      async (tx, made) => {
        await tx.insert(interactSteps).values(
          ids.map((id, sort) => {
            const q = byId.get(id)!;
            return {
              contentId: made.id,
              courseId: input.courseid,
              sort: sort + 1,
              questionId: q.id,
              type: q.type,
              stem: q.stem,
              options: q.options,
              answer: q.answer,
              spec: q.spec,
              analysis: q.analysis,
              seconds: input.seconds,
            };
          }),
        );
      },
    ),
  );
  return getInteract(ctx, user, item.id);
}

/** The course's interactive answers, newest first, with how many steps each has, are open and (for a student) answered. */
export async function listInteracts(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  const staff = m.role === 'owner' || m.role === 'assistant';
  const items = await ctx.db
    .select({ id: contents.id, title: contents.title, createdAt: contents.createdAt })
    .from(contents)
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, CONTENT_TYPES.interactiveAnswer),
        isNull(contents.deletedAt),
        staff ? undefined : inArray(contents.publishState, [PUBLISH_STATES.published, PUBLISH_STATES.ended]),
      ),
    )
    .orderBy(desc(contents.createdAt))
    .limit(200);
  const ids = items.map((i) => i.id);
  const steps = ids.length ? await ctx.db.select().from(interactSteps).where(inArray(interactSteps.contentId, ids)) : [];
  const mine = ids.length
    ? await ctx.db
        .select({ stepId: interactAnswers.stepId })
        .from(interactAnswers)
        .innerJoin(interactSteps, eq(interactSteps.id, interactAnswers.stepId))
        .where(and(eq(interactAnswers.userId, user.id), inArray(interactSteps.contentId, ids)))
    : [];
  const answered = new Set(mine.map((a) => a.stepId));
  return {
    list: items.map((i) => {
      const own = steps.filter((s) => s.contentId === i.id);
      return {
        id: i.id,
        title: i.title,
        createtime: Math.floor(i.createdAt.getTime() / 1000),
        steps: own.length,
        open: own.filter((s) => stepState(s) === 1).length,
        answered: own.filter((s) => answered.has(s.id)).length,
      };
    }),
  };
}

/** `/InteractApi/getInteract`: the item and its steps, each as the caller may see it. */
export async function getInteract(ctx: AppContext, user: User, interactId: number) {
  const [row] = await ctx.db.select({ courseId: contents.courseId }).from(contents).where(eq(contents.id, interactId));
  if (!row) throw fail('notFound');
  const { item, m } = await loadItem(ctx, user, row.courseId, interactId);
  if (item.contenttype !== CONTENT_TYPES.interactiveAnswer) throw fail('notFound');
  const staff = m.role === 'owner' || m.role === 'assistant';
  const steps = await ctx.db
    .select()
    .from(interactSteps)
    .where(eq(interactSteps.contentId, item.id))
    .orderBy(asc(interactSteps.sort));
  const stepIds = steps.map((s) => s.id);
  const mine = stepIds.length
    ? await ctx.db
        .select()
        .from(interactAnswers)
        .where(and(eq(interactAnswers.userId, user.id), inArray(interactAnswers.stepId, stepIds)))
    : [];
  const counts = stepIds.length
    ? await ctx.db
        .select({ stepId: interactAnswers.stepId, n: count() })
        .from(interactAnswers)
        .where(inArray(interactAnswers.stepId, stepIds))
        .groupBy(interactAnswers.stepId)
    : [];
  return {
    id: item.id,
    courseid: item.courseId,
    title: item.title,
    createtime: Math.floor(item.createdAt.getTime() / 1000),
    steps: steps.map((s) =>
      presentStep(
        s,
        staff,
        mine.find((a) => a.stepId === s.id),
        staff ? Number(counts.find((c) => c.stepId === s.id)?.n ?? 0) : 0,
      ),
    ),
  };
}

/**
 * Opens a step for `seconds` (its own when not given) in the class in progress: the course is told
 * (`Interact.stepStart`) and the countdown runs from the server's clock. A step is asked once.
 */
export async function startStep(ctx: AppContext, user: User, stepId: number, seconds?: number) {
  const { step } = await loadStep(ctx, user, stepId);
  await authorize(ctx, user, step.courseId, 'teachClass');
  const open = await openClassTime(ctx, step.courseId);
  if (!open) throw fail('notInClass');
  if (step.openedAt) throw fail('stepStarted');
  const length = seconds ?? step.seconds;
  const now = new Date();
  const [started] = await ctx.db
    .update(interactSteps)
    .set({ openedAt: now, closesAt: new Date(now.getTime() + length * 1000), seconds: length, classTimeId: open.id })
    .where(and(eq(interactSteps.id, step.id), isNull(interactSteps.openedAt)))
    .returning();
  if (!started) throw fail('stepStarted');
  await ctx.realtime.publish(rooms.course(step.courseId), INTERACT_EVENTS.started, {
    courseid: step.courseId,
    interactid: step.contentId,
    stepid: step.id,
    seconds: length,
    closes_at: ms(started.closesAt),
  });
  return presentStep(started, true);
}

/** Closes a step taking answers now; a closed or unstarted step changes nothing. */
export async function closeStep(ctx: AppContext, user: User, stepId: number) {
  const { step } = await loadStep(ctx, user, stepId);
  await authorize(ctx, user, step.courseId, 'teachClass');
  const [closed] = await ctx.db
    .update(interactSteps)
    .set({ closesAt: new Date() })
    .where(and(eq(interactSteps.id, step.id), gt(interactSteps.closesAt, new Date())))
    .returning();
  if (closed)
    await ctx.realtime.publish(rooms.course(step.courseId), INTERACT_EVENTS.closed, {
      courseid: step.courseId,
      interactid: step.contentId,
      stepid: step.id,
    });
  return presentStep(closed ?? step, true);
}

/** Shows the key and the counts to the students (closing the step first if it still takes answers). */
export async function revealStep(ctx: AppContext, user: User, stepId: number) {
  const { step } = await loadStep(ctx, user, stepId);
  await authorize(ctx, user, step.courseId, 'teachClass');
  if (!step.openedAt) throw fail('stepNotOpen');
  if (stepState(step) === 1) await closeStep(ctx, user, stepId);
  const now = new Date();
  const [revealed] = await ctx.db
    .update(interactSteps)
    .set({ revealedAt: now, closesAt: sql`least(${interactSteps.closesAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(interactSteps.id, step.id))
    .returning();
  if (!step.revealedAt)
    await ctx.realtime.publish(rooms.course(step.courseId), INTERACT_EVENTS.revealed, {
      courseid: step.courseId,
      interactid: step.contentId,
      stepid: step.id,
    });
  return presentStep(revealed!, true);
}

/**
 * A student's answer: taken while the step is open by the server's clock, once (the first counts).
 * The course's staff are told how many have answered; nothing of the answer goes to other students.
 */
export async function answerStep(ctx: AppContext, user: User, stepId: number, raw: unknown) {
  const { step, m } = await loadStep(ctx, user, stepId);
  if (m.role !== 'student') throw fail('forbidden');
  if (stepState(step) !== 1) throw fail('stepNotOpen');
  const answer = normalizeAnswer(step, raw);
  if (answer === undefined || answer === null) throw badField('validation.interactAnswer', ['answer']);
  const grade = KEYED.includes(step.type) ? gradeAnswer({ ...step, score: 1 }, answer, false) : undefined;
  const [stored] = await ctx.db
    .insert(interactAnswers)
    .values({ stepId: step.id, userId: user.id, courseId: step.courseId, answer: packAnswer(answer), correct: grade?.c ?? null })
    .onConflictDoNothing()
    .returning();
  if (!stored) throw fail('alreadyAnswered');
  await tellAnswered(ctx, step);
  return presentStep(step, false, stored);
}

const tallies = new WeakMap<AppContext, Coalescer>();

/**
 * Tells the course's staff how many have answered a step. A class answers at once: the answers that
 * arrive while a count is being taken share the next count (decision 022), so 2,000 answers cost a
 * few counts, not 2,000 counts of a growing table, and the last count told is the true one.
 */
function tellAnswered(ctx: AppContext, step: Step) {
  const tally = tallies.get(ctx) ?? new Coalescer();
  tallies.set(ctx, tally);
  return tally.run(String(step.id), async () => {
    const [{ n }] = (await ctx.db.select({ n: count() }).from(interactAnswers).where(eq(interactAnswers.stepId, step.id))) as [
      { n: number },
    ];
    await ctx.realtime.publish(rooms.courseStaff(step.courseId), INTERACT_EVENTS.answered, {
      courseid: step.courseId,
      interactid: step.contentId,
      stepid: step.id,
      answered: Number(n),
    });
  });
}

/** The values an answer counts for: its keys, its true/false, its rating. */
function countedValues(answer: StoredAnswer): string[] {
  if (answer === null) return [];
  return Array.isArray(answer) ? answer.map(String) : [String(answer)];
}

/**
 * `/InteractApi/stepResult`: the counts of a step. Staff see them at any time with who answered
 * what (an anonymous question without names); a student sees their own answer, and the key and
 * counts only once revealed.
 */
export async function stepResult(ctx: AppContext, user: User, stepId: number): Promise<StepResult> {
  const { step, staff } = await loadStep(ctx, user, stepId);
  const visible = staff || step.revealedAt !== null;
  const [{ members }] = (await ctx.db
    .select({ members: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, step.courseId), eq(courseMembers.role, 'student')))) as [{ members: number }];
  const rows = visible
    ? await ctx.db
        .select({
          uid: interactAnswers.userId,
          username: users.username,
          answer: interactAnswers.answer,
          correct: interactAnswers.correct,
        })
        .from(interactAnswers)
        .innerJoin(users, eq(users.id, interactAnswers.userId))
        .where(eq(interactAnswers.stepId, step.id))
        .orderBy(asc(interactAnswers.createdAt))
    : [];
  const values =
    step.type === Q.trueFalse
      ? ['1', '0']
      : step.type === Q.rating
        ? Array.from({ length: (step.spec.max ?? 0) - (step.spec.min ?? 0) + 1 }, (_, i) => String((step.spec.min ?? 0) + i))
        : step.options.map((_, i) => optionKey(i));
  const tally = new Map(values.map((v) => [v, 0]));
  for (const r of rows) for (const v of countedValues(unpackAnswer(r.answer))) if (tally.has(v)) tally.set(v, tally.get(v)! + 1);
  const anonymous = step.type === Q.anonymousOpen;
  return {
    stepid: step.id,
    type: step.type,
    options: step.options,
    revealed: step.revealedAt ? 1 : 0,
    key: visible ? keyOf(step) : '',
    members: Number(members),
    answered: rows.length,
    correct: rows.filter((r) => r.correct === 1).length,
    counts: COUNTED.includes(step.type) && visible ? values.map((v) => ({ value: v, count: tally.get(v)! })) : [],
    answers: staff
      ? rows.map((r) => ({
          uid: anonymous ? 0 : r.uid,
          username: anonymous ? '' : r.username,
          answer: unpackAnswer(r.answer),
          correct: r.correct ?? -1,
        }))
      : [],
  };
}

/**
 * `/InteractApi/isExistJoinStepV2`: the steps of the course taking answers that the student has not
 * answered (the "join?" prompt on entering the course, spec 2 §8). Staff: none.
 */
export async function pendingSteps(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  if (m.role !== 'student') return { count: 0, list: [] };
  const rows = await ctx.db
    .select({
      stepid: interactSteps.id,
      interactid: interactSteps.contentId,
      title: contents.title,
      closesAt: interactSteps.closesAt,
    })
    .from(interactSteps)
    .innerJoin(contents, eq(contents.id, interactSteps.contentId))
    .where(
      and(
        eq(interactSteps.courseId, courseId),
        gt(interactSteps.closesAt, new Date()),
        isNull(contents.deletedAt),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(interactAnswers)
            .where(and(eq(interactAnswers.stepId, interactSteps.id), eq(interactAnswers.userId, user.id))),
        ),
      ),
    )
    .orderBy(asc(interactSteps.closesAt));
  return {
    count: rows.length,
    list: rows.map((r) => ({ stepid: r.stepid, interactid: r.interactid, title: r.title, closes_at: ms(r.closesAt) })),
  };
}
