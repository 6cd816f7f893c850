import {
  CONTENT_TYPES,
  COURSEWARE_COMMENT_EVENT,
  COURSEWARE_COMMENTS_SHOWN,
  COURSEWARE_DOUBT_EVENT,
  type CoursewareCommentEvent,
  type coursewareCommentInput,
  type doubtInput,
  type LearningAnswer,
  type learnTimeInput,
  type PageComment,
  PREVIEW_STATES,
  PUBLISH_STATES,
  type statInfoAnswer,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  classPresentations,
  classSlideViews,
  classTimes,
  contentFiles,
  contents,
  courseMembers,
  coursewareComments,
  coursewareDoubts,
  coursewareLearners,
  filePreviews,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { canDownload, canSee, managesContent, VISIBLE_TO_STUDENTS } from '../content/content.policy';
import { assertOpen, courseRole, markDone } from '../content/content.service';
import { signedUrl } from '../files/files.service';
import { PREVIEW_STATE } from '../files/pages';
import { learns, mayDeletePageComment, seesStatistics } from './courseware.policy';
import { slidesOf, unscopedCourseware } from './slides';

/*
 * Courseware (content type 1, issue 15): a PPT, PPTX or PDF converted to slides (files/pages.ts),
 * learned page by page by students (time, page, finish, "don't understand" marks), with comments
 * per page; teachers and assistants see who learned it, the doubts and the comments per page.
 */

type Item = typeof contents.$inferSelect;
type LearnerRow = typeof coursewareLearners.$inferSelect;
type CommentRow = typeof coursewareComments.$inferSelect;
const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * A courseware the caller may see, with their course role and its conversion. A stranger gets
 * 30202; an item that is no courseware, deleted, or (to a student) unpublished, 40004 alike.
 */
export async function loadCourseware(ctx: AppContext, user: User, interactid: number) {
  const found = await unscopedCourseware(ctx, interactid);
  if (!found) throw fail('notFound');
  const m = await courseRole(ctx, user, found.item.courseId);
  if (!canSee(m.role, found.item)) throw fail('notFound');
  const [preview] = found.file ? await ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, found.file.id)) : [];
  const total = preview?.state === PREVIEW_STATE.ready ? preview.pages : 0;
  return { ...found, role: m.role, total };
}
export type Loaded = Awaited<ReturnType<typeof loadCourseware>>;

/** The slides must be ready, and the page one of them (refused naming `pageindex`). */
function requirePage(c: Loaded, page: number) {
  if (c.total === 0) throw new AppError('slidesNotReady');
  if (page < 1 || page > c.total) throw badField('validation.pageIndex', ['pageindex']);
}

function requireLearner(c: Loaded) {
  if (!learns(c.role)) throw fail('forbidden');
  assertOpen(c.item);
}

function presentLearning(row: LearnerRow | undefined): LearningAnswer {
  return {
    seconds: row?.seconds ?? 0,
    pageindex: row?.page ?? 1,
    seen: row?.seen.length ?? 0,
    finished: row?.finishedAt ? 1 : 0,
    finishtime: seconds(row?.finishedAt),
  };
}

async function learnerRow(ctx: AppContext, contentId: number, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(coursewareLearners)
    .where(and(eq(coursewareLearners.contentId, contentId), eq(coursewareLearners.userId, userId)));
  return row;
}

export const isClosed = (item: Item) =>
  item.publishState === PUBLISH_STATES.ended || Boolean(item.endAt && item.endAt.getTime() <= Date.now());

/** `/InteractPPTApi/listSlides`: the conversion state and, once ready, the page images. */
export async function listSlides(ctx: AppContext, user: User, interactid: number) {
  const s = await slidesOf(ctx, user, interactid);
  return {
    interactid: s.interactid,
    courseid: s.courseId,
    title: s.title,
    state: s.state,
    total: s.total,
    pages: s.pages.map((p) => ({ pageindex: p.index, url: p.url, width: p.width, height: p.height })),
  };
}

/** Comment counts per page of a courseware. */
export async function commentCounts(ctx: AppContext, contentId: number) {
  const rows = await ctx.db
    .select({ page: coursewareComments.page, n: count() })
    .from(coursewareComments)
    .where(eq(coursewareComments.contentId, contentId))
    .groupBy(coursewareComments.page);
  return new Map(rows.map((r) => [r.page, Number(r.n)]));
}

async function myDoubts(ctx: AppContext, contentId: number, userId: number) {
  const rows = await ctx.db
    .select({ page: coursewareDoubts.page })
    .from(coursewareDoubts)
    .where(and(eq(coursewareDoubts.contentId, contentId), eq(coursewareDoubts.userId, userId)))
    .orderBy(asc(coursewareDoubts.page));
  return rows.map((r) => r.page);
}

/** `/InteractPPTApi/getAllSlides`: every page with its comment count and the caller's own mark. */
export async function getAllSlides(ctx: AppContext, user: User, interactid: number) {
  const slides = await listSlides(ctx, user, interactid);
  const comments = await commentCounts(ctx, interactid);
  const doubted = new Set(await myDoubts(ctx, interactid, user.id));
  return {
    ...slides,
    pages: slides.pages.map((p) => ({
      ...p,
      comments: comments.get(p.pageindex) ?? 0,
      doubted: doubted.has(p.pageindex) ? (1 as const) : (0 as const),
    })),
  };
}

/** `/InteractPPTApi/downloadppt`: the original document's signed address, where the caller may download it (30401). */
export async function downloadPpt(ctx: AppContext, user: User, interactid: number) {
  const c = await loadCourseware(ctx, user, interactid);
  if (!c.file) throw fail('notFound');
  if (!canDownload(c.role, c.item)) throw fail('notDownloadable');
  return { name: c.file.name, url: signedUrl(ctx.secret, c.file.id, true) };
}

/**
 * `/PrestudyTaskApi/preStudyList` {courseid}: the course's courseware newest first — a student's
 * published ones with their own learning, a teacher's all with how many students learned each.
 */
export async function preStudyList(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  const items = await ctx.db
    .select()
    .from(contents)
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, CONTENT_TYPES.courseware),
        eq(contents.itemType, 1),
        isNull(contents.deletedAt),
        managesContent(m.role) ? undefined : inArray(contents.publishState, VISIBLE_TO_STUDENTS),
      ),
    )
    .orderBy(desc(contents.createdAt), desc(contents.id));
  const ids = [0, ...items.map((i) => i.id)];
  const previews = await ctx.db
    .select({ contentId: contentFiles.contentId, state: filePreviews.state, pages: filePreviews.pages })
    .from(contentFiles)
    .innerJoin(filePreviews, eq(filePreviews.fileId, contentFiles.fileId))
    .where(inArray(contentFiles.contentId, ids));
  const mine = await ctx.db
    .select()
    .from(coursewareLearners)
    .where(and(eq(coursewareLearners.userId, user.id), inArray(coursewareLearners.contentId, ids)));
  const learned = managesContent(m.role)
    ? await ctx.db
        .select({ contentId: coursewareLearners.contentId, n: count() })
        .from(coursewareLearners)
        .innerJoin(
          courseMembers,
          and(
            eq(courseMembers.courseId, courseId),
            eq(courseMembers.userId, coursewareLearners.userId),
            eq(courseMembers.role, 'student'),
          ),
        )
        .where(inArray(coursewareLearners.contentId, ids))
        .groupBy(coursewareLearners.contentId)
    : [];
  return {
    list: items.map((item) => {
      const p = previews.find((r) => r.contentId === item.id);
      const state = p ? (PREVIEW_STATES[p.state] ?? 'waiting') : 'waiting';
      return {
        id: item.id,
        courseid: item.courseId,
        title: item.title,
        state,
        total: state === 'ready' ? p!.pages : 0,
        publishstate: isClosed(item) ? PUBLISH_STATES.ended : item.publishState,
        createtime: seconds(item.createdAt),
        learning: presentLearning(mine.find((r) => r.contentId === item.id)),
        learned: Number(learned.find((r) => r.contentId === item.id)?.n ?? 0),
      };
    }),
  };
}

/** Comments of a courseware (one page, or every page with `page` 0) as threads, newest first. */
export async function pageComments(ctx: AppContext, user: User, c: Loaded, page: number): Promise<PageComment[]> {
  const onPage = page ? eq(coursewareComments.page, page) : undefined;
  const roots = await ctx.db
    .select()
    .from(coursewareComments)
    .where(and(eq(coursewareComments.contentId, c.item.id), isNull(coursewareComments.parentId), onPage))
    .orderBy(desc(coursewareComments.createdAt), desc(coursewareComments.id))
    .limit(COURSEWARE_COMMENTS_SHOWN);
  const replies = roots.length
    ? await ctx.db
        .select()
        .from(coursewareComments)
        .where(
          inArray(
            coursewareComments.parentId,
            roots.map((r) => r.id),
          ),
        )
        .orderBy(asc(coursewareComments.createdAt), asc(coursewareComments.id))
    : [];
  const all = [...roots, ...replies];
  const people = [...new Set(all.flatMap((r) => [r.userId, r.replyToUserId ?? r.userId]))];
  const names = people.length
    ? await ctx.db
        .select({ id: users.id, username: users.username, avatar: users.avatar, role: courseMembers.role })
        .from(users)
        .leftJoin(courseMembers, and(eq(courseMembers.userId, users.id), eq(courseMembers.courseId, c.item.courseId)))
        .where(inArray(users.id, people))
    : [];
  const present = (r: CommentRow) => {
    const who = names.find((n) => n.id === r.userId);
    return {
      id: r.id,
      pageindex: r.page,
      comment: r.body,
      uid: r.userId,
      username: who?.username ?? '',
      avatar: who?.avatar ?? '',
      isteacher: who?.role && who.role !== 'student' ? (1 as const) : (0 as const),
      createtime: seconds(r.createdAt),
      replyid: r.parentId ?? 0,
      reply_username: r.replyToUserId ? (names.find((n) => n.id === r.replyToUserId)?.username ?? '') : '',
      candelete: mayDeletePageComment(c.role, user.id, r) ? (1 as const) : (0 as const),
    };
  };
  return roots.map((r) => ({ ...present(r), replies: replies.filter((x) => x.parentId === r.id).map(present) }));
}

/** `/PrestudyTaskApi/getPreStudyInfo`: the slides, the caller's learning and marks, the comments, and how many classes showed it. */
export async function getPreStudyInfo(ctx: AppContext, user: User, interactid: number) {
  const slides = await listSlides(ctx, user, interactid);
  const c = await loadCourseware(ctx, user, interactid);
  return {
    ...slides,
    publishstate: isClosed(c.item) ? PUBLISH_STATES.ended : c.item.publishState,
    closed: isClosed(c.item) ? (1 as const) : (0 as const),
    downloadable: canDownload(c.role, c.item) ? (1 as const) : (0 as const),
    manage: managesContent(c.role) ? (1 as const) : (0 as const),
    learning: presentLearning(await learnerRow(ctx, c.item.id, user.id)),
    doubts: await myDoubts(ctx, c.item.id, user.id),
    comments: await pageComments(ctx, user, c, 0),
    presented: await classesPresented(ctx, c.item.id),
  };
}

/** How many class times showed a courseware on the classroom screen. */
async function classesPresented(ctx: AppContext, contentId: number) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(distinct ${classSlideViews.classTimeId})::int`.mapWith(Number) })
    .from(classSlideViews)
    .where(eq(classSlideViews.contentId, contentId));
  return row?.n ?? 0;
}

/**
 * Writes a student's learning in one transaction: their row locked, `change` applied. A first
 * report makes the row.
 */
async function writeLearning(
  ctx: AppContext,
  contentId: number,
  userId: number,
  change: (row: LearnerRow) => Partial<LearnerRow>,
) {
  return ctx.db.transaction(async (tx) => {
    await tx.insert(coursewareLearners).values({ contentId, userId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(coursewareLearners)
      .where(and(eq(coursewareLearners.contentId, contentId), eq(coursewareLearners.userId, userId)))
      .for('update');
    const [updated] = await tx
      .update(coursewareLearners)
      .set({ ...change(row!), updatedAt: new Date() })
      .where(and(eq(coursewareLearners.contentId, contentId), eq(coursewareLearners.userId, userId)))
      .returning();
    return updated!;
  });
}

const withPage = (row: LearnerRow, page: number) =>
  page ? { page, seen: row.seen.includes(page) ? row.seen : [...row.seen, page].sort((a, b) => a - b) } : {};

/**
 * `/PrestudyTaskApi/addLearnTime` {interactid, time, pageindex}: a student's learning time since
 * their last report. Only time the server saw pass counts (issue 24): the first report starts the
 * count and adds nothing; each later one adds what it claims, but never more than the time since
 * the previous report (whole seconds; a fraction left over carries to the next) nor more than
 * LEARN_TIME_STEP_MAX seconds, so a client cannot inflate it. Other calls (a page turned) do not
 * restart the count. Refused to staff (40003), on a closed pre-study (30403) and before the slides
 * are ready (31001).
 */
export async function addLearnTime(ctx: AppContext, user: User, input: z.infer<typeof learnTimeInput>) {
  const c = await loadCourseware(ctx, user, input.interactid);
  requireLearner(c);
  requirePage(c, input.pageindex || 1);
  const row = await writeLearning(ctx, c.item.id, user.id, (r) => {
    const now = Date.now();
    const since = r.countedAt?.getTime();
    const observed = since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
    const credit = Math.min(input.time, observed);
    // all that passed was claimed: the count moves on by it (a fraction stays for the next report);
    // less was claimed (the student idled): what was not claimed is not banked for later
    const countedAt = since !== undefined && credit === observed ? new Date(since + credit * 1000) : new Date(now);
    return { seconds: r.seconds + credit, countedAt, ...withPage(r, input.pageindex) };
  });
  return presentLearning(row);
}

/** `/PrestudyTaskApi/studyTaskPageIndex` {interactid, pageindex}: the page a student is on (and has now seen). */
export async function setPageIndex(ctx: AppContext, user: User, interactid: number, page: number) {
  const c = await loadCourseware(ctx, user, interactid);
  requireLearner(c);
  requirePage(c, page);
  return presentLearning(await writeLearning(ctx, c.item.id, user.id, (r) => withPage(r, page)));
}

/** `/PrestudyTaskApi/finishStudyTask`: a student finishes the pre-study (the first time counts); the item counts as learned. */
export async function finishStudyTask(ctx: AppContext, user: User, interactid: number) {
  const c = await loadCourseware(ctx, user, interactid);
  requireLearner(c);
  if (c.total === 0) throw new AppError('slidesNotReady');
  const row = await writeLearning(ctx, c.item.id, user.id, (r) => ({ finishedAt: r.finishedAt ?? new Date() }));
  await markDone(ctx, user.id, c.item.id);
  return presentLearning(row);
}

/** `/PrestudyTaskApi/closePreStudy`: a teacher or assistant ends the pre-study; students keep the pages and comments. */
export async function closePreStudy(ctx: AppContext, user: User, interactid: number) {
  const c = await loadCourseware(ctx, user, interactid);
  if (!managesContent(c.role)) throw fail('forbidden');
  if (!isClosed(c.item))
    await ctx.db
      .update(contents)
      .set({ publishState: PUBLISH_STATES.ended, endAt: new Date(), updatedAt: new Date() })
      .where(eq(contents.id, c.item.id));
  return { interactid: c.item.id, closed: 1 as const };
}

/** `/PrestudyTaskApi/setDoubtState` {interactid, pageindex, state}: a student marks a page "don't understand" (1) or takes it back (0). */
export async function setDoubtState(ctx: AppContext, user: User, input: z.infer<typeof doubtInput>) {
  const c = await loadCourseware(ctx, user, input.interactid);
  requireLearner(c);
  requirePage(c, input.pageindex);
  const where = and(
    eq(coursewareDoubts.contentId, c.item.id),
    eq(coursewareDoubts.page, input.pageindex),
    eq(coursewareDoubts.userId, user.id),
  );
  if (input.state === 1)
    await ctx.db
      .insert(coursewareDoubts)
      .values({ contentId: c.item.id, page: input.pageindex, userId: user.id })
      .onConflictDoNothing();
  else await ctx.db.delete(coursewareDoubts).where(where);
  const [n] = await ctx.db
    .select({ n: count() })
    .from(coursewareDoubts)
    .where(and(eq(coursewareDoubts.contentId, c.item.id), eq(coursewareDoubts.page, input.pageindex)));
  const doubts = Number(n?.n ?? 0);
  // the teacher's screen shows the page's count as it changes; no student hears who marked what
  await ctx.realtime.publish(rooms.courseStaff(c.item.courseId), COURSEWARE_DOUBT_EVENT, {
    courseid: c.item.courseId,
    interactid: c.item.id,
    pageindex: input.pageindex,
    doubts,
  });
  return { interactid: c.item.id, pageindex: input.pageindex, state: input.state as 0 | 1, doubts };
}

/**
 * `/PrestudyTaskApi/addComment` {interactid, pageindex, comment, replyid}: a comment on a page, or a
 * reply (to a comment of the same courseware: a reply to a reply joins its thread and names whom it
 * answers). Any member who sees the courseware may comment; the slides must be ready.
 */
export async function addComment(ctx: AppContext, user: User, input: z.infer<typeof coursewareCommentInput>) {
  const c = await loadCourseware(ctx, user, input.interactid);
  requirePage(c, input.pageindex);
  let parent: CommentRow | undefined;
  if (input.replyid) {
    [parent] = await ctx.db
      .select()
      .from(coursewareComments)
      .where(and(eq(coursewareComments.id, input.replyid), eq(coursewareComments.contentId, c.item.id)));
    if (!parent) throw badField('validation.invalid', ['replyid']);
  }
  const [row] = await ctx.db
    .insert(coursewareComments)
    .values({
      contentId: c.item.id,
      userId: user.id,
      // a reply sits on its thread's page
      page: parent ? parent.page : input.pageindex,
      parentId: parent ? (parent.parentId ?? parent.id) : null,
      replyToUserId: parent ? parent.userId : null,
      body: input.comment,
    })
    .returning();
  const threads = await pageComments(ctx, user, c, row!.page);
  const thread = threads.find((t) => t.id === (row!.parentId ?? row!.id));
  const mine = thread?.id === row!.id ? thread : thread?.replies.find((r) => r.id === row!.id);
  const answer = { ...(mine ?? thread!), replies: thread?.id === row!.id ? thread.replies : [] };
  await announceLiveComment(ctx, c, answer, threads);
  return answer;
}

/**
 * While the courseware is on the classroom screen of a class in progress, the course's staff hear a
 * new comment at once (`Courseware.comment`, decision 025): the teacher's screen shows the page's
 * count and the newest comment. Students hear nothing: the comments are read from the page.
 */
async function announceLiveComment(ctx: AppContext, c: Loaded, comment: PageComment, onPage: PageComment[]) {
  const [live] = await ctx.db
    .select({ classTimeId: classPresentations.classTimeId })
    .from(classPresentations)
    .innerJoin(classTimes, and(eq(classTimes.id, classPresentations.classTimeId), isNull(classTimes.endedAt)))
    .where(eq(classPresentations.contentId, c.item.id));
  if (!live) return;
  const event: CoursewareCommentEvent = {
    courseid: c.item.courseId,
    classtimeid: live.classTimeId,
    interactid: c.item.id,
    pageindex: comment.pageindex,
    comments: onPage.reduce((n, t) => n + 1 + t.replies.length, 0),
    comment: {
      id: comment.id,
      uid: comment.uid,
      username: comment.username,
      comment: comment.comment,
      createtime: comment.createtime,
      replyid: comment.replyid,
    },
  };
  await ctx.realtime.publish(rooms.courseStaff(c.item.courseId), COURSEWARE_COMMENT_EVENT, event);
}

/** `/PrestudyTaskApi/delComment` {id}: a comment (with its replies) by its writer, or by a teacher or assistant. */
export async function deleteComment(ctx: AppContext, user: User, id: number) {
  const [row] = await ctx.db.select().from(coursewareComments).where(eq(coursewareComments.id, id));
  if (!row) throw fail('notFound');
  const c = await loadCourseware(ctx, user, row.contentId);
  if (!mayDeletePageComment(c.role, user.id, row)) throw fail('forbidden');
  const gone = await ctx.db
    .delete(coursewareComments)
    .where(eq(coursewareComments.id, row.id))
    .returning({ id: coursewareComments.id });
  return { count: gone.length };
}

export async function requireStaff(ctx: AppContext, user: User, interactid: number) {
  const c = await loadCourseware(ctx, user, interactid);
  if (!seesStatistics(c.role)) throw fail('forbidden');
  return c;
}

/** `/PrestudyTaskManageApi/getStatinfoV2`: every student of the course with their learning (staff only). */
export async function getStatInfo(ctx: AppContext, user: User, interactid: number): Promise<z.output<typeof statInfoAnswer>> {
  const c = await requireStaff(ctx, user, interactid);
  const rows = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno, learner: coursewareLearners })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(coursewareLearners, and(eq(coursewareLearners.userId, users.id), eq(coursewareLearners.contentId, c.item.id)))
    .where(and(eq(courseMembers.courseId, c.item.courseId), eq(courseMembers.role, 'student')))
    .orderBy(sql`${coursewareLearners.seconds} desc nulls last`, asc(users.id));
  const list = rows.map((r) => ({ uid: r.uid, username: r.username, stno: r.stno, ...presentLearning(r.learner ?? undefined) }));
  const learned = rows.filter((r) => r.learner).length;
  const totalseconds = list.reduce((s, r) => s + r.seconds, 0);
  return {
    members: rows.length,
    learned,
    finished: list.filter((r) => r.finished).length,
    totalseconds,
    avgseconds: learned ? Math.round(totalseconds / learned) : 0,
    total: c.total,
    list,
  };
}

/** `/PrestudyTaskManageApi/listSlides`: each page with its "don't understand" and comment counts (staff only). */
export async function manageSlides(ctx: AppContext, user: User, interactid: number) {
  await requireStaff(ctx, user, interactid);
  const slides = await listSlides(ctx, user, interactid);
  const comments = await commentCounts(ctx, interactid);
  const doubts = new Map(
    (
      await ctx.db
        .select({ page: coursewareDoubts.page, n: count() })
        .from(coursewareDoubts)
        .where(eq(coursewareDoubts.contentId, interactid))
        .groupBy(coursewareDoubts.page)
    ).map((r) => [r.page, Number(r.n)]),
  );
  return {
    ...slides,
    pages: slides.pages.map((p) => ({ ...p, doubts: doubts.get(p.pageindex) ?? 0, comments: comments.get(p.pageindex) ?? 0 })),
  };
}

/** `/PrestudyTaskManageApi/getDoubtStudentListsV2` {interactid, pageindex}: who marked a page (staff only). */
export async function doubtStudents(ctx: AppContext, user: User, interactid: number, page: number) {
  const c = await requireStaff(ctx, user, interactid);
  requirePage(c, page);
  const rows = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno, at: coursewareDoubts.createdAt })
    .from(coursewareDoubts)
    .innerJoin(users, eq(users.id, coursewareDoubts.userId))
    .where(and(eq(coursewareDoubts.contentId, c.item.id), eq(coursewareDoubts.page, page)))
    .orderBy(asc(coursewareDoubts.createdAt));
  return {
    pageindex: page,
    list: rows.map((r) => ({ uid: r.uid, username: r.username, stno: r.stno, createtime: seconds(r.at) })),
  };
}

/** `/PrestudyTaskManageApi/getCommentStudentLists` {interactid, pageindex}: a page's comments (0: every page) with who wrote them (staff only). */
export async function commentStudents(ctx: AppContext, user: User, interactid: number, page: number) {
  const c = await requireStaff(ctx, user, interactid);
  const list = await pageComments(ctx, user, c, page);
  return { total: list.length, list };
}
