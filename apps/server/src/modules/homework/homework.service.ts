import { CONTENT_TYPES, type HomeworkInput, type homeworkEditInput } from '@paiclass/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { groupSets, homeworks, submissions } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badInput, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { canChange } from '../content/content.policy';
import { courseRole, createItem, newEndTime, prepare, queueJobs, writeEdit } from '../content/content.service';
import { queueDupCheck } from './dupcheck/dupcheck.service';
import { grades } from './homework.policy';
import { loadHomework, presentHomework, requireGrader } from './homework.queries';
import { scheduleAssignment } from './reviews.service';

const settingsFrom = (input: z.infer<typeof homeworkEditInput> | HomeworkInput, groupSetId: number | null) => ({
  type: input.type,
  fullScore: input.fullscore,
  allowLate: input.allowlate === 1,
  groupSetId,
  dupCheck: input.dupcheck === 1,
  dupCeiling: input.dupceiling,
  dupCourseWide: input.dupcoursewide === 1,
  reviewers: input.reviewers,
  anonymous: input.anonymous === 1,
  minComment: input.mincomment,
  scoreMode: input.scoremode,
  answerType: input.answertype,
  classmatesWork: input.classmateswork === 1,
});

/** Group homework needs a grouping of the same course. */
async function groupingFor(ctx: AppContext, courseId: number, input: { type: number; groupsetid: number }) {
  if (input.type !== 2) return null;
  if (!input.groupsetid) throw badInput('validation.groupSetRequired');
  const [set] = await ctx.db
    .select()
    .from(groupSets)
    .where(and(eq(groupSets.id, input.groupsetid), eq(groupSets.courseId, courseId)));
  if (!set) throw badInput('validation.groupSetRequired');
  return set.id;
}

/** `/HomeworkApi/addHomework` (`/addActivity/task`): the homework with its settings, published now, at a time or kept. */
export async function addHomework(ctx: AppContext, user: User, input: HomeworkInput) {
  const m = await courseRole(ctx, user, input.courseid);
  if (!grades(m.role)) throw fail('forbidden');
  const groupSetId = await groupingFor(ctx, m.course.id, input);
  let hw: typeof homeworks.$inferSelect | undefined;
  // the item, its settings and its jobs (publishing, ending, assigning reviewers) commit together
  const item = await inTransaction(ctx, async (t) => {
    const row = await createItem(
      t,
      user,
      m,
      { ...input, contenttype: CONTENT_TYPES.homework, link: '', downloadable: 1 },
      async (tx, made) => {
        [hw] = await tx
          .insert(homeworks)
          .values({ contentId: made.id, ...settingsFrom(input, groupSetId) })
          .returning();
      },
    );
    if (input.type === 3 && row.endAt) await scheduleAssignment(t, row.id, row.endAt);
    return row;
  });
  // the membership checked above is the answer's too: no second lookup
  return presentHomework(ctx, user, { item, hw: hw!, m });
}

/**
 * `/HomeworkApi/editHomework`: detail, files, settings and deadline; the kind stays once work is in.
 * Access is checked once; everything is checked before anything is written, and the item, its files,
 * its deadline and its settings are written in one transaction, so a refused edit changes nothing.
 */
export async function editHomework(ctx: AppContext, user: User, input: z.infer<typeof homeworkEditInput>) {
  const { hw, item, m } = await requireGrader(ctx, user, input.courseid, input.id);
  if (!canChange(m.role, user.id, item) || item.itemType !== 1) throw fail('forbidden');
  const groupSetId = await groupingFor(ctx, item.courseId, input);
  const [anySubmission] = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.contentId, item.id))
    .limit(1);
  if (anySubmission && (input.type !== hw.type || groupSetId !== hw.groupSetId)) throw fail('forbidden');
  const moved = input.endtime * 1000 !== (item.endAt?.getTime() ?? 0);
  const deadline = moved ? newEndTime(item, input.endtime) : {};
  const fields = { title: input.title, fileids: input.fileids, downloadable: 1 };
  const prepared = await prepare(ctx, user, item.contenttype, { ...fields, content: input.content, link: '' }, item);

  // the item, its files, deadline and settings, and the jobs they call for, commit together
  const [updated, settings] = await inTransaction(ctx, async (t) => {
    const row = await t.db.transaction((tx) => writeEdit(tx, item, fields, prepared, deadline));
    const [saved] = await t.db
      .update(homeworks)
      .set(settingsFrom(input, groupSetId))
      .where(eq(homeworks.contentId, item.id))
      .returning();
    if (moved) await queueJobs(t, row);
    if (input.type === 3) await scheduleAssignment(t, item.id, new Date(Math.max(Date.now(), input.endtime * 1000)));
    if (input.dupcheck === 1 && (!hw.dupCheck || input.dupcoursewide !== (hw.dupCourseWide ? 1 : 0)))
      await queueDupCheck(t, item.id);
    return [row, saved!] as const;
  });
  return presentHomework(ctx, user, { item: updated, hw: settings, m });
}

/**
 * `/HomeworkApi/getHomework`: the homework, its settings and, for a student, their own submission
 * and whether they may submit now; for a teacher, the counts per state.
 */
export async function getHomework(ctx: AppContext, user: User, courseId: number, id: number) {
  return presentHomework(ctx, user, await loadHomework(ctx, user, courseId, id));
}
