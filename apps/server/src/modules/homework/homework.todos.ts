import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { contents, courseMembers, courses, groupMembers, homeworks, peerReviews, submissions } from '../../db/schema';
import { translate } from '../../platform/i18n';
import { registerTodoProvider, type TodoItem } from '../content/todos.service';
import { takesSubmission } from './homework.policy';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * Homework to-dos (spec 1 §3): a student's homework not yet submitted (or returned) while it still
 * takes work, or peer reviews waiting (with their count); a teacher's homework with submissions
 * waiting to be graded, with their count.
 */
registerTodoProvider(async (ctx, user, filter) => {
  if (filter.contenttype && filter.contenttype !== 4) return [];
  const lang = user.lang === 'en' ? 'en' : 'zh';
  const label = translate(lang, 'content.type.4');
  const rows = await ctx.db
    .select({
      item: contents,
      hw: homeworks,
      role: courseMembers.role,
      coursename: courses.coursename,
      classname: courses.classname,
    })
    .from(contents)
    .innerJoin(homeworks, eq(homeworks.contentId, contents.id))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, user.id)))
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .where(
      and(
        eq(contents.contenttype, 4),
        inArray(contents.publishState, [2, 3]),
        isNull(contents.deletedAt),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        filter.courseId ? eq(contents.courseId, filter.courseId) : undefined,
      ),
    );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.item.id);
  const todo = (r: (typeof rows)[number], msgtype: 1 | 2, number: number): TodoItem => ({
    id: r.item.id,
    courseid: r.item.courseId,
    classname: r.classname,
    coursename: r.coursename,
    contentid: r.item.id,
    contenttype: 4,
    msgtype,
    activitylabel: label,
    contenttitle: r.item.title,
    starttime: seconds(r.item.publishAt),
    endtime: seconds(r.item.endAt),
    number,
  });

  const teaching = rows.filter((r) => r.role !== 'student');
  const waiting = teaching.length
    ? await ctx.db
        .select({ id: submissions.contentId, n: count() })
        .from(submissions)
        .where(
          and(
            inArray(
              submissions.contentId,
              teaching.map((r) => r.item.id),
            ),
            eq(submissions.status, 1),
          ),
        )
        .groupBy(submissions.contentId)
    : [];
  const out: TodoItem[] = teaching.flatMap((r) => {
    const n = waiting.find((w) => w.id === r.item.id)?.n ?? 0;
    return n > 0 ? [todo(r, 2, n)] : [];
  });

  const learning = rows.filter((r) => r.role === 'student');
  if (learning.length) {
    const myGroups = await ctx.db
      .select({ groupId: groupMembers.groupId, setId: groupMembers.setId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, user.id));
    const mine = await ctx.db
      .select({ id: submissions.contentId, owner: submissions.owner, status: submissions.status })
      .from(submissions)
      .where(inArray(submissions.contentId, ids));
    const pendingReviews = await ctx.db
      .select({ id: peerReviews.contentId, n: count() })
      .from(peerReviews)
      .where(and(eq(peerReviews.reviewerId, user.id), isNull(peerReviews.reviewedAt), inArray(peerReviews.contentId, ids)))
      .groupBy(peerReviews.contentId);
    for (const r of learning) {
      // peer reviews waiting for this student, with their count
      const reviews = pendingReviews.find((p) => p.id === r.item.id)?.n ?? 0;
      if (reviews > 0) {
        out.push(todo(r, 1, reviews));
        continue;
      }
      const group = myGroups.find((g) => g.setId === r.hw.groupSetId);
      const owner = r.hw.type === 2 ? (group ? `g:${group.groupId}` : undefined) : `u:${user.id}`;
      if (!owner) continue;
      const s = mine.find((x) => x.id === r.item.id && x.owner === owner);
      if (s && s.status !== 2) continue;
      if (!takesSubmission({ endAt: r.item.endAt, allowLate: r.hw.allowLate }, s?.status === 2)) continue;
      out.push(todo(r, 1, 0));
    }
  }
  return out;
});
