import { CONTENT_TYPES } from '@paiclass/shared';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentFiles, contents, directories } from '../../db/schema';

/** What a course made from another takes of its catalogue: materials, MOOC items, topics and notices. */
export const COPIED_TYPES: number[] = [
  CONTENT_TYPES.material,
  CONTENT_TYPES.material2,
  CONTENT_TYPES.moocVideo,
  CONTENT_TYPES.moocLink,
  CONTENT_TYPES.topic,
  CONTENT_TYPES.announcement,
];

/**
 * Copies a course's directories and the items of COPIED_TYPES (their folders and files too) into
 * another course, as drafts of the new author: nothing reaches the new course's students until the
 * teacher publishes it. Files are shared, not duplicated. Answers the number of items copied (folders not counted).
 */
export async function copyCatalogue(db: Db, fromCourseId: number, toCourseId: number, authorId: number) {
  const dirs = await db.select().from(directories).where(eq(directories.courseId, fromCourseId)).orderBy(asc(directories.id));
  const dirMap = new Map<number, number>();
  for (const d of dirs) {
    const [made] = await db
      .insert(directories)
      .values({ courseId: toCourseId, title: d.title, sort: d.sort })
      .returning({ id: directories.id });
    if (made) dirMap.set(d.id, made.id);
  }
  const items = await db
    .select()
    .from(contents)
    .where(and(eq(contents.courseId, fromCourseId), isNull(contents.deletedAt), inArray(contents.contenttype, COPIED_TYPES)))
    .orderBy(desc(contents.itemType), asc(contents.id));
  // folders (item type 2) come first, so their children find the new folder's id
  const itemMap = new Map<number, number>();
  let copied = 0;
  for (const item of items) {
    if (item.folderId && !itemMap.has(item.folderId)) continue;
    const [made] = await db
      .insert(contents)
      .values({
        courseId: toCourseId,
        authorId,
        contenttype: item.contenttype,
        itemType: item.itemType,
        folderId: item.folderId ? itemMap.get(item.folderId) : null,
        directoryId: item.directoryId ? (dirMap.get(item.directoryId) ?? null) : null,
        title: item.title,
        body: item.body,
        link: item.link,
        downloadable: item.downloadable,
        settings: item.settings,
      })
      .returning({ id: contents.id });
    if (made) itemMap.set(item.id, made.id);
    if (made && item.itemType === 1) copied += 1;
  }
  if (itemMap.size) {
    const files = await db
      .select()
      .from(contentFiles)
      .where(inArray(contentFiles.contentId, [...itemMap.keys()]));
    if (files.length)
      await db
        .insert(contentFiles)
        .values(files.map((f) => ({ contentId: itemMap.get(f.contentId) as number, fileId: f.fileId, sort: f.sort })));
  }
  return copied;
}
