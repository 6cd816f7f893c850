import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { HomeworkInput, homeworkEditInput } from '@paiclass/shared';
import {
  type contents,
  courseMembers,
  files,
  groupMembers,
  groups,
  groupSets,
  homeworkCalls,
  homeworks,
  submissions,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badInput, fail } from '../../platform/errors';
import { courseRole, createItem, editContent, loadItem, presentOneItem, setEndTime } from '../content/content.service';
import { presentFile } from '../files/files.service';
import { queueDupCheck } from './dupcheck/dupcheck.service';
import { scheduleAssignment } from './reviews.service';
import { grades, isOvertime, submissionState, takesSubmission } from './homework.policy';

type Homework = typeof homeworks.$inferSelect;
type Submission = typeof submissions.$inferSelect;
export type HomeworkItem = typeof contents.$inferSelect;

/** The homework settings as clients read them. */
export function presentSettings(hw: Homework) {
  return {
    type: hw.type,
    fullscore: hw.fullScore,
    allowlate: hw.allowLate ? 1 : 0,
    groupsetid: hw.groupSetId ?? 0,
    dupcheck: hw.dupCheck ? 1 : 0,
    dupceiling: hw.dupCeiling,
    dupcoursewide: hw.dupCourseWide ? 1 : 0,
    reviewers: hw.reviewers,
    anonymous: hw.anonymous ? 1 : 0,
    mincomment: hw.minComment,
    scoremode: hw.scoreMode,
    scorespublished: hw.scoresPublished ? 1 : 0,
  };
}

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

/** A homework of a course the caller belongs to, with its settings. */
export async function loadHomework(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (item.contenttype !== 4) throw fail('notFound');
  const [hw] = await ctx.db.select().from(homeworks).where(eq(homeworks.contentId, item.id));
  if (!hw) throw fail('notFound');
  return { item, hw, m };
}

export async function requireGrader(ctx: AppContext, user: User, courseId: number, id: number) {
  const loaded = await loadHomework(ctx, user, courseId, id);
  if (!grades(loaded.m.role)) throw fail('forbidden');
  return loaded;
}

/** `/HomeworkApi/addHomework` (`/addActivity/task`): the homework with its settings, published now, at a time or kept. */
export async function addHomework(ctx: AppContext, user: User, input: HomeworkInput) {
  const m = await courseRole(ctx, user, input.courseid);
  if (!grades(m.role)) throw fail('forbidden');
  const groupSetId = await groupingFor(ctx, m.course.id, input);
  const item = await createItem(ctx, user, m, { ...input, contenttype: 4, link: '', downloadable: 1 }, async (tx, row) => {
    await tx.insert(homeworks).values({ contentId: row.id, ...settingsFrom(input, groupSetId) });
  });
  if (input.type === 3 && item.endAt) await scheduleAssignment(ctx, item.id, item.endAt);
  return getHomework(ctx, user, m.course.id, item.id);
}

/** `/HomeworkApi/editHomework`: detail, files, settings and deadline; the kind stays once work is in. */
export async function editHomework(ctx: AppContext, user: User, input: z.infer<typeof homeworkEditInput>) {
  const { hw, item } = await requireGrader(ctx, user, input.courseid, input.id);
  const groupSetId = await groupingFor(ctx, input.courseid, input);
  const [anySubmission] = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.contentId, item.id))
    .limit(1);
  if (anySubmission && (input.type !== hw.type || groupSetId !== hw.groupSetId)) throw fail('forbidden');
  if (input.endtime * 1000 !== item.endAt?.getTime()) await setEndTime(ctx, user, input.courseid, item.id, input.endtime);
  await editContent(ctx, user, {
    courseid: input.courseid,
    id: input.id,
    title: input.title,
    content: input.content,
    fileids: input.fileids,
    link: '',
    downloadable: 1,
  });
  await ctx.db.update(homeworks).set(settingsFrom(input, groupSetId)).where(eq(homeworks.contentId, item.id));
  if (input.type === 3) await scheduleAssignment(ctx, item.id, new Date(Math.max(Date.now(), input.endtime * 1000)));
  if (input.dupcheck === 1 && (!hw.dupCheck || input.dupcoursewide !== (hw.dupCourseWide ? 1 : 0)))
    await queueDupCheck(ctx, item.id);
  return getHomework(ctx, user, input.courseid, input.id);
}

/** Whose a student's submission is: their own, or their group's in the homework's grouping. */
export async function ownerOf(ctx: AppContext, hw: Homework, userId: number) {
  if (hw.type !== 2) return { owner: `u:${userId}`, groupId: null as number | null, members: [userId] };
  const [mine] = await ctx.db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.setId, hw.groupSetId ?? 0), eq(groupMembers.userId, userId)));
  if (!mine) return undefined;
  const members = await ctx.db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, mine.groupId));
  return { owner: `g:${mine.groupId}`, groupId: mine.groupId as number | null, members: members.map((r) => r.id) };
}

export async function filesOf(ctx: AppContext, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(files).where(inArray(files.id, ids));
  return ids.flatMap((id) => {
    const f = rows.find((r) => r.id === id);
    return f ? [presentFile(ctx, f)] : [];
  });
}

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * A submission as its viewer may see it. The score and the teacher's comment reach a student only
 * once published; the teacher sees everything.
 */
export async function presentSubmission(ctx: AppContext, s: Submission, asTeacher: boolean) {
  const visible = asTeacher || s.scorePublished;
  const [who] = await ctx.db.select({ username: users.username, stno: users.stno }).from(users).where(eq(users.id, s.userId));
  const [group] = s.groupId ? await ctx.db.select({ name: groups.name }).from(groups).where(eq(groups.id, s.groupId)) : [];
  return {
    sid: s.id,
    uid: s.userId,
    username: who?.username ?? '',
    stno: who?.stno ?? '',
    groupid: s.groupId ?? 0,
    groupname: group?.name ?? '',
    state: submissionState(s),
    message: s.message,
    attachment: await filesOf(ctx, s.fileIds),
    submittime: seconds(s.submittedAt),
    overtime: s.overtime ? 1 : 0,
    version: s.version,
    returnreason: s.returnReason,
    score: visible ? s.score : null,
    comment: visible ? s.comment : '',
    scorepublished: s.scorePublished ? 1 : 0,
    shared: s.shared,
    sharereason: s.shareReason,
  };
}

/**
 * `/HomeworkApi/getHomework`: the homework, its settings and, for a student, their own submission
 * and whether they may submit now; for a teacher, the counts per state.
 */
export async function getHomework(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, hw, m } = await loadHomework(ctx, user, courseId, id);
  const base = { ...(await presentOneItem(ctx, user, m.role, item)), settings: presentSettings(hw) };
  if (grades(m.role)) return { ...base, counts: await counts(ctx, item, hw) };
  const owner = await ownerOf(ctx, hw, user.id);
  const [mine] = owner
    ? await ctx.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.contentId, item.id), eq(submissions.owner, owner.owner)))
    : [];
  const deadline = { endAt: item.endAt, allowLate: hw.allowLate };
  const [called] = await ctx.db
    .select()
    .from(homeworkCalls)
    .where(and(eq(homeworkCalls.contentId, item.id), eq(homeworkCalls.userId, user.id)));
  return {
    ...base,
    ingroup: owner ? 1 : 0,
    mine: mine ? await presentSubmission(ctx, mine, false) : null,
    state: submissionState(mine),
    called: called && !mine ? 1 : 0,
    cansubmit: owner && mine?.status !== 3 && takesSubmission(deadline, mine?.status === 2) ? 1 : 0,
    late: isOvertime(deadline) ? 1 : 0,
  };
}

/** How many owners (students, or groups) there are and where their submissions stand. */
async function counts(ctx: AppContext, item: HomeworkItem, hw: Homework) {
  const rows = await ctx.db.select().from(submissions).where(eq(submissions.contentId, item.id));
  const owners = (await expectedOwners(ctx, item, hw)).length;
  const by = (state: number) => rows.filter((r) => submissionState(r) === state).length;
  return {
    total: owners,
    notsubmitted: Math.max(0, owners - rows.length),
    submitted: by(1) + by(2),
    overtime: by(2),
    returned: by(3),
    ungraded: by(1) + by(2),
    graded: by(4) + by(5),
    published: by(5),
    shared: rows.filter((r) => r.shared === 1).length,
  };
}

/** Who is expected to submit: every student, or every group of the grouping with its members. */
export async function expectedOwners(ctx: AppContext, item: HomeworkItem, hw: Homework) {
  if (hw.type === 2) {
    const rows = await ctx.db
      .select({ groupId: groups.id, name: groups.name, userId: groupMembers.userId, username: users.username, stno: users.stno })
      .from(groups)
      .leftJoin(groupMembers, eq(groupMembers.groupId, groups.id))
      .leftJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groups.setId, hw.groupSetId ?? 0))
      .orderBy(asc(groups.id));
    const byGroup = new Map<
      number,
      { owner: string; name: string; members: { uid: number; username: string; stno: string }[] }
    >();
    for (const r of rows) {
      const g = byGroup.get(r.groupId) ?? { owner: `g:${r.groupId}`, name: r.name, members: [] };
      if (r.userId) g.members.push({ uid: r.userId, username: r.username ?? '', stno: r.stno ?? '' });
      byGroup.set(r.groupId, g);
    }
    return [...byGroup.values()].filter((g) => g.members.length > 0);
  }
  const students = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, item.courseId), eq(courseMembers.role, 'student')))
    .orderBy(asc(users.stno), asc(users.id));
  return students.map((s) => ({ owner: `u:${s.uid}`, name: s.username, members: [s] }));
}
