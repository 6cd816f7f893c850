import {
  CONTENT_TYPES,
  GRADE_MAX,
  type myReviewsAnswer,
  type reviewDetailAnswer,
  type reviewInput,
  type reviewOverrideAnswer,
  type reviewSubmitAnswer,
  SUBMISSION_STATUS,
} from '@paiclass/shared';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contents, courses, homeworks, peerReviews, submissions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { presentRichText } from '../content/rich-text';
import { createNotices } from '../notices/notices.service';
import { submits } from './homework.policy';
import { expectedOwners, filesById, loadHomework, ownerOf, pickFiles, requireGrader } from './homework.queries';

export const ASSIGN_JOB = 'homework.assignReviews';
export const assignKey = (contentId: number) => `reviews:${contentId}`;

type Review = typeof peerReviews.$inferSelect;

/** A stable tie-break, so that the same class gets the same assignment on every instance. */
const mix = (a: number, b: number, c: number) => {
  let h = (a * 374761393 + b * 668265263 + c * 2246822519) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * Evens out the reviewers' loads after the greedy pass, which can leave one student with a task more
 * than their share and another with one less (3, 2, 2, 1 for four students): a new assignment moves
 * from the busiest reviewer to the least busy one who may take it, while that narrows the gap.
 * Assignments made before this run never move.
 */
function spreadEvenly(
  added: { submissionId: number; reviewerId: number }[],
  needs: { s: { id: number }; authors: Set<number>; taken: Set<number> }[],
  load: Map<number, number>,
) {
  const bySubmission = new Map(needs.map((n) => [n.s.id, n]));
  for (let moved = true; moved; ) {
    moved = false;
    const order = [...load.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [busy, high] of order) {
      for (const [idle, low] of [...order].reverse()) {
        if (high - low < 2) break;
        const a = added.find((x) => {
          const n = bySubmission.get(x.submissionId)!;
          return x.reviewerId === busy && !n.authors.has(idle) && !n.taken.has(idle);
        });
        if (!a) continue;
        const n = bySubmission.get(a.submissionId)!;
        n.taken.delete(busy);
        n.taken.add(idle);
        a.reviewerId = idle;
        load.set(busy, high - 1);
        load.set(idle, low + 1);
        moved = true;
        break;
      }
      if (moved) break;
    }
  }
}

/**
 * The reviews to add (no database): each submission gets `reviewers` reviewers, never one of its
 * authors, each going to the eligible student with the fewest so far, ties broken by a stable mix of
 * the ids; the most constrained submissions (groups exclude more people) first, then evened out.
 * `existing` reviews count towards the loads and never move.
 */
export function planReviews(o: {
  contentId: number;
  reviewers: number;
  students: number[];
  submissions: { id: number; authors: number[] }[];
  existing: Pick<Review, 'submissionId' | 'reviewerId'>[];
}) {
  const { contentId, students, existing } = o;
  const load = new Map(students.map((uid) => [uid, existing.filter((r) => r.reviewerId === uid).length]));
  const added: { submissionId: number; reviewerId: number }[] = [];
  const needs = o.submissions
    .map((s) => ({
      s,
      authors: new Set(s.authors),
      taken: new Set(existing.filter((r) => r.submissionId === s.id).map((r) => r.reviewerId)),
    }))
    .sort((x, y) => y.authors.size - x.authors.size || x.s.id - y.s.id);
  for (const { s, authors, taken } of needs) {
    while (taken.size < o.reviewers) {
      const eligible = students.filter((uid) => !authors.has(uid) && !taken.has(uid));
      if (eligible.length === 0) break;
      eligible.sort((a, b) => load.get(a)! - load.get(b)! || mix(contentId, s.id, a) - mix(contentId, s.id, b));
      const pick = eligible[0]!;
      taken.add(pick);
      load.set(pick, load.get(pick)! + 1);
      added.push({ submissionId: s.id, reviewerId: pick });
    }
  }
  spreadEvenly(added, needs, load);
  return added;
}

/**
 * Gives each submission of a peer-review homework its configured number of reviewers: never the
 * author or the author's group, spread evenly (each goes to the eligible student with the fewest so
 * far), students who did not submit included. Existing assignments stay as they are; only missing
 * ones are added, so a late submission gets reviewers without moving anyone else's.
 */
export async function assignReviews(ctx: AppContext, contentId: number) {
  // the deadline's job and the teacher's "assign now" can run at once: each would add reviewers for the
  // same missing places. One at a time per homework, reading what the other added.
  return inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${assignKey(contentId)}))`);
    return assignMissingReviews(tx, contentId);
  });
}

async function assignMissingReviews(ctx: AppContext, contentId: number) {
  const [hw] = await ctx.db.select().from(homeworks).where(eq(homeworks.contentId, contentId));
  const [item] = await ctx.db.select().from(contents).where(eq(contents.id, contentId));
  if (!hw || !item || hw.type !== 3 || item.deletedAt) return { added: 0 };
  const subs = await ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.contentId, contentId), ne(submissions.status, SUBMISSION_STATUS.returned)))
    .orderBy(asc(submissions.id));
  const owners = await expectedOwners(ctx, item, hw);
  const students = owners.flatMap((o) => o.members.map((m) => m.uid));
  const existing = await ctx.db.select().from(peerReviews).where(eq(peerReviews.contentId, contentId));
  const added = planReviews({
    contentId,
    reviewers: hw.reviewers,
    students,
    submissions: subs.map((s) => ({
      id: s.id,
      authors: owners.find((o) => o.owner === s.owner)?.members.map((m) => m.uid) ?? (s.userId ? [s.userId] : []),
    })),
    existing,
  });
  if (added.length === 0) return { added: 0 };
  await ctx.db
    .insert(peerReviews)
    .values(added.map((a) => ({ contentId, ...a })))
    .onConflictDoNothing();
  const [course] = await ctx.db.select({ name: courses.coursename }).from(courses).where(eq(courses.id, item.courseId));
  const perReviewer = new Map<number, number>();
  for (const a of added) perReviewer.set(a.reviewerId, (perReviewer.get(a.reviewerId) ?? 0) + 1);
  const people = await ctx.db
    .select({ id: users.id, lang: users.lang })
    .from(users)
    .where(inArray(users.id, [...perReviewer.keys()]));
  await createNotices(
    ctx,
    people.map((p) => {
      const lang = p.lang === 'en' ? 'en' : 'zh';
      return {
        userId: p.id,
        courseId: item.courseId,
        contenttype: CONTENT_TYPES.homework,
        contentId,
        action: 'review_assigned',
        title: translate(lang, 'notices.reviewAssigned', {
          course: course?.name ?? '',
          title: item.title,
          count: perReviewer.get(p.id)!,
        }),
        activitylabel: translate(lang, 'content.type.4'),
      };
    }),
  );
  return { added: added.length };
}

/** The assignment job, due at the deadline. */
export async function assignJob(ctx: AppContext, payload: Record<string, unknown>) {
  await assignReviews(ctx, Number(payload.contentId));
}

/** Schedules the assignment at the deadline (or now, for work arriving after it). */
export async function scheduleAssignment(ctx: AppContext, contentId: number, at: Date) {
  await ctx.jobs.schedule(ASSIGN_JOB, at, { contentId }, assignKey(contentId));
}

/** `/HomeworkApi/assignReviews`: the teacher assigns now (after the deadline only). */
export async function assignNow(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, hw } = await requireGrader(ctx, user, courseId, id);
  if (hw.type !== 3 || (item.endAt && item.endAt.getTime() > Date.now())) throw fail('reviewNotOpen');
  return assignReviews(ctx, item.id);
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * `/HomeworkApi/myReviews`: the submissions a student is to review. When the homework is anonymous
 * the authors' names never leave the server.
 */
export async function myReviews(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof myReviewsAnswer>> {
  const { item, hw, m } = await loadHomework(ctx, user, courseId, id);
  if (!submits(m.role)) throw fail('forbidden');
  const rows = await ctx.db
    .select({ r: peerReviews, s: submissions, username: users.username })
    .from(peerReviews)
    .innerJoin(submissions, eq(submissions.id, peerReviews.submissionId))
    .leftJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(peerReviews.contentId, item.id), eq(peerReviews.reviewerId, user.id)))
    .orderBy(asc(peerReviews.id));
  const found = await filesById(
    ctx,
    rows.flatMap(({ s }) => s.fileIds),
  );
  return {
    anonymous: hw.anonymous ? 1 : 0,
    mincomment: hw.minComment,
    fullscore: hw.fullScore,
    list: rows.map(({ r, s, username }) => ({
      rid: r.id,
      sid: s.id,
      ...(hw.anonymous ? {} : { uid: s.userId ?? 0, username: username ?? '' }),
      message: s.message,
      content: presentRichText(ctx.secret, s.answer),
      attachment: pickFiles(found, s.fileIds),
      reviewed: r.reviewedAt ? 1 : 0,
      score: r.score,
      comment: r.comment,
      reviewtime: seconds(r.reviewedAt),
    })),
  };
}

/** Score and comment checks shared by a student's review and the teacher's override. */
function checkReview(hw: { fullScore: number; minComment: number }, input: { score: number; comment: string }, teacher: boolean) {
  const full = Math.min(hw.fullScore, GRADE_MAX);
  if (input.score > full) throw new AppError('badInput', 'validation.gradeOverFull', { full });
  if (!teacher && [...input.comment].length < hw.minComment)
    throw new AppError('badInput', 'validation.commentTooShort', { min: hw.minComment });
  return Math.round(input.score * 10) / 10;
}

/**
 * `/HomeworkApi/submitReview`: a reviewer's score and comment for an assigned submission. Only the
 * assigned reviewer, once, with a comment of at least the minimum length.
 */
export async function submitReview(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof reviewInput>,
): Promise<z.output<typeof reviewSubmitAnswer>> {
  const { item, hw, m } = await loadHomework(ctx, user, input.courseid, input.id);
  if (!submits(m.role)) throw fail('forbidden');
  const [review] = await ctx.db
    .select()
    .from(peerReviews)
    .where(and(eq(peerReviews.id, input.rid), eq(peerReviews.contentId, item.id)));
  // a review that is not the caller's (their own work is never theirs to review) is refused alike
  if (review?.reviewerId !== user.id) throw fail('forbidden');
  const score = checkReview(hw, input, false);
  const updated = await ctx.db
    .update(peerReviews)
    .set({ score, comment: input.comment, reviewedAt: new Date() })
    .where(and(eq(peerReviews.id, review.id), eq(peerReviews.overridden, false), isNull(peerReviews.reviewedAt)))
    .returning();
  if (updated.length === 0) throw fail('reviewDone');
  return { rid: review.id, score, reviewed: 1 };
}

/** `/HomeworkApi/overrideReview`: the teacher changes any review. */
export async function overrideReview(
  ctx: AppContext,
  user: User,
  input: z.infer<typeof reviewInput>,
): Promise<z.output<typeof reviewOverrideAnswer>> {
  const { item, hw } = await requireGrader(ctx, user, input.courseid, input.id);
  const score = checkReview(hw, input, true);
  const updated = await ctx.db
    .update(peerReviews)
    .set({ score, comment: input.comment, overridden: true, reviewedAt: new Date() })
    .where(and(eq(peerReviews.id, input.rid), eq(peerReviews.contentId, item.id)))
    .returning();
  if (updated.length === 0) throw fail('notFound');
  return { rid: input.rid, score, overridden: 1 };
}

/** The average of the given reviews' scores, one decimal; null when none was given. */
export const peerAverage = (reviews: Pick<Review, 'score' | 'reviewedAt'>[]) => {
  const given = reviews.filter((r) => r.reviewedAt && r.score !== null).map((r) => r.score!);
  return given.length ? Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 10) / 10 : null;
};

/**
 * `/HomeworkApi/reviewDetail`: the reviews of a submission. The teacher sees who reviewed; a
 * student sees the reviews of their own work, without the reviewers when the homework is anonymous.
 */
export async function reviewDetail(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  sid: number,
): Promise<z.output<typeof reviewDetailAnswer>> {
  const { item, hw, m } = await loadHomework(ctx, user, courseId, id);
  const teacher = !submits(m.role);
  let submission: typeof submissions.$inferSelect | undefined;
  if (teacher) {
    [submission] = await ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.id, sid), eq(submissions.contentId, item.id)));
  } else {
    const owner = await ownerOf(ctx, hw, user.id);
    [submission] = owner
      ? await ctx.db
          .select()
          .from(submissions)
          .where(and(eq(submissions.contentId, item.id), eq(submissions.owner, owner.owner)))
      : [];
  }
  if (!submission) throw fail('notFound');
  const rows = await ctx.db
    .select({ r: peerReviews, username: users.username })
    .from(peerReviews)
    .innerJoin(users, eq(users.id, peerReviews.reviewerId))
    .where(eq(peerReviews.submissionId, submission.id))
    .orderBy(asc(peerReviews.id));
  const named = teacher || !hw.anonymous;
  return {
    sid: submission.id,
    scoremode: hw.scoreMode as 1 | 2,
    // a student sees the average with the score, once published
    peeraverage: teacher || submission.scorePublished ? peerAverage(rows.map((x) => x.r)) : null,
    list: rows
      .filter((x) => teacher || x.r.reviewedAt)
      .map(({ r, username }) => ({
        ...(teacher ? { rid: r.id } : {}),
        ...(named ? { reviewerid: r.reviewerId, reviewer: username } : {}),
        score: r.score,
        comment: r.comment,
        reviewed: r.reviewedAt ? 1 : 0,
        overridden: r.overridden ? 1 : 0,
        reviewtime: seconds(r.reviewedAt),
      })),
  };
}

/**
 * The final scores of a peer-review homework, written when the teacher publishes: the peer average,
 * or (scoring mode 2) the teacher's own grade where there is one.
 */
export async function settleReviewScores(db: Db, contentId: number, scoreMode: number) {
  const subs = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.contentId, contentId), ne(submissions.status, SUBMISSION_STATUS.returned)));
  const reviews = subs.length
    ? await db
        .select()
        .from(peerReviews)
        .where(
          inArray(
            peerReviews.submissionId,
            subs.map((s) => s.id),
          ),
        )
    : [];
  for (const s of subs) {
    if (scoreMode === 2 && s.status === SUBMISSION_STATUS.graded) continue;
    const avg = peerAverage(reviews.filter((r) => r.submissionId === s.id));
    if (avg === null) continue;
    await db
      .update(submissions)
      .set({ score: avg, status: SUBMISSION_STATUS.graded, gradedAt: new Date() })
      .where(eq(submissions.id, s.id));
  }
}
