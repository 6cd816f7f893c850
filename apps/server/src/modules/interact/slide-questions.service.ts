import type { SlideQuestions, SlideStep } from '@paiclass/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { contents, interactSteps } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { requireManager } from '../content/content.service';
import { slidesOf } from '../courseware/slides';
import { startStep, stepState } from './interact.service';

/*
 * Questions on slides (issue 15, decision 022): a step of one of the course's interactive answers may
 * sit on a page of one of its coursewares; when the classroom screen reaches that page in a class, the
 * step opens for answers as if the teacher had started it, and every phone is asked to join. A step
 * sits on one page at most and stays there once asked: what was asked on a page is its record.
 */

type Step = typeof interactSteps.$inferSelect;

function presentSlideStep(step: Step, title: string, coursewareId: number): SlideStep {
  return {
    stepid: step.id,
    itemid: step.contentId,
    title,
    sort: step.sort,
    type: step.type,
    stem: step.stem,
    state: stepState(step),
    pageindex: step.slideContentId === null ? 0 : step.slideContentId === coursewareId ? (step.slidePage ?? 0) : -1,
  };
}

/** The steps of the course's interactive answers that are not deleted, in their items' order. */
function courseSteps(ctx: AppContext, courseId: number) {
  return ctx.db
    .select({ step: interactSteps, title: contents.title })
    .from(interactSteps)
    .innerJoin(contents, eq(contents.id, interactSteps.contentId))
    .where(and(eq(interactSteps.courseId, courseId), isNull(contents.deletedAt)))
    .orderBy(asc(interactSteps.contentId), asc(interactSteps.sort));
}

/**
 * `/InteractPPTApi/subjectLists`: a courseware's pages with the questions on them, and the steps not
 * asked yet that may be placed. The course's staff only: a student learns of a question when it opens.
 */
export async function slideQuestions(ctx: AppContext, user: User, coursewareId: number): Promise<SlideQuestions> {
  const slides = await slidesOf(ctx, user, coursewareId);
  await requireManager(ctx, user, slides.courseId);
  const steps = (await courseSteps(ctx, slides.courseId)).map(({ step, title }) => presentSlideStep(step, title, coursewareId));
  const onPage = (n: number) => steps.filter((s) => s.pageindex === n);
  return {
    interactid: coursewareId,
    courseid: slides.courseId,
    title: slides.title,
    total: slides.total,
    pages: slides.pages.map((p) => ({ pageindex: p.index, url: p.url, width: p.width, height: p.height, steps: onPage(p.index) })),
    candidates: steps.filter((s) => s.state === 0),
  };
}

/**
 * `/InteractPPTApi/placeStep`: puts a step not asked yet on a page of a converted courseware of the
 * same course (page 0 takes it off). A page past the last is refused naming pageindex.
 */
export async function placeStep(
  ctx: AppContext,
  user: User,
  input: { stepid: number; interactid: number; pageindex: number },
): Promise<SlideQuestions> {
  const [step] = await ctx.db.select().from(interactSteps).where(eq(interactSteps.id, input.stepid));
  if (!step) throw fail('notFound');
  await requireManager(ctx, user, step.courseId);
  const slides = await slidesOf(ctx, user, input.interactid);
  if (slides.courseId !== step.courseId) throw fail('notFound');
  if (input.pageindex > slides.total) throw badField('validation.pageIndex', ['pageindex']);
  if (step.openedAt) throw fail('stepAsked');
  const off = input.pageindex === 0;
  await ctx.db
    .update(interactSteps)
    .set({ slideContentId: off ? null : input.interactid, slidePage: off ? null : input.pageindex })
    .where(and(eq(interactSteps.id, step.id), isNull(interactSteps.openedAt)));
  return slideQuestions(ctx, user, input.interactid);
}

/**
 * Opens the steps waiting on the page the classroom screen has just reached (called by the screen's
 * page turns, by the staff member turning it). One already opened by another turn is passed over.
 */
export async function openStepsOnPage(ctx: AppContext, user: User, shown: { courseId: number; contentId: number; page: number }) {
  const waiting = await ctx.db
    .select({ id: interactSteps.id })
    .from(interactSteps)
    .innerJoin(contents, eq(contents.id, interactSteps.contentId))
    .where(
      and(
        eq(interactSteps.courseId, shown.courseId),
        eq(interactSteps.slideContentId, shown.contentId),
        eq(interactSteps.slidePage, shown.page),
        isNull(interactSteps.openedAt),
        isNull(contents.deletedAt),
      ),
    )
    .orderBy(asc(interactSteps.sort));
  for (const { id } of waiting) {
    await startStep(ctx, user, id).catch((e: unknown) => {
      if (!(e instanceof AppError && e.codeName === 'stepStarted')) throw e;
    });
  }
}
