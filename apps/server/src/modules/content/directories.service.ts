import { and, asc, eq, sql } from 'drizzle-orm';
import { directories } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { managesContent } from './content.policy';
import { courseRole, requireManager } from './content.service';

/** A course's directories (chapters): listing with counts, adding, renaming and deleting. */

/** `/CourseApi/getCourseDirectory`: the course's directories with how many items each holds. */
export async function listDirectories(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  // columns inside a correlated subquery are named in full: drizzle leaves them unqualified
  const visible = managesContent(m.role) ? sql`true` : sql`c.publish_state in (2, 3)`;
  const rows = await ctx.db
    .select({
      id: directories.id,
      title: directories.title,
      count: sql<number>`(select count(*)::int from contents c where c.directory_id = course_directories.id and c.deleted_at is null and c.folder_id is null and ${visible})`,
    })
    .from(directories)
    .where(eq(directories.courseId, courseId))
    .orderBy(asc(directories.sort), asc(directories.id));
  return { list: rows };
}

export async function addDirectory(ctx: AppContext, user: User, courseId: number, title: string) {
  await requireManager(ctx, user, courseId);
  const [row] = await ctx.db
    .insert(directories)
    .values({ courseId, title })
    .returning({ id: directories.id, title: directories.title });
  return { ...row!, count: 0 };
}

export async function renameDirectory(ctx: AppContext, user: User, courseId: number, id: number, title: string) {
  await requireManager(ctx, user, courseId);
  const updated = await ctx.db
    .update(directories)
    .set({ title })
    .where(and(eq(directories.id, id), eq(directories.courseId, courseId)))
    .returning({ id: directories.id });
  if (updated.length === 0) throw fail('notFound');
  return { id, title };
}

/** Deleting a directory keeps its items: they move out of every directory. */
export async function deleteDirectory(ctx: AppContext, user: User, courseId: number, id: number) {
  await requireManager(ctx, user, courseId);
  const gone = await ctx.db
    .delete(directories)
    .where(and(eq(directories.id, id), eq(directories.courseId, courseId)))
    .returning({ id: directories.id });
  if (gone.length === 0) throw fail('notFound');
  return { id };
}
