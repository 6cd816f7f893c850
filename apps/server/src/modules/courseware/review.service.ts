import {
  CONTENT_TYPES,
  COURSEWARE_CLASSES_SHOWN,
  COURSEWARE_FILE_KINDS,
  type CoursewareFileTypes,
  type CoursewareReview,
  type CoursewareReviewInput,
  type CoursewareUseStat,
  PREVIEW_STATES,
  PUBLISH_STATES,
  QUESTION_TYPES,
  type ReviewPage,
  type ReviewStep,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import {
  classSlideViews,
  classTimes,
  contentFiles,
  contents,
  courseMembers,
  coursewareComments,
  coursewareDoubts,
  coursewareLearners,
  filePreviews,
  files,
  interactAnswers,
  interactSteps,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { canSee, managesContent, VISIBLE_TO_STUDENTS } from '../content/content.policy';
import { courseRole } from '../content/content.service';
import { unpackAnswer } from '../exams/grading';
import { keyText } from '../exams/presenters';
import { commentCounts, isClosed, loadCourseware, pageComments, requireStaff } from './courseware.service';
import { slidesOf } from './slides';

/*
 * The courseware after class (issue 15, decision 025): which pages the classroom screen showed in a
 * class time and when (`class_slide_views`, written by the screen's page turns), with, per page, the
 * caller's own "don't understand" mark (staff: the count), the page's comments and the interactive
 * questions asked on it; the use statistics of a courseware for its staff; the course's courseware
 * by file type. Each call runs the same number of queries whatever the size of the class.
 */

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);
const int = (v: unknown) => Number(v ?? 0);

/** The classes a courseware was shown in, newest first, with how many pages the screen reached in each. */
async function classesShown(ctx: AppContext, contentId: number) {
  const rows = await ctx.db
    .select({
      classtimeid: classTimes.id,
      startedAt: classTimes.startedAt,
      endedAt: classTimes.endedAt,
      views: count(classSlideViews.id),
      pages: sql<number>`count(distinct ${classSlideViews.page})::int`.mapWith(Number),
    })
    .from(classSlideViews)
    .innerJoin(classTimes, eq(classTimes.id, classSlideViews.classTimeId))
    .where(eq(classSlideViews.contentId, contentId))
    .groupBy(classTimes.id)
    .orderBy(desc(classTimes.startedAt), desc(classTimes.id))
    .limit(COURSEWARE_CLASSES_SHOWN);
  return rows.map((r) => ({
    classtimeid: r.classtimeid,
    starttime: seconds(r.startedAt),
    endtime: seconds(r.endedAt),
    views: int(r.views),
    pages: r.pages,
  }));
}

/** The courseware shown in a class time, in the order first shown, with their publish state (for who may see them). */
async function coursewaresShown(ctx: AppContext, classTimeId: number) {
  return ctx.db
    .select({ interactid: contents.id, title: contents.title, publishState: contents.publishState })
    .from(classSlideViews)
    .innerJoin(
      contents,
      and(
        eq(contents.id, classSlideViews.contentId),
        eq(contents.contenttype, CONTENT_TYPES.courseware),
        isNull(contents.deletedAt),
      ),
    )
    .where(eq(classSlideViews.classTimeId, classTimeId))
    .groupBy(contents.id)
    .orderBy(min(classSlideViews.id));
}

/** The key as students see it once revealed (as the interactive answers show it: a blank's first accepted answer). */
function keyOf(step: { type: number; answer: typeof interactSteps.$inferSelect.answer }) {
  if (step.type === QUESTION_TYPES.fillBlank) return (step.answer.blanks ?? []).map((b) => b[0] ?? '').join(' | ');
  return keyText(step.type, step.answer);
}

/**
 * `/CoursewareApi/reviewCourseWare` {courseid?, classtimeid?, interactid | id}: a courseware as a
 * class saw it — the pages the screen showed, in order, with when; per page the caller's own mark
 * (staff: the number of students), the comments (and how many were written during the class) and
 * the interactive questions asked on it in that class (a student: their own answer, the key and the
 * counts once revealed; staff: the key and the counts). Without a class time, the latest class the
 * courseware was shown in (none yet: an empty review); without a courseware, the first shown in the
 * class. Members who may see the courseware; a class time of another course 40004; a courseware not
 * shown in the named class 31002; neither named: refused naming `interactid`.
 */
export async function reviewCourseware(ctx: AppContext, user: User, input: CoursewareReviewInput): Promise<CoursewareReview> {
  if (!input.interactid && !input.classtimeid) throw badField('validation.reviewTarget', ['interactid']);
  let classTime: typeof classTimes.$inferSelect | undefined;
  let shownInClass: Awaited<ReturnType<typeof coursewaresShown>> = [];
  let interactid = input.interactid;
  if (input.classtimeid) {
    [classTime] = await ctx.db.select().from(classTimes).where(eq(classTimes.id, input.classtimeid));
    if (!classTime) throw fail('notFound');
    // the class's course decides who may ask: a stranger is refused before anything of it is read
    const m = await courseRole(ctx, user, classTime.courseId);
    if (input.courseid && input.courseid !== classTime.courseId) throw fail('notFound');
    shownInClass = (await coursewaresShown(ctx, classTime.id)).filter((w) => canSee(m.role, w));
    if (!interactid) interactid = shownInClass[0]?.interactid ?? 0;
    if (!interactid) throw fail('notShownInClass');
  }
  const c = await loadCourseware(ctx, user, interactid);
  if (input.courseid && input.courseid !== c.item.courseId) throw fail('notFound');
  if (classTime && classTime.courseId !== c.item.courseId) throw fail('notFound');
  const staff = managesContent(c.role);
  const classes = await classesShown(ctx, c.item.id);
  if (classTime && !classes.some((k) => k.classtimeid === classTime.id)) throw fail('notShownInClass');
  const slides = await slidesOf(ctx, user, c.item.id);
  const base = {
    courseid: c.item.courseId,
    interactid: c.item.id,
    title: c.item.title,
    state: slides.state,
    total: slides.total,
    manage: staff ? (1 as const) : (0 as const),
    classes: classes.map(({ pages: _, ...k }) => k),
  };
  const chosen = classTime ?? (classes[0] ? { id: classes[0].classtimeid } : undefined);
  if (!chosen) return { ...base, classtimeid: 0, starttime: 0, endtime: 0, coursewares: [], views: [], pages: [] };
  const [ct] = classTime ? [classTime] : await ctx.db.select().from(classTimes).where(eq(classTimes.id, chosen.id));
  if (!classTime) shownInClass = (await coursewaresShown(ctx, ct!.id)).filter((w) => canSee(c.role, w));
  const start = ct!.startedAt;
  const end = ct!.endedAt ?? new Date();

  const [views, doubts, counts, threads, steps] = await Promise.all([
    ctx.db
      .select({ page: classSlideViews.page, at: classSlideViews.shownAt })
      .from(classSlideViews)
      .where(and(eq(classSlideViews.classTimeId, ct!.id), eq(classSlideViews.contentId, c.item.id)))
      .orderBy(asc(classSlideViews.id)),
    // a student's own marks only; the staff the number per page
    ctx.db
      .select({ page: coursewareDoubts.page, n: count() })
      .from(coursewareDoubts)
      .where(and(eq(coursewareDoubts.contentId, c.item.id), staff ? undefined : eq(coursewareDoubts.userId, user.id)))
      .groupBy(coursewareDoubts.page),
    ctx.db
      .select({
        page: coursewareComments.page,
        n: count(),
        inClass:
          sql<number>`(count(*) filter (where ${and(gte(coursewareComments.createdAt, start), lt(coursewareComments.createdAt, end))}))::int`.mapWith(
            Number,
          ),
      })
      .from(coursewareComments)
      .where(eq(coursewareComments.contentId, c.item.id))
      .groupBy(coursewareComments.page),
    pageComments(ctx, user, c, 0),
    ctx.db
      .select({
        id: interactSteps.id,
        itemId: interactSteps.contentId,
        type: interactSteps.type,
        stem: interactSteps.stem,
        options: interactSteps.options,
        answer: interactSteps.answer,
        page: interactSteps.slidePage,
        openedAt: interactSteps.openedAt,
        revealedAt: interactSteps.revealedAt,
        answered: sql<number>`count(${interactAnswers.userId})::int`.mapWith(Number),
        correct: sql<number>`(count(*) filter (where ${interactAnswers.correct} = 1))::int`.mapWith(Number),
        // the caller's own answer and result, never another's
        mine: sql<unknown>`(array_agg(${interactAnswers.answer}) filter (where ${interactAnswers.userId} = ${user.id}))[1]`,
        mineCorrect: sql<
          number | null
        >`(array_agg(${interactAnswers.correct}) filter (where ${interactAnswers.userId} = ${user.id}))[1]`,
      })
      .from(interactSteps)
      .innerJoin(
        contents,
        and(
          eq(contents.id, interactSteps.contentId),
          isNull(contents.deletedAt),
          staff ? undefined : inArray(contents.publishState, VISIBLE_TO_STUDENTS),
        ),
      )
      .leftJoin(interactAnswers, eq(interactAnswers.stepId, interactSteps.id))
      .where(
        and(
          eq(interactSteps.slideContentId, c.item.id),
          eq(interactSteps.classTimeId, ct!.id),
          isNotNull(interactSteps.openedAt),
        ),
      )
      .groupBy(interactSteps.id)
      .orderBy(asc(interactSteps.openedAt), asc(interactSteps.id)),
  ]);

  const doubtsOn = new Map(doubts.map((d) => [d.page, int(d.n)]));
  const countsOn = new Map(counts.map((r) => [r.page, r]));
  const urlOf = new Map(slides.pages.map((p) => [p.index, p.url]));
  const stepOf = (s: (typeof steps)[number]): ReviewStep => {
    const visible = staff || s.revealedAt !== null;
    return {
      stepid: s.id,
      itemid: s.itemId,
      type: s.type,
      stem: s.stem,
      options: s.options,
      askedtime: seconds(s.openedAt),
      revealed: s.revealedAt ? 1 : 0,
      key: visible ? keyOf(s) : '',
      mine: staff || s.mine === null || s.mine === undefined ? null : unpackAnswer(s.mine),
      mycorrect: !staff && visible && s.mineCorrect !== null && s.mineCorrect !== undefined ? int(s.mineCorrect) : -1,
      answered: visible ? s.answered : 0,
      correct: visible ? s.correct : 0,
    };
  };
  // the pages in the order first shown, each with every time it was reached
  const pages = new Map<number, ReviewPage>();
  for (const v of views) {
    const known = pages.get(v.page);
    if (known) {
      known.shown.push(seconds(v.at));
      continue;
    }
    const mark = doubtsOn.get(v.page) ?? 0;
    pages.set(v.page, {
      pageindex: v.page,
      url: urlOf.get(v.page) ?? '',
      shown: [seconds(v.at)],
      doubted: !staff && mark > 0 ? 1 : 0,
      doubts: staff ? mark : 0,
      commentcount: int(countsOn.get(v.page)?.n),
      classcomments: countsOn.get(v.page)?.inClass ?? 0,
      comments: threads.filter((t) => t.pageindex === v.page),
      steps: steps.filter((s) => s.page === v.page).map(stepOf),
    });
  }
  return {
    ...base,
    classtimeid: ct!.id,
    starttime: seconds(ct!.startedAt),
    endtime: seconds(ct!.endedAt),
    coursewares: shownInClass.map((w) => ({ interactid: w.interactid, title: w.title })),
    views: views.map((v) => ({ pageindex: v.page, showntime: seconds(v.at) })),
    pages: [...pages.values()],
  };
}

/**
 * `/CoursewareApi/getCoursewareUseStatV2` {interactid | id}: how the course used a courseware — its
 * students, how many opened and finished it, the learning time in all and per student who opened
 * it, the pages opened per such student; per page how many students opened it, marked it "don't
 * understand" and commented; the classes it was shown in. The teacher and assistants (40003 students).
 */
export async function coursewareUseStat(ctx: AppContext, user: User, interactid: number): Promise<CoursewareUseStat> {
  const c = await requireStaff(ctx, user, interactid);
  const students = and(
    eq(courseMembers.courseId, c.item.courseId),
    eq(courseMembers.userId, coursewareLearners.userId),
    eq(courseMembers.role, 'student'),
  );
  const [[summary], [members], readers, doubts, comments, classes] = await Promise.all([
    ctx.db
      .select({
        opened: count(),
        finished: count(coursewareLearners.finishedAt),
        seconds: sql<number>`coalesce(sum(${coursewareLearners.seconds}), 0)::int`.mapWith(Number),
        pages: sql<number>`coalesce(sum(jsonb_array_length(${coursewareLearners.seen})), 0)::int`.mapWith(Number),
      })
      .from(coursewareLearners)
      .innerJoin(courseMembers, students)
      .where(eq(coursewareLearners.contentId, c.item.id)),
    ctx.db
      .select({ n: count() })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, c.item.courseId), eq(courseMembers.role, 'student'))),
    // each student's opened pages, counted per page by the database
    ctx.db
      .select({ page: sql<number>`seen.page::int`.mapWith(Number), n: count() })
      .from(coursewareLearners)
      .innerJoin(courseMembers, students)
      .innerJoin(sql`jsonb_array_elements_text(${coursewareLearners.seen}) as seen(page)`, sql`true`)
      .where(eq(coursewareLearners.contentId, c.item.id))
      .groupBy(sql`seen.page`),
    ctx.db
      .select({ page: coursewareDoubts.page, n: count() })
      .from(coursewareDoubts)
      .where(eq(coursewareDoubts.contentId, c.item.id))
      .groupBy(coursewareDoubts.page),
    commentCounts(ctx, c.item.id),
    classesShown(ctx, c.item.id),
  ]);
  const opened = int(summary?.opened);
  const readersOn = new Map(readers.map((r) => [r.page, int(r.n)]));
  const doubtsOn = new Map(doubts.map((d) => [d.page, int(d.n)]));
  return {
    interactid: c.item.id,
    courseid: c.item.courseId,
    title: c.item.title,
    total: c.total,
    members: int(members?.n),
    opened,
    finished: int(summary?.finished),
    totalseconds: summary?.seconds ?? 0,
    avgseconds: opened ? Math.round((summary?.seconds ?? 0) / opened) : 0,
    avgpages: opened ? Math.round(((summary?.pages ?? 0) / opened) * 10) / 10 : 0,
    pages: Array.from({ length: c.total }, (_, i) => i + 1).map((page) => ({
      pageindex: page,
      readers: readersOn.get(page) ?? 0,
      doubts: doubtsOn.get(page) ?? 0,
      comments: comments.get(page) ?? 0,
    })),
    presented: classes.length,
    classes,
  };
}

const kindOf = (name: string) => {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return { ext, kind: ext === 'pdf' ? ('pdf' as const) : ('ppt' as const) };
};

/**
 * `/CoursewareApi/getListsByFileType` {courseid, filetype?}: the course's courseware grouped by the
 * type of its document (ppt with pptx, pdf), newest first in each; one type with `filetype`.
 * Members: a student the published and ended ones, the staff every one (drafts too).
 */
export async function coursewareByFileType(
  ctx: AppContext,
  user: User,
  courseId: number,
  filetype: 'all' | (typeof COURSEWARE_FILE_KINDS)[number],
): Promise<CoursewareFileTypes> {
  const m = await courseRole(ctx, user, courseId);
  const rows = await ctx.db
    .select({
      item: contents,
      filename: files.name,
      size: files.size,
      state: filePreviews.state,
      pages: filePreviews.pages,
    })
    .from(contents)
    .innerJoin(contentFiles, eq(contentFiles.contentId, contents.id))
    .innerJoin(files, eq(files.id, contentFiles.fileId))
    .leftJoin(filePreviews, eq(filePreviews.fileId, files.id))
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
  const items = rows.map((r) => {
    const { ext, kind } = kindOf(r.filename);
    const state = r.state === null ? 'waiting' : (PREVIEW_STATES[r.state] ?? 'waiting');
    return {
      kind,
      item: {
        id: r.item.id,
        title: r.item.title,
        filename: r.filename,
        ext,
        size: int(r.size),
        state,
        total: state === 'ready' ? int(r.pages) : 0,
        publishstate: isClosed(r.item) ? PUBLISH_STATES.ended : r.item.publishState,
        createtime: seconds(r.item.createdAt),
      },
    };
  });
  const kinds = filetype === 'all' ? COURSEWARE_FILE_KINDS : [filetype];
  return {
    courseid: courseId,
    filetype,
    list: kinds.map((kind) => {
      const of = items.filter((i) => i.kind === kind).map((i) => i.item);
      return { filetype: kind, count: of.length, items: of };
    }),
  };
}
