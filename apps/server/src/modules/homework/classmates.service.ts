import {
  CLASSMATE_WORK_CMD,
  type classmatesWorkAnswer,
  type classmateWorkAnswer,
  SUBMISSION_STATUS,
  vipLevelInForce,
} from '@paiclass/shared';
import { and, desc, eq, gt, inArray, ne, notInArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { courseMembers, groups, type homeworks, submissionMembers, submissions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { presentRichText } from '../content/rich-text';
import { classmatesWorkRefusal } from './homework.policy';
import { filesById, type HomeworkItem, loadHomework, ownerOf, ownSubmission, pickFiles } from './homework.queries';

/**
 * The VIP privilege "live view of classmates' submissions" (spec 2 §6, issue 28, decision 051): a
 * student with a membership in force, once their own work is in, sees the work their classmates handed
 * in, and hears of each new one on their own socket room.
 */

type Submission = typeof submissions.$inferSelect;
type Homework = typeof homeworks.$inferSelect;

/** The message keys of the refusals: each says what to do about it (become a member, hand in first). */
const REFUSAL_KEYS = {
  forbidden: 'errors.classmatesWorkStudentsOnly',
  classmatesWorkClosed: 'errors.classmatesWorkClosed',
  classmatesWorkOff: 'errors.classmatesWorkOff',
  vipRequired: 'errors.classmatesWorkVip',
  notSubmitted: 'errors.classmatesWorkOwnFirst',
} as const;

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * Classmates' work as the VIP view shows it, in four queries whatever their number: the submitter's and
 * the group members' names and avatars, the group's name, the text and the files. Nothing else of the
 * row leaves: no score, comment, state, return reason, message to the teacher or student number.
 */
export async function presentClassmatesWork(
  ctx: AppContext,
  rows: Submission[],
): Promise<z.output<typeof classmateWorkAnswer>[]> {
  if (rows.length === 0) return [];
  const grouped = rows.filter((s) => s.groupId).map((s) => s.id);
  const members = grouped.length
    ? await ctx.db
        .select({ sid: submissionMembers.submissionId, uid: users.id, username: users.username, avatar: users.avatar })
        .from(submissionMembers)
        .innerJoin(users, eq(users.id, submissionMembers.userId))
        .where(inArray(submissionMembers.submissionId, grouped))
        .orderBy(users.username, users.id)
    : [];
  const submitterIds = [...new Set(rows.flatMap((s) => (s.userId ? [s.userId] : [])))];
  const people = submitterIds.length
    ? await ctx.db
        .select({ id: users.id, username: users.username, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, submitterIds))
    : [];
  const groupIds = [...new Set(rows.flatMap((s) => (s.groupId ? [s.groupId] : [])))];
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
    const person = s.userId ? who.get(s.userId) : undefined;
    return {
      sid: s.id,
      uid: s.userId ?? 0,
      username: person?.username ?? '',
      avatar: person?.avatar ?? '',
      groupid: s.groupId ?? 0,
      groupname: (s.groupId && groupName.get(s.groupId)) || '',
      members: s.groupId
        ? members.filter((mem) => mem.sid === s.id).map(({ uid, username, avatar }) => ({ uid, username, avatar }))
        : [],
      content: presentRichText(ctx.secret, s.answer),
      attachment: pickFiles(found, s.fileIds),
      submittime: seconds(s.submittedAt),
      overtime: s.overtime ? 1 : 0,
    };
  });
}

/**
 * `/HomeworkApi/classmatesWork`: the work the caller's classmates (or, for group homework, the other
 * groups) handed in, latest first. Refuses a non-member as every homework call does (30202), the staff
 * (40003), peer-reviewed homework (30509), a homework whose teacher turned the view off (30510), a caller without a VIP membership in force now (30301), and a
 * student whose own work is not in, or was returned to be done again (30504). Reads nothing it refuses.
 */
export async function classmatesWork(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof classmatesWorkAnswer>> {
  const { item, hw, m } = await loadHomework(ctx, user, courseId, id);
  // nothing of the work is read where the view is refused anyway (peer review, the teacher's switch off)
  const own =
    m.role === 'student' && hw.type !== 3 && hw.classmatesWork
      ? await ownSubmission(ctx, item.id, user.id, (await ownerOf(ctx, hw, user.id))?.owner)
      : undefined;
  const refusal = classmatesWorkRefusal({
    role: m.role,
    homeworkType: hw.type,
    classmatesWork: hw.classmatesWork,
    // the level in force at this moment, whatever a cached session says
    vipLevel: vipLevelInForce(user),
    ownStatus: own?.status,
  });
  if (refusal) throw new AppError(refusal, REFUSAL_KEYS[refusal]);
  const mine = ctx.db
    .select({ id: submissionMembers.submissionId })
    .from(submissionMembers)
    .where(eq(submissionMembers.userId, user.id));
  const rows = await ctx.db
    .select()
    .from(submissions)
    .where(
      and(
        eq(submissions.contentId, item.id),
        // work sent back to be done again is its owners' until they hand it in anew
        ne(submissions.status, SUBMISSION_STATUS.returned),
        // the caller's own work, and their group's, is on the homework page already
        ne(submissions.id, own!.id),
        notInArray(submissions.id, mine),
      ),
    )
    .orderBy(desc(submissions.submittedAt), desc(submissions.id));
  return { total: rows.length, list: await presentClassmatesWork(ctx, rows) };
}

/**
 * Tells the course's VIP students who may see classmates' work of this homework (a membership in force,
 * their own work in and not returned) that a classmate handed some in: `CLASSMATE_WORK_CMD` on each one's
 * own room, with the homework's id only; their page reads the work again through `classmatesWork`,
 * which checks everything anew. Called in the submission's transaction: the events leave after its
 * commit. Peer-reviewed homework, and homework whose teacher turned the view off, tell nobody.
 */
export async function tellClassmateViewers(ctx: AppContext, item: HomeworkItem, hw: Homework, submitters: number[]) {
  // peer-reviewed homework, or the teacher's switch off (decision 054): nobody is told
  if (hw.type === 3 || !hw.classmatesWork) return;
  const now = Date.now();
  const vips = await ctx.db
    .select({
      id: users.id,
      isvip: users.isvip,
      vipEnd: users.vipEnd,
      instVip: users.instVip,
      instVipEnd: users.instVipEnd,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(
        eq(courseMembers.courseId, item.courseId),
        eq(courseMembers.role, 'student'),
        or(gt(users.isvip, 0), gt(users.instVip, 0)),
      ),
    );
  const candidates = vips.filter((u) => vipLevelInForce(u, now) > 0 && !submitters.includes(u.id)).map((u) => u.id);
  if (candidates.length === 0) return;
  const handedIn = await ctx.db
    .selectDistinct({ uid: submissionMembers.userId })
    .from(submissionMembers)
    .innerJoin(submissions, eq(submissions.id, submissionMembers.submissionId))
    .where(
      and(
        eq(submissions.contentId, item.id),
        ne(submissions.status, SUBMISSION_STATUS.returned),
        inArray(submissionMembers.userId, candidates),
      ),
    );
  for (const { uid } of handedIn)
    await ctx.realtime.publish(rooms.user(uid), CLASSMATE_WORK_CMD, { courseid: item.courseId, homeworkid: item.id });
}
