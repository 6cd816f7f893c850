import {
  CONTENT_TYPES,
  type CodeName,
  type ContentInput,
  type ContentListInput,
  type catalogueItemAnswer,
  type contentDetailAnswer,
  type contentEditInput,
  type contentPageAnswer,
  type downloadSettingAnswer,
  FOLDER_PAGE_SIZE,
  type folderChildrenAnswer,
  isCoursewareName,
  PUBLISH_STATES,
  type studyProgressAnswer,
  type topicSettingAnswer,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contentFiles,
  contentProgress,
  contents,
  courseMembers,
  courses,
  directories,
  files,
  homeworks,
  submissionMembers,
  submissions,
  tests,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badInput, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { membership, refuseClosedCourse } from '../courses/courses.queries';
import { requestPages } from '../files/pages';
import { createNotices } from '../notices/notices.service';
import {
  type ContentRole,
  canAuthor,
  canChange,
  canDownload,
  canSee,
  DONE_ON_OPEN,
  MATERIAL_FAMILY,
  managesContent,
  OWN_LIFECYCLE,
  VISIBLE_TO_STUDENTS,
} from './content.policy';
import { type ItemWork, presentAttachment, presentItem } from './presenters';
import { hasContent, referencedFileIds, sanitizeRichText } from './rich-text';

type Item = typeof contents.$inferSelect;

export const PUBLISH_JOB = 'content.publish';
export const END_JOB = 'content.end';
export const publishKey = (id: number) => `content-publish:${id}`;
export const endKey = (id: number) => `content-end:${id}`;

/**
 * The caller's role in a course they belong to; a stranger gets 30202 (spec 2 §8), a student of an
 * ended course closed to visits 30313.
 */
export async function courseRole(ctx: AppContext, user: User, courseId: number) {
  const m = await membership(ctx, user.id, courseId);
  if (!m) throw fail('courseGone');
  refuseClosedCourse(m);
  return m;
}

export async function requireManager(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!managesContent(m.role)) throw fail('forbidden');
  return m;
}

/**
 * One item of a course the caller may see. An item of another course, a deleted one, or one not
 * yet published (for a student) is "not found" alike, so nothing leaks across courses.
 */
export async function loadItem(ctx: AppContext, user: User, courseId: number, id: number) {
  const m = await courseRole(ctx, user, courseId);
  const [item] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, id), eq(contents.courseId, courseId), isNull(contents.deletedAt)));
  if (!item || !canSee(m.role, item)) throw fail('notFound');
  return { item, m };
}

/** The item a comment, like or to-do refers to, found by id alone and checked against the caller's course role. */
export async function loadItemById(ctx: AppContext, user: User, id: number) {
  const [row] = await ctx.db.select({ courseId: contents.courseId }).from(contents).where(eq(contents.id, id));
  if (!row) throw fail('notFound');
  return loadItem(ctx, user, row.courseId, id);
}

/** Materials, MOOC videos and links share one family (their list and their folders); other types are their own. */
const familyOf = (contenttype: number) => (MATERIAL_FAMILY.includes(contenttype) ? 'materials' : String(contenttype));

/** Files, progress, placement and statistics for a page of items, in a fixed number of queries. */
async function decorate(ctx: AppContext, user: User, role: ContentRole, items: Item[], withBody = false) {
  const ids = items.map((i) => i.id);
  if (ids.length === 0) return [];
  const attached = await ctx.db
    .select({ contentId: contentFiles.contentId, file: files })
    .from(contentFiles)
    .innerJoin(files, eq(files.id, contentFiles.fileId))
    .where(inArray(contentFiles.contentId, ids))
    .orderBy(asc(contentFiles.sort));
  const done = new Set(
    (
      await ctx.db
        .select({ id: contentProgress.contentId })
        .from(contentProgress)
        .where(and(eq(contentProgress.userId, user.id), inArray(contentProgress.contentId, ids)))
    ).map((r) => r.id),
  );
  const placeIds = [...new Set(items.flatMap((i) => (i.folderId ? [i.folderId] : [])))];
  const folders = placeIds.length
    ? await ctx.db.select({ id: contents.id, title: contents.title }).from(contents).where(inArray(contents.id, placeIds))
    : [];
  const dirIds = [...new Set(items.flatMap((i) => (i.directoryId ? [i.directoryId] : [])))];
  const dirs = dirIds.length
    ? await ctx.db
        .select({ id: directories.id, title: directories.title })
        .from(directories)
        .where(inArray(directories.id, dirIds))
    : [];
  const authorIds = [...new Set(items.map((i) => i.authorId))];
  const authors = await ctx.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, authorIds));
  const stats = managesContent(role) ? await statistics(ctx, items[0]!.courseId, ids) : undefined;
  const folderIds = items.filter((i) => i.itemType === 2).map((i) => i.id);
  const fileCounts = folderIds.length
    ? await ctx.db
        .select({ id: contents.folderId, n: count() })
        .from(contents)
        .where(
          and(
            inArray(contents.folderId, folderIds),
            isNull(contents.deletedAt),
            managesContent(role) ? undefined : inArray(contents.publishState, VISIBLE_TO_STUDENTS),
          ),
        )
        .groupBy(contents.folderId)
    : [];
  const work = await contentWork(ctx, user, items);
  return items.map((item) =>
    presentItem(ctx, item, {
      work: work(item.id),
      done: done.has(item.id),
      downloadable: canDownload(role, item),
      attachments: attached.filter((a) => a.contentId === item.id).map((a) => a.file),
      folder: folders.find((f) => f.id === item.folderId) ?? null,
      directory: dirs.find((d) => d.id === item.directoryId) ?? null,
      author: authors.find((a) => a.id === item.authorId),
      statistics: stats?.(item.id),
      filecount: item.itemType === 2 ? (fileCounts.find((c) => c.id === item.id)?.n ?? 0) : undefined,
      withBody,
    }),
  );
}

/**
 * What homework and tests add to a page's items (Ketangpai's `fullscore`, `warmingcheckrate`, ...) and
 * the course's student count: a fixed number of queries whatever the page's size. The caller's score is
 * theirs only once published to them (a teacher has no submission, so none).
 */
async function contentWork(ctx: AppContext, user: User, items: Item[]) {
  const courseId = items[0]!.courseId;
  const ids = (type: number) => items.filter((i) => i.itemType === 1 && i.contenttype === type).map((i) => i.id);
  const hwIds = ids(CONTENT_TYPES.homework);
  const testIds = ids(CONTENT_TYPES.test);
  const [[students], hws, mine, papers] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'))),
    hwIds.length
      ? ctx.db
          .select({
            id: homeworks.contentId,
            fullScore: homeworks.fullScore,
            dupCheck: homeworks.dupCheck,
            dupCeiling: homeworks.dupCeiling,
          })
          .from(homeworks)
          .where(inArray(homeworks.contentId, hwIds))
      : [],
    hwIds.length
      ? ctx.db
          .select({
            id: submissions.contentId,
            score: submissions.score,
            gradedAt: submissions.gradedAt,
            published: submissions.scorePublished,
          })
          .from(submissionMembers)
          .innerJoin(submissions, eq(submissions.id, submissionMembers.submissionId))
          .where(and(eq(submissionMembers.userId, user.id), inArray(submissions.contentId, hwIds)))
      : [],
    testIds.length
      ? ctx.db
          .select({ id: tests.contentId, type: tests.type, beginAt: tests.beginAt, totalScore: tests.totalScore })
          .from(tests)
          .where(inArray(tests.contentId, testIds))
      : [],
  ]);
  return (id: number): ItemWork => {
    const s = mine.find((m) => m.id === id);
    return {
      fullcount: Number(students?.n ?? 0),
      homework: hws.find((h) => h.id === id),
      mine: s ? { score: s.published ? s.score : null, gradedAt: s.gradedAt } : undefined,
      test: papers.find((t) => t.id === id),
    };
  };
}

/** completed / unlearned per item: how many of the course's students have done it. */
async function statistics(ctx: AppContext, courseId: number, ids: number[]) {
  const [students] = await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')));
  const rows = await ctx.db
    .select({ id: contentProgress.contentId, n: count() })
    .from(contentProgress)
    .innerJoin(
      courseMembers,
      and(
        eq(courseMembers.userId, contentProgress.userId),
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.role, 'student'),
      ),
    )
    .where(inArray(contentProgress.contentId, ids))
    .groupBy(contentProgress.contentId);
  const total = students?.n ?? 0;
  return (id: number) => {
    const completed = rows.find((r) => r.id === id)?.n ?? 0;
    return { completed, unlearned: Math.max(0, total - completed) };
  };
}

/**
 * Which items a list shows: one course, not deleted, what a student may see; `place` is a folder's
 * id, 0 for the top level, or 'anywhere' for the flat style; `types` exactly the types asked for.
 */
function listWhere(role: ContentRole, courseId: number, filter: { types: number[]; dirid: number }, place: number | 'anywhere') {
  return and(
    eq(contents.courseId, courseId),
    isNull(contents.deletedAt),
    place === 'anywhere' ? eq(contents.itemType, 1) : place ? eq(contents.folderId, place) : isNull(contents.folderId),
    filter.dirid ? eq(contents.directoryId, filter.dirid) : undefined,
    filter.types.length ? inArray(contents.contenttype, filter.types) : undefined,
    managesContent(role) ? undefined : inArray(contents.publishState, VISIBLE_TO_STUDENTS),
  );
}

const orderFor = (input: { sort: string; desc: number }) => {
  const dir = input.desc ? desc : asc;
  return input.sort === 'title'
    ? [dir(contents.title), desc(contents.id)]
    : [dir(sql`coalesce(${contents.publishAt}, ${contents.createdAt})`), dir(contents.id)];
};

/** A folder's children, a page at a time (spec 2 §3: currentPage, pageSize, finished); every type in it. */
async function folderPage(
  ctx: AppContext,
  user: User,
  role: ContentRole,
  folder: Item,
  page: number,
  limit = FOLDER_PAGE_SIZE,
  input = { sort: '', desc: 1 },
): Promise<z.output<typeof folderChildrenAnswer>> {
  const where = listWhere(role, folder.courseId, { types: [], dirid: 0 }, folder.id);
  const [total] = await ctx.db.select({ n: count() }).from(contents).where(where);
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(where)
    .orderBy(...orderFor(input))
    .limit(limit)
    .offset((page - 1) * limit);
  const n = total?.n ?? 0;
  return {
    list: await decorate(ctx, user, role, rows),
    total: n,
    currentPage: page,
    pageSize: limit,
    finished: page * limit >= n ? 1 : 0,
  };
}

/**
 * The first page of children of every folder on a catalogue page, in the same order as `folderPage`,
 * read together: a fixed number of queries whatever the number of folders.
 */
async function firstPages(ctx: AppContext, user: User, role: ContentRole, courseId: number, folders: Item[]) {
  const pages = new Map<number, Awaited<ReturnType<typeof folderPage>>>();
  if (folders.length === 0) return pages;
  const where = and(
    eq(contents.courseId, courseId),
    isNull(contents.deletedAt),
    inArray(
      contents.folderId,
      folders.map((f) => f.id),
    ),
    managesContent(role) ? undefined : inArray(contents.publishState, VISIBLE_TO_STUDENTS),
  );
  const totals = await ctx.db
    .select({ folderId: contents.folderId, n: count() })
    .from(contents)
    .where(where)
    .groupBy(contents.folderId);
  const place = sql<number>`row_number() over (partition by ${contents.folderId} order by coalesce(${contents.publishAt}, ${contents.createdAt}) desc, ${contents.id} desc)`;
  const ranked = ctx.db
    .select({ childId: contents.id, place: place.as('place') })
    .from(contents)
    .where(where)
    .as('ranked');
  const rows = await ctx.db
    .select({ item: contents })
    .from(contents)
    .innerJoin(ranked, eq(ranked.childId, contents.id))
    .where(lte(ranked.place, FOLDER_PAGE_SIZE))
    .orderBy(asc(contents.folderId), asc(ranked.place));
  const children = await decorate(
    ctx,
    user,
    role,
    rows.map((r) => r.item),
  );
  for (const folder of folders) {
    const n = totals.find((t) => t.folderId === folder.id)?.n ?? 0;
    pages.set(folder.id, {
      list: children.filter((_, i) => rows[i]!.item.folderId === folder.id),
      total: n,
      currentPage: 1,
      pageSize: FOLDER_PAGE_SIZE,
      finished: FOLDER_PAGE_SIZE >= n ? 1 : 0,
    });
  }
  return pages;
}

/**
 * What `drid` or `dirid` names: Ketangpai clients open a folder by sending its id as `drid` (or
 * `dirid`), and our own client filters by a directory with `dirid`. `drid` is a folder when the
 * course has a folder with that id, else a directory; `dirid` a directory when the course has one
 * with that id, else a folder. An id that names neither lists nothing.
 */
async function placeOf(ctx: AppContext, courseId: number, input: ContentListInput) {
  if (input.folderid) return { folderId: input.folderid, dirid: 0 };
  const asked = input.drid || input.dirid;
  if (!asked) return { folderId: 0, dirid: 0 };
  const [folder] = await ctx.db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, asked), eq(contents.courseId, courseId), eq(contents.itemType, 2), isNull(contents.deletedAt)));
  const [dir] = await ctx.db
    .select({ id: directories.id })
    .from(directories)
    .where(and(eq(directories.id, asked), eq(directories.courseId, courseId)));
  const preferFolder = input.drid > 0;
  if (folder && (preferFolder || !dir)) return { folderId: folder.id, dirid: 0 };
  return { folderId: 0, dirid: dir ? dir.id : -1 };
}

/**
 * `/FutureV2/CourseMeans/getCourseContent`: the course catalogue, exactly the types asked for
 * (every type when none), a page at a time. Folders come as rows Ketangpai clients recognise
 * (`isfolder`, `isdir`, `type` 3, `filecount`, `name`) with their first page of children; a
 * folder's own page is asked with `folderid`, `drid` or `dirid`; `flat=1` lists every file of the
 * asked types wherever it sits, each naming its `folder`. `courserole` is only a hint: what a caller
 * sees follows their real role.
 */
export async function getCourseContent(
  ctx: AppContext,
  user: User,
  input: ContentListInput,
): Promise<z.output<typeof contentPageAnswer>> {
  const m = await courseRole(ctx, user, input.courseid);
  const place = await placeOf(ctx, input.courseid, input);
  if (place.folderId) {
    const { item: folder } = await loadItem(ctx, user, input.courseid, place.folderId);
    if (folder.itemType !== 2) throw fail('notFound');
    const limit = input.limit ?? FOLDER_PAGE_SIZE;
    const page = await folderPage(ctx, user, m.role, folder, input.page, limit, input);
    return { list: page.list, total: page.total, page: input.page, limit, finished: page.finished };
  }
  const limit = input.limit ?? 20;
  const where = listWhere(m.role, input.courseid, { types: input.contenttype, dirid: place.dirid }, input.flat ? 'anywhere' : 0);
  const [total] = await ctx.db.select({ n: count() }).from(contents).where(where);
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(where)
    .orderBy(...orderFor(input))
    .limit(limit)
    .offset((input.page - 1) * limit);
  const list = await decorate(ctx, user, m.role, rows);
  const pages = await firstPages(
    ctx,
    user,
    m.role,
    input.courseid,
    rows.filter((r) => r.itemType === 2),
  );
  for (const [i, row] of rows.entries()) {
    if (row.itemType === 2) Object.assign(list[i]!, { children: pages.get(row.id) });
  }
  return { list, total: total?.n ?? 0, page: input.page, limit, courserole: managesContent(m.role) ? 1 : 0 };
}

/** One item with its body; a student's opening of a material or notice counts as learned or read. */
export async function getContentDetail(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof contentDetailAnswer>> {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (m.role === 'student' && DONE_ON_OPEN.has(item.contenttype)) await markDone(ctx, user.id, item.id);
  const [presented] = await decorate(ctx, user, m.role, [item], true);
  return {
    ...presented!,
    courserole: managesContent(m.role) ? 1 : 0,
    allowcomment: item.publishState === PUBLISH_STATES.ended ? 0 : 1,
  };
}

export async function markDone(ctx: AppContext, userId: number, contentId: number) {
  await ctx.db.insert(contentProgress).values({ contentId, userId }).onConflictDoNothing();
}

/**
 * `/FutureV2/Courseware/query`: a material's files as Ketangpai clients read them
 * (`data.attachment[]` {name, url, orgin_size, playurl}); with no address where the caller may
 * not download. A student's query counts as learning it.
 */
export async function queryMaterial(ctx: AppContext, user: User, courseId: number, id: number) {
  const detail = await getContentDetail(ctx, user, courseId, id);
  return {
    id: detail.id,
    title: detail.title,
    contenttype: detail.contenttype,
    link: detail.link,
    downloadable: detail.downloadable,
    attachment: detail.attachment,
  };
}

/** `/FutureV2/Courseware/download`: a fresh download address for one file, or "no permission to download". */
export async function downloadFile(ctx: AppContext, user: User, courseId: number, id: number, fileId: number) {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (!canDownload(m.role, item)) throw fail('notDownloadable');
  const [row] = await ctx.db
    .select({ file: files })
    .from(contentFiles)
    .innerJoin(files, eq(files.id, contentFiles.fileId))
    .where(and(eq(contentFiles.contentId, item.id), eq(contentFiles.fileId, fileId)));
  if (!row) throw fail('notFound');
  if (m.role === 'student') await markDone(ctx, user.id, item.id);
  return presentAttachment(ctx, row.file, true);
}

/** `/FutureV2/CourseMeans/getStudyProgress`: which students have learned (or read) an item. */
export async function getStudyProgress(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof studyProgressAnswer>> {
  const m = await requireManager(ctx, user, courseId);
  const { item } = await loadItem(ctx, user, courseId, id);
  const rows = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno, avatar: users.avatar, doneAt: contentProgress.doneAt })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(contentProgress, and(eq(contentProgress.userId, courseMembers.userId), eq(contentProgress.contentId, item.id)))
    .where(and(eq(courseMembers.courseId, m.course.id), eq(courseMembers.role, 'student')))
    .orderBy(asc(users.username));
  const list = rows.map((r): z.output<typeof studyProgressAnswer>['list'][number] => ({
    uid: r.uid,
    username: r.username,
    stno: r.stno,
    avatar: r.avatar,
    state: r.doneAt ? 1 : 0,
    donetime: r.doneAt ? Math.floor(r.doneAt.getTime() / 1000) : 0,
  }));
  const completed = list.filter((r) => r.state === 1).length;
  return { id: item.id, title: item.title, completed, unlearned: list.length - completed, list };
}

/** Checks and cleans what an item carries for its type; answers the sanitised body and the file ids. Writes nothing. */
export async function prepare(
  ctx: AppContext,
  user: User,
  contenttype: number,
  input: { content: string; fileids: number[]; link: string },
  kept: Item | null = null,
) {
  // the caller's own files, and (when editing) the images the stored body already shows
  const own = new Set(
    (
      await ctx.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.ownerId, user.id), inArray(files.id, [...input.fileids, ...referencedFileIds(input.content), 0])))
    ).map((r) => r.id),
  );
  const images = new Set([...own, ...(kept ? referencedFileIds(kept.body) : [])]);
  const attached = kept
    ? (await ctx.db.select({ id: contentFiles.fileId }).from(contentFiles).where(eq(contentFiles.contentId, kept.id))).map(
        (r) => r.id,
      )
    : [];
  if (input.fileids.some((id) => !own.has(id) && !attached.includes(id))) throw badInput('validation.fileNotYours');
  const body = sanitizeRichText(input.content, images);
  if (contenttype === CONTENT_TYPES.announcement && !hasContent(body)) throw badInput('validation.noticeEmpty');
  if (
    (contenttype === CONTENT_TYPES.material ||
      contenttype === CONTENT_TYPES.material2 ||
      contenttype === CONTENT_TYPES.moocVideo) &&
    input.fileids.length === 0
  )
    throw badInput('validation.filesRequired');
  // a courseware is one PPT, PPTX or PDF, converted to its slides (issue 15)
  if (contenttype === CONTENT_TYPES.courseware) {
    const kinds = await ctx.db
      .select({ name: files.name })
      .from(files)
      .where(inArray(files.id, [...input.fileids, 0]));
    if (input.fileids.length !== 1 || kinds.length !== 1 || !isCoursewareName(kinds[0]!.name))
      throw badInput('validation.coursewareFile');
  }
  if (contenttype === CONTENT_TYPES.moocVideo) {
    const kinds = await ctx.db.select({ mime: files.mime }).from(files).where(inArray(files.id, input.fileids));
    if (kinds.some((k) => !k.mime.startsWith('video/'))) throw badInput('validation.videoRequired');
  }
  let link = '';
  if (contenttype === CONTENT_TYPES.moocLink) {
    let url: URL | undefined;
    try {
      url = new URL(input.link);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw badInput('validation.link');
    link = url.toString();
  }
  return { body, link };
}

/** A live folder of the course (none for 0); anything else is refused (30404). */
async function loadFolder(ctx: AppContext, courseId: number, folderId: number) {
  if (!folderId) return null;
  const [folder] = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.id, folderId), eq(contents.courseId, courseId), isNull(contents.deletedAt)));
  if (folder?.itemType !== 2) throw fail('wrongFolder');
  return folder;
}

/** A folder to put an item in: a folder of the same course and family, never a folder inside a folder. */
async function targetFolder(ctx: AppContext, courseId: number, folderId: number, contenttype: number) {
  const folder = await loadFolder(ctx, courseId, folderId);
  if (folder && familyOf(folder.contenttype) !== familyOf(contenttype)) throw fail('wrongFolder');
  return folder;
}

async function targetDirectory(ctx: AppContext, courseId: number, dirId: number) {
  if (!dirId) return null;
  const [dir] = await ctx.db
    .select()
    .from(directories)
    .where(and(eq(directories.id, dirId), eq(directories.courseId, courseId)));
  if (!dir) throw fail('notFound');
  return dir;
}

/** Publish-time and end-time rules (spec 2 §5: the end must not conflict with the publish time). */
function schedule(input: { publish: number; publish_time: number; endtime: number }, now = Date.now()) {
  const publishAt = input.publish === 2 ? new Date(input.publish_time * 1000) : input.publish === 1 ? new Date(now) : null;
  if (input.publish === 2 && (!input.publish_time || publishAt!.getTime() <= now)) throw badInput('validation.timePast');
  const endAt = input.endtime ? new Date(input.endtime * 1000) : null;
  if (endAt && endAt.getTime() <= now) throw badInput('validation.timePast');
  if (endAt && publishAt && endAt <= publishAt) throw badInput('validation.endBeforePublish');
  return { publishAt, endAt, publishState: input.publish === 2 ? 1 : input.publish === 1 ? 2 : 0 };
}

/** Queues the publish and end jobs of an item: keyed, so rescheduling replaces and nothing fires twice. */
export async function queueJobs(ctx: AppContext, item: Item) {
  if (item.publishState === PUBLISH_STATES.scheduled && item.publishAt)
    await ctx.jobs.schedule(PUBLISH_JOB, item.publishAt, { id: item.id }, publishKey(item.id));
  else await ctx.jobs.cancel(publishKey(item.id));
  if (item.endAt && item.publishState !== PUBLISH_STATES.ended)
    await ctx.jobs.schedule(END_JOB, item.endAt, { id: item.id }, endKey(item.id));
  else await ctx.jobs.cancel(endKey(item.id));
}

export type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];
type Membership = Awaited<ReturnType<typeof courseRole>>;
export type ItemFields = Omit<ContentInput, 'courseid'>;

/**
 * Creates a catalogue item of any type: checks and cleans what it carries, places it, schedules its
 * publish and end jobs and tells the students when it is out. A type with its own settings (homework,
 * tests) writes them in `extra`, inside the same transaction.
 */
export async function createItem(
  ctx: AppContext,
  user: User,
  m: Membership,
  input: ItemFields,
  extra?: (tx: Tx, item: Item) => Promise<void>,
) {
  // a student's topic is published at once, with no schedule
  const timing = managesContent(m.role) ? schedule(input) : schedule({ publish: 1, publish_time: 0, endtime: 0 });
  const { body, link } = await prepare(ctx, user, input.contenttype, input);
  const folder = await targetFolder(ctx, m.course.id, input.folderid, input.contenttype);
  const dir = await targetDirectory(ctx, m.course.id, input.dirid);
  const item = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contents)
      .values({
        courseId: m.course.id,
        authorId: user.id,
        contenttype: input.contenttype,
        title: input.title,
        body,
        link,
        downloadable: input.downloadable === 1,
        folderId: folder?.id ?? null,
        directoryId: dir?.id ?? folder?.directoryId ?? null,
        ...timing,
      })
      .returning();
    if (input.fileids.length)
      await tx.insert(contentFiles).values(input.fileids.map((fileId, sort) => ({ contentId: row!.id, fileId, sort })));
    await extra?.(tx, row!);
    return row!;
  });
  await queueJobs(ctx, item);
  if (item.publishState === PUBLISH_STATES.published) await announce(ctx, item);
  return item;
}

/** One item as its caller sees it, with body. */
export async function presentOneItem(ctx: AppContext, user: User, role: ContentRole, item: Item) {
  const [presented] = await decorate(ctx, user, role, [item], true);
  return presented!;
}

/** `/FutureV2/CourseMeans/addContent`: a new item, published now, at a time, or kept as a draft. */
export async function addContent(ctx: AppContext, user: User, input: ContentInput) {
  const m = await courseRole(ctx, user, input.courseid);
  if (!canAuthor(m.role, input.contenttype, m.course))
    throw input.contenttype === CONTENT_TYPES.topic && m.role === 'student' ? fail('topicsClosed') : fail('forbidden');
  const item = await createItem(ctx, user, m, input);
  // a courseware's slides are converted at once: the teacher sees the progress on its page
  if (item.contenttype === CONTENT_TYPES.courseware) await queueSlides(ctx, item.id);
  return presentOneItem(ctx, user, m.role, item);
}

/** Queues the conversion of a courseware's document into its slides (files/pages.ts); once per file. */
async function queueSlides(ctx: AppContext, contentId: number) {
  const [attached] = await ctx.db
    .select({ file: files })
    .from(contentFiles)
    .innerJoin(files, eq(files.id, contentFiles.fileId))
    .where(eq(contentFiles.contentId, contentId));
  if (attached) await requestPages(ctx, attached.file);
}

/** `/FutureV2/CourseMeans/editContent`: title, body, files, link and download permission. */
export async function editContent(ctx: AppContext, user: User, input: z.infer<typeof contentEditInput>) {
  const { item, m } = await loadItem(ctx, user, input.courseid, input.id);
  if (!canChange(m.role, user.id, item) || item.itemType !== 1) throw fail('forbidden');
  const prepared = await prepare(ctx, user, item.contenttype, input, item);
  const updated = await ctx.db.transaction((tx) => writeEdit(tx, item, input, prepared));
  if (updated.contenttype === CONTENT_TYPES.courseware) await queueSlides(ctx, updated.id);
  const [presented] = await decorate(ctx, user, m.role, [updated], true);
  return presented!;
}

/**
 * Writes an edit already checked by `prepare` inside the caller's transaction: title, body, link,
 * download permission and files, plus any further columns in `also` (a new end time).
 */
export async function writeEdit(
  tx: Tx,
  item: Item,
  input: { title: string; fileids: number[]; downloadable: number },
  prepared: { body: string; link: string },
  also: Partial<typeof contents.$inferInsert> = {},
) {
  await tx.delete(contentFiles).where(eq(contentFiles.contentId, item.id));
  if (input.fileids.length)
    await tx.insert(contentFiles).values(input.fileids.map((fileId, sort) => ({ contentId: item.id, fileId, sort })));
  const [updated] = await tx
    .update(contents)
    .set({
      ...also,
      title: input.title,
      body: prepared.body,
      link: prepared.link,
      downloadable: input.downloadable === 1,
      updatedAt: new Date(),
    })
    .where(eq(contents.id, item.id))
    .returning();
  return updated!;
}

/** `/FutureV2/CourseMeans/addFolder`: a folder for one content family (materials, notices, ...). */
export async function addFolder(
  ctx: AppContext,
  user: User,
  courseId: number,
  contenttype: number,
  title: string,
  dirId: number,
): Promise<z.output<typeof catalogueItemAnswer>> {
  const m = await requireManager(ctx, user, courseId);
  const dir = await targetDirectory(ctx, courseId, dirId);
  const [row] = await ctx.db
    .insert(contents)
    .values({
      courseId,
      authorId: user.id,
      contenttype,
      itemType: 2,
      title,
      directoryId: dir?.id ?? null,
      publishState: PUBLISH_STATES.published,
      publishAt: new Date(),
    })
    .returning();
  const [presented] = await decorate(ctx, user, m.role, [row!]);
  return { ...presented!, children: { list: [], total: 0, currentPage: 1, pageSize: FOLDER_PAGE_SIZE, finished: 1 } };
}

export async function renameContent(ctx: AppContext, user: User, courseId: number, id: number, title: string) {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (!canChange(m.role, user.id, item)) throw fail('forbidden');
  await ctx.db.update(contents).set({ title, updatedAt: new Date() }).where(eq(contents.id, item.id));
  return { id, title };
}

/**
 * A refusal about one item of a request naming several: its title, then why, with the code the item
 * would have alone.
 */
const aboutItem = (item: Item, code: CodeName) =>
  new AppError(code, 'errors.batchItem', { title: item.title, reason: `errors.${code}` });

/**
 * `/FutureV2/CourseMeans/moveToFolder`: items into a folder of their family, or back to the top (0).
 * Every item is checked before any moves (a folder, or an item of another family, refuses the whole
 * request naming it, 30404), then all move in one statement of one transaction (issue 23).
 */
export async function moveToFolder(ctx: AppContext, user: User, courseId: number, ids: number[], folderId: number) {
  await requireManager(ctx, user, courseId);
  const items = await itemsOf(ctx, courseId, ids);
  const folder = await loadFolder(ctx, courseId, folderId);
  const wrong = items.find(
    (item) => item.itemType === 2 || (folder && familyOf(folder.contenttype) !== familyOf(item.contenttype)),
  );
  if (wrong) throw aboutItem(wrong, 'wrongFolder');
  await inTransaction(ctx, (t) =>
    t.db
      .update(contents)
      // out of a folder, an item keeps its directory; into one, it takes the folder's
      .set({ folderId: folder?.id ?? null, ...(folder ? { directoryId: folder.directoryId } : {}), updatedAt: new Date() })
      .where(
        and(
          eq(contents.courseId, courseId),
          inArray(
            contents.id,
            items.map((i) => i.id),
          ),
        ),
      ),
  );
  return { count: items.length };
}

/**
 * `directoryChange`: items (a folder with its children) into a directory, or out of every directory
 * (0). Every item is checked first (an item inside a folder moves with its folder only: 30404 naming
 * it), then all move in one statement of one transaction.
 */
export async function directoryChange(ctx: AppContext, user: User, courseId: number, ids: number[], dirId: number) {
  await requireManager(ctx, user, courseId);
  const dir = await targetDirectory(ctx, courseId, dirId);
  const items = await itemsOf(ctx, courseId, ids);
  const inFolder = items.find((item) => item.folderId);
  if (inFolder) throw aboutItem(inFolder, 'wrongFolder');
  const moved = items.map((i) => i.id);
  await inTransaction(ctx, (t) =>
    t.db
      .update(contents)
      .set({ directoryId: dir?.id ?? null, updatedAt: new Date() })
      .where(and(eq(contents.courseId, courseId), or(inArray(contents.id, moved), inArray(contents.folderId, moved)))),
  );
  return { count: items.length };
}

/**
 * Live items of a course by id, in the order asked; any id outside the course makes the whole call
 * "not found". Read in one query, before anything is written.
 */
async function itemsOf(ctx: AppContext, courseId: number, ids: number[]) {
  if (ids.length === 0) throw badInput('validation.invalid');
  const rows = await ctx.db
    .select()
    .from(contents)
    .where(and(eq(contents.courseId, courseId), inArray(contents.id, ids), isNull(contents.deletedAt)));
  const asked = [...new Set(ids)];
  if (rows.length !== asked.length) throw fail('notFound');
  return asked.map((id) => rows.find((r) => r.id === id)!);
}

/**
 * `deleteContent`: an item, or a folder with everything in it; their pending publish and end jobs
 * go too, in the same transaction, so a delete that fails part-way leaves everything as it was.
 */
export async function deleteContent(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (!canChange(m.role, user.id, item)) throw fail('forbidden');
  const count = await inTransaction(ctx, async (t) => {
    const gone = await t.db
      .update(contents)
      .set({ deletedAt: new Date() })
      .where(and(isNull(contents.deletedAt), sql`(${contents.id} = ${item.id} or ${contents.folderId} = ${item.id})`))
      .returning({ id: contents.id });
    await t.jobs.cancel(gone.flatMap((g) => [publishKey(g.id), endKey(g.id)]));
    return gone.length;
  });
  return { count };
}

/** `/FutureV2/CourseMeans/publishContent`: a draft or waiting item, now (0) or at a time. */
export async function publishContent(ctx: AppContext, user: User, courseId: number, id: number, publishTime: number) {
  await requireManager(ctx, user, courseId);
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (item.publishState >= 2 || item.itemType !== 1 || OWN_LIFECYCLE.has(item.contenttype)) throw fail('forbidden');
  const timing = schedule({ publish: publishTime ? 2 : 1, publish_time: publishTime, endtime: 0 });
  if (item.endAt && timing.publishAt && item.endAt <= timing.publishAt) throw badInput('validation.endBeforePublish');
  const [updated] = await ctx.db
    .update(contents)
    .set({ publishState: timing.publishState, publishAt: timing.publishAt, updatedAt: new Date() })
    .where(eq(contents.id, item.id))
    .returning();
  await queueJobs(ctx, updated!);
  if (updated!.publishState === PUBLISH_STATES.published) await announce(ctx, updated!);
  const [presented] = await decorate(ctx, user, m.role, [updated!]);
  return presented!;
}

/** The columns of a new end time (0 clears it), checked: never past, never before publishing; an ended item reopens. */
export function newEndTime(item: Item, endtime: number) {
  const endAt = endtime ? new Date(endtime * 1000) : null;
  if (endAt && endAt.getTime() <= Date.now()) throw badInput('validation.timePast');
  if (endAt && item.publishAt && endAt <= item.publishAt) throw badInput('validation.endBeforePublish');
  return { endAt, publishState: item.publishState === PUBLISH_STATES.ended ? PUBLISH_STATES.published : item.publishState };
}

/** `/FutureV2/CourseMeans/setEndTime`: a new end time (0 clears it); an ended item with a later end reopens. */
export async function setEndTime(ctx: AppContext, user: User, courseId: number, id: number, endtime: number) {
  await requireManager(ctx, user, courseId);
  const { item, m } = await loadItem(ctx, user, courseId, id);
  if (OWN_LIFECYCLE.has(item.contenttype)) throw fail('forbidden');
  const [updated] = await ctx.db
    .update(contents)
    .set({ ...newEndTime(item, endtime), updatedAt: new Date() })
    .where(eq(contents.id, item.id))
    .returning();
  await queueJobs(ctx, updated!);
  const [presented] = await decorate(ctx, user, m.role, [updated!]);
  return presented!;
}

/** `/FutureV2/CourseMeans/setDownload`: whether students may download an item's files (spec 2 §6). */
export async function setDownload(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  downloadable: boolean,
): Promise<z.output<typeof downloadSettingAnswer>> {
  await requireManager(ctx, user, courseId);
  const { item } = await loadItem(ctx, user, courseId, id);
  await ctx.db.update(contents).set({ downloadable, updatedAt: new Date() }).where(eq(contents.id, item.id));
  return { id, downloadable: downloadable ? 1 : 0 };
}

/** Tells the course's students that an item is out: a message notice each, pushed to their sockets. */
export async function announce(ctx: AppContext, item: Item) {
  if (item.itemType !== 1) return;
  const [course] = await ctx.db.select({ name: courses.coursename }).from(courses).where(eq(courses.id, item.courseId));
  const [author] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, item.authorId));
  const students = await ctx.db
    .select({ id: users.id, lang: users.lang })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, item.courseId), eq(courseMembers.role, 'student')));
  await createNotices(
    ctx,
    students
      .filter((s) => s.id !== item.authorId)
      .map((s) => {
        const lang = s.lang === 'en' ? 'en' : 'zh';
        const label = translate(lang, `content.type.${item.contenttype}`);
        return {
          userId: s.id,
          courseId: item.courseId,
          courseRole: 0,
          contenttype: item.contenttype,
          contentId: item.id,
          action: 'publish',
          title: translate(lang, 'notices.published', { course: course?.name ?? '', label, title: item.title }),
          activitylabel: label,
          fromName: author?.username ?? '',
        };
      }),
  );
}

/** The scheduled publish: only a still-waiting item is published, so a repeated run does nothing. */
export async function publishJob(ctx: AppContext, payload: Record<string, unknown>) {
  const [item] = await ctx.db
    .update(contents)
    .set({ publishState: PUBLISH_STATES.published, publishAt: new Date(), updatedAt: new Date() })
    .where(and(eq(contents.id, Number(payload.id)), eq(contents.publishState, 1), isNull(contents.deletedAt)))
    .returning();
  if (item) await announce(ctx, item);
}

/** The end time: a published item whose end has come becomes ended (3). */
export async function endJob(ctx: AppContext, payload: Record<string, unknown>, runAt: Date) {
  // the job runs at the item's end time; an end moved later has replaced this job with its own
  await ctx.db
    .update(contents)
    .set({ publishState: PUBLISH_STATES.ended, updatedAt: new Date() })
    .where(and(eq(contents.id, Number(payload.id)), eq(contents.publishState, 2), lte(contents.endAt, runAt)));
}

/** `/Futurev2/Topic/getSetting` and `updateSetting`: whether students may start topics. */
export async function getTopicSetting(
  ctx: AppContext,
  user: User,
  courseId: number,
): Promise<z.output<typeof topicSettingAnswer>> {
  const m = await courseRole(ctx, user, courseId);
  return { courseid: courseId, allowstudent: m.course.studentTopics ? 1 : 0 };
}

export async function setTopicSetting(
  ctx: AppContext,
  user: User,
  courseId: number,
  allow: boolean,
): Promise<z.output<typeof topicSettingAnswer>> {
  await requireManager(ctx, user, courseId);
  await ctx.db.update(courses).set({ studentTopics: allow }).where(eq(courses.id, courseId));
  return { courseid: courseId, allowstudent: allow ? 1 : 0 };
}

/** Refused when an item's end has passed (topics take no more comments). */
export function assertOpen(item: Item) {
  if (item.publishState === PUBLISH_STATES.ended || (item.endAt && item.endAt.getTime() <= Date.now()))
    throw new AppError('contentEnded');
}
