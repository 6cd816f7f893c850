import { sql } from 'drizzle-orm';
import { classPresentations, classSlideViews, classTimes, contentFiles, courseMembers } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * Whether page `page` of file `fileId` is held back from `userId` (decision 029): the file is the
 * document of a courseware on the screen of a class in progress, the user is a student of that
 * course, the teacher has not let students page ahead, and the page is past the furthest page the
 * screen has shown in this class. The download of slide images asks it, so a student who edits a
 * page address (`&page=`) gets no further than the class. One query; staff are never held back.
 */
export async function pageHeldBack(ctx: AppContext, userId: number, fileId: number, page: number): Promise<boolean> {
  const result = await ctx.db.execute(sql`
    select 1 from ${classPresentations} p
    join ${classTimes} ct on ct.id = p.class_time_id and ct.ended_at is null
    join ${contentFiles} cf on cf.content_id = p.content_id and cf.file_id = ${fileId}
    join ${courseMembers} m on m.course_id = p.course_id and m.user_id = ${userId} and m.role = 'student'
    where not p.ahead
      and ${page} > greatest(p.page, coalesce(
        (select max(v.page) from ${classSlideViews} v where v.class_time_id = p.class_time_id and v.content_id = p.content_id), 0))
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
