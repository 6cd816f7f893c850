import {
  PPT_PAGE_EVENT,
  PPT_PAGING_EVENT,
  PPT_STOP_EVENT,
  type PagingEvent,
  type PptPageEvent,
  type Presentation,
} from '@paiclass/shared';
import { and, eq, max, type SQL, sql } from 'drizzle-orm';
import { classPresentations, classSlideViews } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';
import { authorize } from '../courses/courses.queries';
import { slidesOf } from '../courseware/slides';
import { openStepsOnPage } from '../interact/slide-questions.service';
import { openClassTime } from './classtime.service';

/*
 * Courseware on the classroom screen (issue 15): the teacher or an assistant puts a courseware of the
 * course on the screen during a class; its page is kept per class time, and every change is pushed
 * to the course's room as `interactPptPage`, so that every student's phone follows and a phone that
 * opens the class late starts on the same page. The remote controller turns pages through the
 * classroom socket (`goto_page`, `ppt_next`, `ppt_pre`); the web app's screen through the same
 * commands or the calls below. Only staff turn pages; a page outside the courseware is refused
 * before anything is written. Every page the screen reaches is recorded as shown in the class
 * (`class_slide_views`, decision 025) by the same statement that moves it, for the class's review.
 */

/** The screen's row as a showing or a turn answers it. */
type Row = Pick<typeof classPresentations.$inferSelect, 'classTimeId' | 'courseId' | 'contentId' | 'page' | 'total'>;

/**
 * Runs `write` (an insert or update of `class_presentations`, without its `returning`) and records the
 * page it leaves on the screen as shown, in one statement: a turn stays one round trip, and the
 * record can never disagree with the screen. Answers the row written, or undefined when none was.
 */
async function writeShown(ctx: AppContext, write: SQL): Promise<Row | undefined> {
  const result = await ctx.db.execute(sql`
    with shown as (${write} returning class_time_id, course_id, content_id, page, total),
    viewed as (
      insert into ${classSlideViews} (class_time_id, content_id, page) select class_time_id, content_id, page from shown
    )
    select class_time_id as "classTimeId", course_id as "courseId", content_id as "contentId", page, total from shown`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return (
    row && {
      ...row,
      classTimeId: Number(row.classTimeId),
      courseId: Number(row.courseId),
      contentId: Number(row.contentId),
      page: Number(row.page),
      total: Number(row.total),
    }
  );
}

const none = (courseId: number, classTimeId = 0): Presentation => ({
  presenting: 0,
  courseid: courseId,
  classtimeid: classTimeId,
  interactid: 0,
  title: '',
  page: 0,
  total: 0,
  ahead: 0,
  reached: 0,
  pages: [],
});

/** The furthest page the screen has shown of a courseware in a class time (0: none). */
async function reachedPage(ctx: AppContext, classTimeId: number, contentId: number) {
  const [row] = await ctx.db
    .select({ n: max(classSlideViews.page) })
    .from(classSlideViews)
    .where(and(eq(classSlideViews.classTimeId, classTimeId), eq(classSlideViews.contentId, contentId)));
  return Number(row?.n ?? 0);
}

/** Tells the course the screen's page, then opens the questions waiting on it (asked as `user`). */
async function announcePage(ctx: AppContext, user: User, row: Row) {
  const data: PptPageEvent = {
    courseid: row.courseId,
    classtimeid: row.classTimeId,
    interactid: row.contentId,
    page: row.page,
    total: row.total,
  };
  await ctx.realtime.publish(rooms.course(row.courseId), PPT_PAGE_EVENT, data);
  await openStepsOnPage(ctx, user, row);
}

/** The class in progress of a course the caller teaches, or 31101. */
async function classInProgress(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const open = await openClassTime(ctx, courseId);
  if (!open) throw fail('notInClass');
  return open;
}

/** What the classroom screen shows now, with the slides as `user` may see them. Members only. */
export async function currentPresentation(ctx: AppContext, user: User, courseId: number): Promise<Presentation> {
  await authorize(ctx, user, courseId, 'view');
  const open = await openClassTime(ctx, courseId);
  if (!open) return none(courseId);
  const [row] = await ctx.db.select().from(classPresentations).where(eq(classPresentations.classTimeId, open.id));
  if (!row) return none(courseId, open.id);
  const slides = await slidesOf(ctx, user, row.contentId).catch(() => undefined);
  // the courseware was deleted or unpublished since: nothing a student may follow
  if (slides?.state !== 'ready') return none(courseId, open.id);
  return {
    presenting: 1,
    courseid: courseId,
    classtimeid: open.id,
    interactid: row.contentId,
    title: slides.title,
    page: Math.min(row.page, slides.total),
    total: slides.total,
    ahead: row.ahead ? 1 : 0,
    reached: Math.min(Math.max(await reachedPage(ctx, open.id, row.contentId), row.page), slides.total),
    pages: slides.pages.map((p) => ({ pageindex: p.index, url: p.url, width: p.width, height: p.height })),
  };
}

/**
 * Puts a courseware of the course on the screen of the class in progress, from its first page (or
 * where it was, when it is already on the screen). Its slides must be ready (31001).
 */
export async function present(ctx: AppContext, user: User, courseId: number, contentId: number) {
  const open = await classInProgress(ctx, user, courseId);
  const slides = await slidesOf(ctx, user, contentId);
  if (slides.courseId !== courseId) throw fail('notFound');
  if (slides.state !== 'ready' || slides.total === 0) throw fail('slidesNotReady');
  const row = await writeShown(
    ctx,
    sql`insert into ${classPresentations} (class_time_id, course_id, content_id, page, total, presented_by)
      values (${open.id}, ${courseId}, ${contentId}, 1, ${slides.total}, ${user.id})
      on conflict (class_time_id) do update set
        -- the same courseware again keeps its page; another starts from the first
        page = case when ${classPresentations.contentId} = excluded.content_id
          then least(${classPresentations.page}, excluded.total) else 1 end,
        -- another courseware starts with paging ahead off again (decision 029)
        ahead = ${classPresentations.contentId} = excluded.content_id and ${classPresentations.ahead},
        content_id = excluded.content_id, total = excluded.total, presented_by = excluded.presented_by, updated_at = now()`,
  );
  await announcePage(ctx, user, row!);
  return currentPresentation(ctx, user, courseId);
}

export type Turn = { to: number } | { by: 1 | -1 };

/**
 * Turns the screen's page: to a page, or one forward or back (kept inside the courseware: the last
 * page's "next" stays on it). A page past the end is refused (badInput naming pageindex); turning
 * to the page already shown announces nothing. Answers the page shown after the turn.
 */
export async function turnPage(ctx: AppContext, user: User, courseId: number, turn: Turn) {
  const open = await classInProgress(ctx, user, courseId);
  const [row] = await ctx.db.select().from(classPresentations).where(eq(classPresentations.classTimeId, open.id));
  if (!row) throw fail('notPresenting');
  if ('to' in turn && turn.to > row.total) throw badField('validation.pageIndex', ['pageindex']);
  const target =
    'to' in turn
      ? sql`${turn.to}`
      : sql`greatest(1, least(${classPresentations.total}, ${classPresentations.page} + ${turn.by}))`;
  // one statement: two remotes pressing "next" at once move two pages, never one twice; the page reached is recorded
  const moved = await writeShown(
    ctx,
    sql`update ${classPresentations} set page = ${target}, updated_at = now()
      where ${classPresentations.classTimeId} = ${open.id} and ${classPresentations.page} <> ${target}`,
  );
  if (moved) await announcePage(ctx, user, moved);
  const shown = moved ?? row;
  return { courseid: courseId, classtimeid: open.id, interactid: shown.contentId, page: shown.page, total: shown.total };
}

/**
 * The teacher's switch over students paging past the pages the screen has shown (decision 029):
 * stored on the screen's row and pushed to the course as `InteractPPT.paging`. Needs a courseware on
 * the screen (31102); the same setting again announces nothing.
 */
export async function setPaging(ctx: AppContext, user: User, courseId: number, ahead: 0 | 1) {
  const open = await classInProgress(ctx, user, courseId);
  const [row] = await ctx.db.select().from(classPresentations).where(eq(classPresentations.classTimeId, open.id));
  if (!row) throw fail('notPresenting');
  if (row.ahead !== (ahead === 1)) {
    await ctx.db
      .update(classPresentations)
      .set({ ahead: ahead === 1, updatedAt: new Date() })
      .where(eq(classPresentations.classTimeId, open.id));
    const data: PagingEvent = { courseid: courseId, classtimeid: open.id, interactid: row.contentId, ahead };
    await ctx.realtime.publish(rooms.course(courseId), PPT_PAGING_EVENT, data);
  }
  return currentPresentation(ctx, user, courseId);
}

/** Takes the courseware off the screen; the phones stop following. Nothing on the screen changes nothing. */
export async function stopPresenting(ctx: AppContext, user: User, courseId: number) {
  const open = await classInProgress(ctx, user, courseId);
  const removed = await ctx.db.delete(classPresentations).where(eq(classPresentations.classTimeId, open.id)).returning();
  if (removed.length > 0)
    await ctx.realtime.publish(rooms.course(courseId), PPT_STOP_EVENT, { courseid: courseId, classtimeid: open.id });
  return none(courseId, open.id);
}
