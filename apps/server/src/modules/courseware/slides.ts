import { CONTENT_TYPES, PREVIEW_STATES } from '@paiclass/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { contentFiles, contents, files } from '../../db/schema';
import { bindAddresses } from '../../platform/addresses';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { canSee } from '../content/content.policy';
import { courseRole } from '../content/content.service';
import { pageUrl, requestPages } from '../files/pages';

export type SlideState = (typeof PREVIEW_STATES)[number];

export interface Slides {
  interactid: number;
  courseId: number;
  title: string;
  state: SlideState;
  total: number;
  pages: { index: number; url: string; width: number; height: number }[];
}

type Item = typeof contents.$inferSelect;
type FileRow = typeof files.$inferSelect;

/**
 * A courseware item (content type 1) by id with its one document, unchecked: callers decide who
 * may have it. Deleted items and other types are not courseware (undefined).
 */
export async function unscopedCourseware(
  ctx: AppContext,
  contentId: number,
): Promise<{ item: Item; file?: FileRow } | undefined> {
  const [item] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.contenttype, CONTENT_TYPES.courseware), isNull(contents.deletedAt)));
  if (!item) return undefined;
  const [attached] = await ctx.db
    .select({ file: files })
    .from(contentFiles)
    .innerJoin(files, eq(files.id, contentFiles.fileId))
    .where(eq(contentFiles.contentId, contentId))
    .orderBy(asc(contentFiles.sort))
    .limit(1);
  return { item, file: attached?.file };
}

/** A page image's address for `user`: signed, bound to them, and absolute when PUBLIC_URL is set. */
export function slideAddress(ctx: AppContext, user: User, fileId: number, n: number) {
  const bound = bindAddresses(pageUrl(ctx, fileId, n), ctx.secret, user.id);
  return ctx.config.publicUrl ? new URL(bound, ctx.config.publicUrl).toString() : bound;
}

/**
 * The slides of a courseware item as `user` may see them: its conversion state and, once ready, one
 * signed page-image address per page (index from 1). The conversion is queued here if it never was.
 *
 * Refuses a stranger to the course (30202) and, alike as not found (40004), an item that is no
 * courseware, is deleted, or (to a student) is not published. Addresses are bound to `user` (each
 * member gets their own, as `/FileApi/download` wants) and are absolute when PUBLIC_URL is
 * configured; otherwise they are paths, which an HTTP answer makes absolute on its way out
 * (platform/addresses.ts) and a socket message's receiver resolves against the server it talks to.
 */
export async function slidesOf(ctx: AppContext, user: User, contentId: number): Promise<Slides> {
  const found = await unscopedCourseware(ctx, contentId);
  if (!found) throw fail('notFound');
  const { item, file } = found;
  const m = await courseRole(ctx, user, item.courseId);
  if (!canSee(m.role, item)) throw fail('notFound');
  const base = { interactid: item.id, courseId: item.courseId, title: item.title };
  if (!file) return { ...base, state: 'failed', total: 0, pages: [] };
  const row = await requestPages(ctx, file);
  if (!row) return { ...base, state: 'failed', total: 0, pages: [] };
  const state = PREVIEW_STATES[row.state] ?? 'waiting';
  if (state !== 'ready') return { ...base, state, total: 0, pages: [] };
  const pages = Array.from({ length: row.pages }, (_, i) => {
    const [width, height] = row.sizes[i] ?? [0, 0];
    return { index: i + 1, url: slideAddress(ctx, user, file.id, i + 1), width, height };
  });
  return { ...base, state, total: row.pages, pages };
}
