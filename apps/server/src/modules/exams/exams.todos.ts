import { ATTEMPT_STATUS, CONTENT_TYPES, PUBLISH_STATES } from '@paiclass/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseMembers, courses, testAttempts, tests } from '../../db/schema';
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

/**
 * Test to-dos (issue 14, spec 1 §3): a student's published online test still open that they have not
 * handed in (a returned paper counts as not handed in); a teacher's or assistant's test with papers
 * waiting for a hand grade, with their count. One query: the student's hand-in and the staff's count
 * are columns of it.
 */
const testTodoQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  const student = sql`${courseMembers.role} = 'student'`;
  return db
    .select({
      ...todoColumns,
      isStudent: sql<boolean>`${student}`,
      handedIn: sql<boolean>`case when ${student} then exists (select 1 from ${testAttempts} a
        where a.content_id = ${contents.id} and a.user_id = ${userId} and a.status = ${ATTEMPT_STATUS.submitted}) else false end`,
      waiting: sql<number>`case when ${student} then 0 else (select count(*)::int from ${testAttempts} a
        where a.content_id = ${contents.id} and a.status = ${ATTEMPT_STATUS.submitted} and a.pending > 0) end`,
    })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, userId)))
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .where(
      and(
        eq(contents.contenttype, CONTENT_TYPES.test),
        eq(contents.itemType, 1),
        sql`${contents.publishState} in (${PUBLISH_STATES.published}, ${PUBLISH_STATES.ended})`,
        isNull(contents.deletedAt),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        courseOpenToMember,
        notMarked(userId, sql`case when ${student} then 1 else 2 end`),
        anyOrEqual(contents.courseId, 'courseId'),
        // a student's test is open: published, not ended by hand, not past its close, taken online
        sql`(not ${student} or (${contents.publishState} = ${PUBLISH_STATES.published} and ${tests.endedAt} is null
          and (${contents.endAt} is null or ${contents.endAt} > now()) and not ${tests.offline}))`,
      ),
    )
    .prepare('todos_tests');
});

registerTodoProvider(async (ctx, user, filter) => {
  if (filter.contenttype && filter.contenttype !== CONTENT_TYPES.test) return [];
  const label = translate(user.lang === 'en' ? 'en' : 'zh', `content.type.${CONTENT_TYPES.test}`);
  const rows = await testTodoQuery(ctx.db).execute({ userId: user.id, courseId: filter.courseId });
  const out: TodoItem[] = [];
  for (const r of rows) {
    if (!r.isStudent) {
      if (r.waiting > 0) out.push(presentTodo(r, 2, r.waiting, label));
    } else if (!r.handedIn) out.push(presentTodo(r, 1, 0, label));
  }
  return out;
});
