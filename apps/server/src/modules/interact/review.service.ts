import {
  type AnswerDetail,
  CONTENT_TYPES,
  type Exhibition,
  INTERACT_EVENTS,
  INTERACT_EXHIBIT,
  INTERACT_EXHIBIT_MAX,
  type MyResults,
  QUESTION_TYPES,
  type ReviewAnswers,
  type ReviewedAnswer,
  type ShownAnswer,
} from '@paiclass/shared';
import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { contents, courseMembers, interactAnswers, interactSteps, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { loadItem } from '../content/content.service';
import { authorize } from '../courses/courses.queries';
import { unpackAnswer } from '../exams/grading';
import { KEYED, keyOf, loadStep, presentStep, stepState } from './interact.service';

/*
 * Answer review (issue 15; decision 022, "Answer review"): the staff read every answer of a step, mark
 * them (excellent, good, needs work, with a comment for the author), and show some to the class — on
 * the classroom screen and on the students' phones, with or without names. An anonymous question
 * stays anonymous: its answers are named by their own number only, never by their authors. A student
 * sees their own answers and marks, and of others only what the teacher showed; the key and right or
 * wrong only once the step is revealed.
 */

type Step = typeof interactSteps.$inferSelect;
type AnswerRow = typeof interactAnswers.$inferSelect & { username: string; stno: string };

const isAnonymous = (step: Pick<Step, 'type'>) => step.type === QUESTION_TYPES.anonymousOpen;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A step of an item the caller may see, refused to anyone but the course's teacher and assistants. */
async function staffStep(ctx: AppContext, user: User, stepId: number) {
  const found = await loadStep(ctx, user, stepId);
  if (!found.staff) throw fail('forbidden');
  return found;
}

/** The answers of some steps with their authors' names, oldest first. */
function answerRows(ctx: AppContext, where: ReturnType<typeof and>) {
  return ctx.db
    .select({
      stepId: interactAnswers.stepId,
      userId: interactAnswers.userId,
      courseId: interactAnswers.courseId,
      answer: interactAnswers.answer,
      correct: interactAnswers.correct,
      createdAt: interactAnswers.createdAt,
      id: interactAnswers.id,
      mark: interactAnswers.mark,
      comment: interactAnswers.comment,
      exhibit: interactAnswers.exhibit,
      username: users.username,
      stno: users.stno,
    })
    .from(interactAnswers)
    .innerJoin(users, eq(users.id, interactAnswers.userId))
    .where(where)
    .orderBy(asc(interactAnswers.createdAt), asc(interactAnswers.id));
}

function presentReviewed(step: Step, row: AnswerRow): ReviewedAnswer {
  const anonymous = isAnonymous(step);
  return {
    answerid: row.id,
    uid: anonymous ? 0 : row.userId,
    username: anonymous ? '' : row.username,
    stno: anonymous ? '' : row.stno,
    answer: unpackAnswer(row.answer),
    correct: row.correct ?? -1,
    mark: row.mark,
    comment: row.comment,
    exhibit: row.exhibit,
    // the moment of an anonymous answer could point at its author
    createtime: anonymous ? 0 : seconds(row.createdAt),
  };
}

/** An answer shown to the class: named only when shown with the name; right or wrong only once revealed. */
function presentShown(step: Step, row: AnswerRow, me: number): ShownAnswer {
  const named = row.exhibit === INTERACT_EXHIBIT.named && !isAnonymous(step);
  return {
    answerid: row.id,
    username: named ? row.username : '',
    answer: unpackAnswer(row.answer),
    mark: row.mark,
    correct: step.revealedAt ? (row.correct ?? -1) : -1,
    mine: row.userId === me ? 1 : 0,
  };
}

async function stepCount(ctx: AppContext, contentId: number) {
  const [{ n }] = (await ctx.db.select({ n: count() }).from(interactSteps).where(eq(interactSteps.contentId, contentId))) as [
    { n: number },
  ];
  return Number(n);
}

async function studentCount(ctx: AppContext, courseId: number) {
  const [{ n }] = (await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')))) as [{ n: number }];
  return Number(n);
}

/** `/InteractApi/reviewAnswers`: a step (with its key) and every answer to it, for its course's staff. */
export async function reviewAnswers(ctx: AppContext, user: User, stepId: number): Promise<ReviewAnswers> {
  const { step, item } = await staffStep(ctx, user, stepId);
  const rows = await answerRows(ctx, eq(interactAnswers.stepId, step.id));
  return {
    interactid: item.id,
    courseid: item.courseId,
    title: item.title,
    total: await stepCount(ctx, item.id),
    anonymous: isAnonymous(step) ? 1 : 0,
    members: await studentCount(ctx, step.courseId),
    step: presentStep(step, true, undefined, rows.length),
    answers: rows.map((r) => presentReviewed(step, r)),
  };
}

/**
 * The answers of a step named by `answerid`s or by their authors' `uid`s; refuses, naming the field,
 * any that is not an answer to this step, and authors on an anonymous question.
 */
async function chosenAnswers(ctx: AppContext, step: Step, answerIds: number[], uids: number[], fields: [string, string]) {
  if (uids.length > 0 && isAnonymous(step)) throw badField('validation.anonymousUid', [fields[1]]);
  if (answerIds.length + uids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: interactAnswers.id, userId: interactAnswers.userId })
    .from(interactAnswers)
    .where(
      and(
        eq(interactAnswers.stepId, step.id),
        or(
          answerIds.length ? inArray(interactAnswers.id, answerIds) : undefined,
          uids.length ? inArray(interactAnswers.userId, uids) : undefined,
        ),
      ),
    );
  if (answerIds.some((id) => !rows.some((r) => r.id === id))) throw badField('validation.answerRef', [fields[0]]);
  if (uids.some((uid) => !rows.some((r) => r.userId === uid))) throw badField('validation.answerRef', [fields[1]]);
  return rows;
}

/**
 * `/InteractApi/markAnswer`: the teacher's mark (0 none, 1 excellent, 2 good, 3 needs work) and
 * comment on one answer; what is left out stays. Its author and the staff are told (`Interact.mark`),
 * without the mark. Refuses students, an answer of another step, and nothing to change.
 */
export async function markAnswer(
  ctx: AppContext,
  user: User,
  input: { stepid: number; answerid: number; uid: number; mark?: number; comment?: string },
): Promise<ReviewedAnswer> {
  const { step } = await staffStep(ctx, user, input.stepid);
  await authorize(ctx, user, step.courseId, 'teachClass');
  if (input.mark === undefined && input.comment === undefined) throw badField('validation.answerMark', ['mark']);
  if (!input.answerid && !input.uid) throw badField('validation.answerRef', ['answerid']);
  const [chosen] = input.answerid
    ? await chosenAnswers(ctx, step, [input.answerid], [], ['answerid', 'uid'])
    : await chosenAnswers(ctx, step, [], [input.uid], ['answerid', 'uid']);
  const [marked] = await ctx.db
    .update(interactAnswers)
    .set({
      ...(input.mark !== undefined && { mark: input.mark }),
      ...(input.comment !== undefined && { comment: input.comment }),
    })
    .where(and(eq(interactAnswers.stepId, step.id), eq(interactAnswers.userId, chosen!.userId)))
    .returning();
  const event = { courseid: step.courseId, interactid: step.contentId, stepid: step.id };
  await ctx.realtime.publish(rooms.user(chosen!.userId), INTERACT_EVENTS.marked, event);
  await ctx.realtime.publish(rooms.courseStaff(step.courseId), INTERACT_EVENTS.marked, event);
  const [author] = await ctx.db
    .select({ username: users.username, stno: users.stno })
    .from(users)
    .where(eq(users.id, marked!.userId));
  return presentReviewed(step, { ...marked!, username: author?.username ?? '', stno: author?.stno ?? '' });
}

/**
 * `/InteractApi/exhibitAnswers`: the answers of a step shown to the class from now on, replacing those
 * shown before (none clears them), without names or with them (`named`, never on an anonymous
 * question). One statement; the course is told (`Interact.exhibit`, with how many, no answer).
 */
export async function exhibitAnswers(
  ctx: AppContext,
  user: User,
  input: { stepid: number; answerids: number[]; uids: number[]; named: number },
): Promise<ReviewAnswers> {
  const { step } = await staffStep(ctx, user, input.stepid);
  await authorize(ctx, user, step.courseId, 'teachClass');
  if (input.named && isAnonymous(step)) throw badField('validation.exhibitNamed', ['named']);
  const answerIds = [...new Set(input.answerids)];
  const uids = [...new Set(input.uids)];
  const rows = await chosenAnswers(ctx, step, answerIds, uids, ['answerids', 'uids']);
  const ids = [...new Set(rows.map((r) => r.id))];
  if (ids.length > INTERACT_EXHIBIT_MAX) throw badField('validation.exhibitAnswers', [answerIds.length ? 'answerids' : 'uids']);
  const level = input.named ? INTERACT_EXHIBIT.named : INTERACT_EXHIBIT.unnamed;
  await ctx.db
    .update(interactAnswers)
    .set({
      exhibit: ids.length ? sql`case when ${inArray(interactAnswers.id, ids)} then ${level}::smallint else 0::smallint end` : 0,
    })
    .where(
      and(
        eq(interactAnswers.stepId, step.id),
        ids.length ? or(gt(interactAnswers.exhibit, 0), inArray(interactAnswers.id, ids)) : gt(interactAnswers.exhibit, 0),
      ),
    );
  await ctx.realtime.publish(rooms.course(step.courseId), INTERACT_EVENTS.exhibited, {
    courseid: step.courseId,
    interactid: step.contentId,
    stepid: step.id,
    count: ids.length,
  });
  return reviewAnswers(ctx, user, step.id);
}

/**
 * `/InteractApi/exhibition`: a step as the class sees it on the screen — the key only once revealed,
 * to the staff too — with how many answered (staff at any time, students once revealed) and the
 * answers the teacher shows. Any member who may see the item.
 */
export async function exhibition(ctx: AppContext, user: User, stepId: number): Promise<Exhibition> {
  const { step, item, staff } = await loadStep(ctx, user, stepId);
  const shown = await answerRows(ctx, and(eq(interactAnswers.stepId, step.id), gt(interactAnswers.exhibit, 0)));
  const [mine] = staff
    ? []
    : await ctx.db
        .select()
        .from(interactAnswers)
        .where(and(eq(interactAnswers.stepId, step.id), eq(interactAnswers.userId, user.id)));
  const visible = staff || step.revealedAt !== null;
  const [{ n }] = visible
    ? ((await ctx.db.select({ n: count() }).from(interactAnswers).where(eq(interactAnswers.stepId, step.id))) as [{ n: number }])
    : [{ n: 0 }];
  return {
    interactid: item.id,
    courseid: item.courseId,
    title: item.title,
    total: await stepCount(ctx, item.id),
    members: await studentCount(ctx, step.courseId),
    answered: Number(n),
    step: presentStep(step, false, mine, Number(n)),
    shown: shown.map((r) => presentShown(step, r, user.id)),
  };
}

/**
 * `/InteractApi/myResults`: a student's answers on every step of an item (named by `interactid` or by
 * one of its `stepid`s), the teacher's marks and comments on them, whether each was shown, the answers
 * the teacher shows; the key, analysis and right or wrong only of revealed steps. Students only.
 */
export async function myResults(ctx: AppContext, user: User, input: { interactid: number; stepid: number }): Promise<MyResults> {
  if (!input.interactid && !input.stepid) throw badField('validation.interactOrStep', ['interactid']);
  let courseId: number;
  let interactId = input.interactid;
  if (interactId) {
    const [row] = await ctx.db.select({ courseId: contents.courseId }).from(contents).where(eq(contents.id, interactId));
    if (!row) throw fail('notFound');
    courseId = row.courseId;
  } else {
    const [row] = await ctx.db
      .select({ courseId: interactSteps.courseId, contentId: interactSteps.contentId })
      .from(interactSteps)
      .where(eq(interactSteps.id, input.stepid));
    if (!row) throw fail('notFound');
    courseId = row.courseId;
    interactId = row.contentId;
  }
  const { item, m } = await loadItem(ctx, user, courseId, interactId);
  if (item.contenttype !== CONTENT_TYPES.interactiveAnswer) throw fail('notFound');
  if (m.role !== 'student') throw fail('forbidden');
  const steps = await ctx.db
    .select()
    .from(interactSteps)
    .where(eq(interactSteps.contentId, item.id))
    .orderBy(asc(interactSteps.sort));
  const stepIds = steps.map((s) => s.id);
  const rows = stepIds.length
    ? await answerRows(
        ctx,
        and(inArray(interactAnswers.stepId, stepIds), or(eq(interactAnswers.userId, user.id), gt(interactAnswers.exhibit, 0))),
      )
    : [];
  let right = 0;
  let judged = 0;
  const present = steps.map((s) => {
    const mine = rows.find((r) => r.stepId === s.id && r.userId === user.id);
    if (s.revealedAt && KEYED.includes(s.type)) {
      judged += 1;
      if (mine?.correct === 1) right += 1;
    }
    return {
      ...presentStep(s, false, mine),
      mymark: mine?.mark ?? 0,
      mycomment: mine?.comment ?? '',
      myexhibit: mine?.exhibit ?? 0,
      shown: rows.filter((r) => r.stepId === s.id && r.exhibit > 0).map((r) => presentShown(s, r, user.id)),
    };
  });
  return {
    id: item.id,
    courseid: item.courseId,
    title: item.title,
    createtime: seconds(item.createdAt),
    steps: present,
    answered: rows.filter((r) => r.userId === user.id).length,
    judged,
    right,
  };
}

/**
 * `/InteractApi/answerDetail`: one student's answer to a step, with its mark, and their answers on
 * every step of the item — nothing of theirs on an anonymous one. Staff only; refuses an anonymous
 * step (naming `uid`) and someone who is not a student of the course.
 */
export async function answerDetail(ctx: AppContext, user: User, stepId: number, uid: number): Promise<AnswerDetail> {
  const { step, item } = await staffStep(ctx, user, stepId);
  if (isAnonymous(step)) throw badField('validation.anonymousUid', ['uid']);
  const [student] = await ctx.db
    .select({ username: users.username, stno: users.stno })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, step.courseId), eq(courseMembers.userId, uid), eq(courseMembers.role, 'student')));
  if (!student) throw badField('validation.interactStudent', ['uid']);
  const steps = await ctx.db
    .select()
    .from(interactSteps)
    .where(eq(interactSteps.contentId, item.id))
    .orderBy(asc(interactSteps.sort));
  const rows = await answerRows(
    ctx,
    and(
      inArray(
        interactAnswers.stepId,
        steps.map((s) => s.id),
      ),
      eq(interactAnswers.userId, uid),
    ),
  );
  const own = rows.find((r) => r.stepId === step.id);
  let answered = 0;
  let right = 0;
  return {
    interactid: item.id,
    courseid: item.courseId,
    title: item.title,
    uid,
    username: student.username,
    stno: student.stno,
    step: presentStep(step, true),
    answer: own ? presentReviewed(step, own) : null,
    steps: steps.map((s) => {
      const anonymous = isAnonymous(s);
      const row = anonymous ? undefined : rows.find((r) => r.stepId === s.id);
      if (row) answered += 1;
      if (row?.correct === 1) right += 1;
      return {
        stepid: s.id,
        sort: s.sort,
        type: s.type,
        stem: s.stem,
        options: s.options,
        key: keyOf(s),
        state: stepState(s),
        revealed: s.revealedAt ? 1 : 0,
        anonymous: anonymous ? 1 : 0,
        answered: row ? 1 : 0,
        answer: row ? unpackAnswer(row.answer) : null,
        correct: row?.correct ?? -1,
        mark: row?.mark ?? 0,
        exhibit: row?.exhibit ?? 0,
      };
    }),
    answered,
    right,
  };
}
