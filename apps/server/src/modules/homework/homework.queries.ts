import type { homeworkAnswer, homeworkSettingsAnswer, submissionAnswer } from '@paiclass/shared';
import { CONTENT_TYPES, SUBMISSION_STATUS } from '@paiclass/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  type contents,
  courseMembers,
  files,
  groupMembers,
  groups,
  homeworkCalls,
  homeworks,
  submissionMembers,
  submissions,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { loadItem, presentOneItem } from '../content/content.service';
import { presentRichText } from '../content/rich-text';
import { presentFile } from '../files/files.service';
import { grades, isOvertime, submissionState, takesSubmission } from './homework.policy';

/**
 * Homework reads shared by the homework services (submissions, reviews, duplicate checking). They
 * live here so that those services import reads, never each other in a circle. Every list presenter
 * loads what it shows for all rows at once: a fixed number of queries whatever the number of rows.
 */

type Homework = typeof homeworks.$inferSelect;
type Submission = typeof submissions.$inferSelect;
export type HomeworkItem = typeof contents.$inferSelect;

/** The homework settings as clients read them. */
export function presentSettings(hw: Homework): z.output<typeof homeworkSettingsAnswer> {
  return {
    // the homework schemas let in nothing else
    type: hw.type as 1 | 2 | 3,
    fullscore: hw.fullScore,
    allowlate: hw.allowLate ? 1 : 0,
    groupsetid: hw.groupSetId ?? 0,
    dupcheck: hw.dupCheck ? 1 : 0,
    dupceiling: hw.dupCeiling,
    dupcoursewide: hw.dupCourseWide ? 1 : 0,
    reviewers: hw.reviewers,
    anonymous: hw.anonymous ? 1 : 0,
    mincomment: hw.minComment,
    scoremode: hw.scoreMode as 1 | 2,
    scorespublished: hw.scoresPublished ? 1 : 0,
    // the schema's check lets in nothing else
    answertype: hw.answerType as 1 | 2 | 3,
    classmateswork: hw.classmatesWork ? 1 : 0,
  };
}

/** A homework of a course the caller belongs to, with its settings and the caller's membership (checked once). */
export async function loadHomework(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (item.contenttype !== CONTENT_TYPES.homework) throw fail('notFound');
  const [hw] = await ctx.db.select().from(homeworks).where(eq(homeworks.contentId, item.id));
  if (!hw) throw fail('notFound');
  return { item, hw, m };
}

/** What a caller's access to one homework resolved to: inner helpers take it instead of checking again. */
export type HomeworkAccess = Awaited<ReturnType<typeof loadHomework>>;

/** A homework the caller grades (teacher or assistant); others get 40003. */
export async function requireGrader(ctx: AppContext, user: User, courseId: number, id: number) {
  const loaded = await loadHomework(ctx, user, courseId, id);
  if (!grades(loaded.m.role)) throw fail('forbidden');
  return loaded;
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

/**
 * Records who a submission belongs to as it is (re)submitted: the owner's members at this moment.
 * Its score, files and notices follow them, whoever joins or leaves the group afterwards.
 */
export async function recordSubmissionMembers(db: Db, submissionId: number, userIds: number[]) {
  await db.delete(submissionMembers).where(eq(submissionMembers.submissionId, submissionId));
  const unique = [...new Set(userIds)];
  if (unique.length) await db.insert(submissionMembers).values(unique.map((userId) => ({ submissionId, userId })));
}

/**
 * A student's own submission of a homework: one they are a recorded member of (the work of their
 * group as it was when submitted), that of `preferOwner` (their group today) first, else the latest.
 * A student who joined a group after it submitted has none.
 */
export async function ownSubmission(ctx: AppContext, contentId: number, userId: number, preferOwner?: string) {
  const rows = await ctx.db
    .select({ s: submissions })
    .from(submissionMembers)
    .innerJoin(submissions, eq(submissions.id, submissionMembers.submissionId))
    .where(and(eq(submissionMembers.userId, userId), eq(submissions.contentId, contentId)))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
  return (rows.find((r) => r.s.owner === preferOwner) ?? rows[0])?.s;
}

/** The recorded members of many submissions in one query: submission id → its members, in stno order. */
export async function membersOf(ctx: AppContext, submissionIds: number[]) {
  const out = new Map<number, { uid: number; username: string; stno: string }[]>();
  if (submissionIds.length === 0) return out;
  const rows = await ctx.db
    .select({ sid: submissionMembers.submissionId, uid: users.id, username: users.username, stno: users.stno })
    .from(submissionMembers)
    .innerJoin(users, eq(users.id, submissionMembers.userId))
    .where(inArray(submissionMembers.submissionId, [...new Set(submissionIds)]))
    .orderBy(asc(users.stno), asc(users.id));
  for (const { sid, ...member } of rows) out.set(sid, [...(out.get(sid) ?? []), member]);
  return out;
}

type PresentedFile = ReturnType<typeof presentFile>;

/** The files of many rows in one query: a lookup from id to the presented file. */
export async function filesById(ctx: AppContext, ids: number[]): Promise<Map<number, PresentedFile>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((f) => [f.id, presentFile(ctx, f)]));
}

/** The given files in the given order (missing ones left out). */
export const pickFiles = (found: Map<number, PresentedFile>, ids: number[]) =>
  ids.flatMap((id) => {
    const f = found.get(id);
    return f ? [f] : [];
  });

export async function filesOf(ctx: AppContext, ids: number[]) {
  return pickFiles(await filesById(ctx, ids), ids);
}

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * Submissions as their viewer may see them, in three queries whatever their number. The score and
 * the teacher's comment reach a student only once published; the teacher sees everything.
 */
export async function presentSubmissions(
  ctx: AppContext,
  rows: Submission[],
  asTeacher: boolean,
): Promise<z.output<typeof submissionAnswer>[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((s) => (s.userId ? [s.userId] : [])))];
  const groupIds = [...new Set(rows.flatMap((s) => (s.groupId ? [s.groupId] : [])))];
  const people = userIds.length
    ? await ctx.db
        .select({ id: users.id, username: users.username, stno: users.stno })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const named = groupIds.length
    ? await ctx.db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))
    : [];
  const found = await filesById(
    ctx,
    rows.flatMap((s) => s.fileIds),
  );
  const who = new Map(people.map((p) => [p.id, p]));
  const groupName = new Map(named.map((g) => [g.id, g.name]));
  return rows.map((s) => {
    const visible = asTeacher || s.scorePublished;
    // the submitter's account may be gone: the submission stays its owners'
    const person = s.userId ? who.get(s.userId) : undefined;
    return {
      sid: s.id,
      uid: s.userId ?? 0,
      username: person?.username ?? '',
      stno: person?.stno ?? '',
      groupid: s.groupId ?? 0,
      groupname: (s.groupId && groupName.get(s.groupId)) || '',
      state: submissionState(s),
      message: s.message,
      content: presentRichText(ctx.secret, s.answer),
      attachment: pickFiles(found, s.fileIds),
      submittime: seconds(s.submittedAt),
      overtime: s.overtime ? 1 : 0,
      version: s.version,
      returnreason: s.returnReason,
      score: visible ? s.score : null,
      comment: visible ? s.comment : '',
      scorepublished: s.scorePublished ? 1 : 0,
      shared: s.shared as 0 | 1 | 2,
      sharereason: s.shareReason,
    };
  });
}

/** One submission as its viewer may see it (see `presentSubmissions`). */
export async function presentSubmission(ctx: AppContext, s: Submission, asTeacher: boolean) {
  const [shown] = await presentSubmissions(ctx, [s], asTeacher);
  return shown!;
}

/**
 * A homework as `/HomeworkApi/getHomework` answers it, for an access already checked: its settings
 * and, for a student, their own submission and whether they may submit now; for a teacher, the
 * counts per state.
 */
export async function presentHomework(
  ctx: AppContext,
  user: User,
  { item, hw, m }: HomeworkAccess,
): Promise<z.output<typeof homeworkAnswer>> {
  const base = { ...(await presentOneItem(ctx, user, m.role, item)), settings: presentSettings(hw) };
  if (grades(m.role)) return { ...base, counts: await counts(ctx, item, hw) };
  // what the student owns (recorded when submitted) is what they see; whether they may submit
  // follows the submission of their group today, which a new submission would replace
  const owner = await ownerOf(ctx, hw, user.id);
  const mine = await ownSubmission(ctx, item.id, user.id, owner?.owner);
  const [current] =
    owner && mine?.owner !== owner.owner
      ? await ctx.db
          .select()
          .from(submissions)
          .where(and(eq(submissions.contentId, item.id), eq(submissions.owner, owner.owner)))
      : [mine];
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
    cansubmit:
      owner &&
      current?.status !== SUBMISSION_STATUS.graded &&
      takesSubmission(deadline, current?.status === SUBMISSION_STATUS.returned)
        ? 1
        : 0,
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
