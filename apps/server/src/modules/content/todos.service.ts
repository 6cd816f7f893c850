import type { todoItemAnswer, todoListInput, todoMarkInput } from '@paiclass/shared';
import { and, desc, eq, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { preparedPerDatabase } from '../../db/prepared';
import { contentProgress, contents, courseMembers, courses, todoMarks } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { userCourseTags } from '../courses/courses.queries';
import { loadItemById } from './content.service';

/** A to-do item (spec 1 §3): msgtype 1 for a student's own work, 2 for a teacher's with a count. */
export type TodoItem = z.output<typeof todoItemAnswer>;

export interface TodoFilter {
  courseId: number;
  contenttype: number;
}

/**
 * A source of to-dos. Each content type that makes work registers one: this announcements
 * and materials; homework and tests add theirs. Each answers in one query, leaving out what the user
 * ignored or finished (`notMarked`), so that the home page's list costs one round trip per provider.
 */
export type TodoProvider = (ctx: AppContext, user: User, filter: TodoFilter) => Promise<TodoItem[]>;
const providers: TodoProvider[] = [];
export const registerTodoProvider = (p: TodoProvider) => providers.push(p);

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** A prepared query's filter on an integer column: the placeholder's value, or every value when it is 0. */
export const anyOrEqual = (column: AnyPgColumn, placeholder: string) =>
  sql`(${sql.placeholder(placeholder)}::int = 0 or ${column} = ${sql.placeholder(placeholder)}::int)`;

/** A `where` condition: the user has not ignored or finished this content's to-do of this kind. */
export const notMarked = (userId: number | Placeholder, msgtype: SQL | number) =>
  sql`not exists (select 1 from ${todoMarks} m where m.user_id = ${userId} and m.content_id = ${contents.id} and m.msgtype = ${msgtype})`;

/**
 * A `where` condition over a query joining `courses` and the caller's `courseMembers` row: not a
 * student of an ended course closed to visits (they may not open it, so it gives them no to-dos).
 */
export const courseOpenToMember = sql`not (${courseMembers.role} = 'student' and ${courses.classending} = 1 and ${courses.canvisit} = 0)`;

/** The catalogue columns a to-do shows; never the item's body. */
export const todoColumns = {
  id: contents.id,
  courseId: contents.courseId,
  contenttype: contents.contenttype,
  title: contents.title,
  publishAt: contents.publishAt,
  endAt: contents.endAt,
  coursename: courses.coursename,
  classname: courses.classname,
};

/**
 * Students: an unread announcement, and a material or topic with an end time still to come that
 * they have not learned or joined. Archived courses and ended courses give none.
 */
const studentContentQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select(todoColumns)
    .from(contents)
    .innerJoin(
      courseMembers,
      and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, userId), eq(courseMembers.role, 'student')),
    )
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, userId)))
    .where(
      and(
        isNull(contents.deletedAt),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        courseOpenToMember,
        eq(contents.itemType, 1),
        eq(contents.publishState, 2),
        isNull(contentProgress.userId),
        notMarked(userId, 1),
        anyOrEqual(contents.courseId, 'courseId'),
        anyOrEqual(contents.contenttype, 'contenttype'),
        // a courseware with an end time is a pre-study task: a to-do until the student finishes it (issue 15)
        or(eq(contents.contenttype, 7), and(inArray(contents.contenttype, [1, 2, 5, 8, 9, 10]), sql`${contents.endAt} > now()`)),
      ),
    )
    .orderBy(desc(contents.publishAt))
    .limit(500)
    .prepare('todos_content');
});

const studentContentTodos: TodoProvider = async (ctx, user, filter) => {
  const rows = await studentContentQuery(ctx.db).execute({
    userId: user.id,
    courseId: filter.courseId,
    contenttype: filter.contenttype,
  });
  const lang = user.lang === 'en' ? 'en' : 'zh';
  return rows.map((row) => presentTodo(row, 1, 0, translate(lang, `content.type.${row.contenttype}`)));
};
registerTodoProvider(studentContentTodos);

/** A to-do as answered, from a row of `todoColumns`. */
export function presentTodo(
  row: {
    id: number;
    courseId: number;
    contenttype: number;
    title: string;
    publishAt: Date | null;
    endAt: Date | null;
    coursename: string;
    classname: string;
  },
  msgtype: 1 | 2,
  number: number,
  activitylabel: string,
): TodoItem {
  return {
    id: row.id,
    courseid: row.courseId,
    classname: row.classname,
    coursename: row.coursename,
    contentid: row.id,
    contenttype: row.contenttype,
    msgtype,
    activitylabel,
    contenttitle: row.title,
    starttime: seconds(row.publishAt),
    endtime: seconds(row.endAt),
    number,
  };
}

/** Every open to-do of the user: soonest deadline first, then newest. */
async function openTodos(ctx: AppContext, user: User, filter: TodoFilter) {
  const all = (await Promise.all(providers.map((p) => p(ctx, user, filter)))).flat();
  return all.sort(
    (a, b) => (a.endtime || Number.MAX_SAFE_INTEGER) - (b.endtime || Number.MAX_SAFE_INTEGER) || b.starttime - a.starttime,
  );
}

/** `/todoApi/getIndexList`: the home page's first to-dos (limit 3, spec 1 §9). */
export function getIndexList(ctx: AppContext, user: User, limit: number) {
  return ctx.reads.remember(`todos ${user.id} ${user.lang} ${limit}`, async () => {
    const [all, tags] = await Promise.all([openTodos(ctx, user, { courseId: 0, contenttype: 0 }), userCourseTags(ctx, user.id)]);
    return { value: { total: all.length, list: all.slice(0, limit) }, tags, until: firstDeadline(all) };
  });
}

/** When the first of the to-dos' deadlines passes (ms), changing the list by time alone; undefined when none is ahead. */
function firstDeadline(todos: TodoItem[]) {
  const now = Date.now() / 1000;
  const ahead = todos.map((t) => t.endtime).filter((end) => end > now);
  return ahead.length ? Math.min(...ahead) * 1000 : undefined;
}

/** `/Futurev2/Todo/getTodoList`: paged (10), with the courses that have to-dos for the filter popup. */
export async function getTodoList(ctx: AppContext, user: User, input: z.infer<typeof todoListInput>) {
  const everything = await openTodos(ctx, user, { courseId: 0, contenttype: input.type });
  const filtered = input.classid ? everything.filter((t) => t.courseid === input.classid) : everything;
  const coursesWithTodos = [
    ...new Map(
      everything.map((t) => [t.courseid, { id: t.courseid, coursename: t.coursename, classname: t.classname }]),
    ).values(),
  ];
  const start = (input.page - 1) * input.limit;
  return {
    total: filtered.length,
    page: input.page,
    list: filtered.slice(start, start + input.limit),
    courses: coursesWithTodos,
  };
}

/** `ignoreTodo` (1) and `tagFinishedTodo` (2): the to-do leaves the list; the item must be one the user sees. */
export async function markTodo(ctx: AppContext, user: User, input: z.infer<typeof todoMarkInput>, action: 1 | 2) {
  const { item } = await loadItemById(ctx, user, input.contentid);
  if (input.classid && input.classid !== item.courseId) throw fail('notFound');
  await ctx.db
    .insert(todoMarks)
    .values({ userId: user.id, contentId: item.id, msgtype: input.msgtype, action })
    .onConflictDoUpdate({ target: [todoMarks.userId, todoMarks.contentId, todoMarks.msgtype], set: { action } });
  return { contentid: item.id, msgtype: input.msgtype, action };
}

/** The to-do count for `/MessageApi/getAgencyMsg`. */
export async function todoCount(ctx: AppContext, user: User) {
  return (await openTodos(ctx, user, { courseId: 0, contenttype: 0 })).length;
}
