import { CONTENT_TYPES } from '@paiclass/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseMembers, courses, groupMembers, homeworks, peerReviews, submissions } from '../../db/schema';
import { translate } from '../../platform/i18n';
import {
  anyOrEqual,
  courseOpenToMember,
  notMarked,
  presentTodo,
  registerTodoProvider,
  type TodoItem,
  todoColumns,
} from '../content/todos.service';
import { takesSubmission } from './homework.policy';

/**
 * Homework to-dos (spec 1 §3): a student's homework not yet submitted (or returned) while it still
 * takes work, or peer reviews waiting (with their count); a teacher's homework with submissions
 * waiting to be graded, with their count. One query: the counts and the student's own submission
 * are columns of it.
 */
const homeworkTodoQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  const student = sql`${courseMembers.role} = 'student'`;
  // the submission a student's work goes under: their own, or their group's in the homework's grouping
  const myOwner = sql`case when ${homeworks.type} = 2
    then (select 'g:' || gm.group_id from ${groupMembers} gm where gm.user_id = ${userId} and gm.set_id = ${homeworks.groupSetId})
    else 'u:' || ${userId}::int end`;
  return db
    .select({
      ...todoColumns,
      isStudent: sql<boolean>`${student}`,
      allowLate: homeworks.allowLate,
      waiting: sql<number>`case when ${student} then 0 else
        (select count(*)::int from ${submissions} s where s.content_id = ${contents.id} and s.status = 1) end`,
      reviews: sql<number>`case when ${student} then
        (select count(*)::int from ${peerReviews} p where p.content_id = ${contents.id} and p.reviewer_id = ${userId} and p.reviewed_at is null)
        else 0 end`,
      owner: sql<string | null>`case when ${student} then ${myOwner} end`,
      myStatus: sql<number | null>`case when ${student} then
        (select s.status from ${submissions} s where s.content_id = ${contents.id} and s.owner = ${myOwner}) end`,
    })
    .from(contents)
    .innerJoin(homeworks, eq(homeworks.contentId, contents.id))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, userId)))
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .where(
      and(
        eq(contents.contenttype, 4),
        inArray(contents.publishState, [2, 3]),
        isNull(contents.deletedAt),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        courseOpenToMember,
        notMarked(userId, sql`case when ${student} then 1 else 2 end`),
        anyOrEqual(contents.courseId, 'courseId'),
      ),
    )
    .prepare('todos_homework');
});

registerTodoProvider(async (ctx, user, filter) => {
  if (filter.contenttype && filter.contenttype !== CONTENT_TYPES.homework) return [];
  const label = translate(user.lang === 'en' ? 'en' : 'zh', 'content.type.4');
  const rows = await homeworkTodoQuery(ctx.db).execute({ userId: user.id, courseId: filter.courseId });
  const out: TodoItem[] = [];
  for (const r of rows) {
    if (!r.isStudent) {
      if (r.waiting > 0) out.push(presentTodo(r, 2, r.waiting, label));
      continue;
    }
    // peer reviews waiting for this student, with their count
    if (r.reviews > 0) {
      out.push(presentTodo(r, 1, r.reviews, label));
      continue;
    }
    if (!r.owner) continue; // group homework, and the student is in no group of its grouping
    if (r.myStatus !== null && r.myStatus !== 2) continue;
    if (!takesSubmission({ endAt: r.endAt, allowLate: r.allowLate }, r.myStatus === 2)) continue;
    out.push(presentTodo(r, 1, 0, label));
  }
  return out;
});
