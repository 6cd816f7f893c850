import { interactCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as service from './interact.service';
import * as review from './review.service';
import * as slides from './slide-questions.service';

/** Interactive answers (content type 3, issue 15, decision 022): Ketangpai's `InteractApi` and ours beside it. */
export async function interactRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, interactCalls.create, (req) => service.createInteract(ctx, caller(req), req.body));
  handle(app, interactCalls.lists, (req) => service.listInteracts(ctx, caller(req), req.body.courseid));
  handle(app, interactCalls.getInteract, (req) => service.getInteract(ctx, caller(req), req.body.interactid));
  // Ketangpai's name for the steps of an item: the same answer
  handle(app, interactCalls.getStepList, (req) => service.getInteract(ctx, caller(req), req.body.interactid));
  handle(app, interactCalls.isExistJoinStepV2, (req) => service.pendingSteps(ctx, caller(req), req.body.courseid));
  handle(app, interactCalls.startStep, (req) => service.startStep(ctx, caller(req), req.body.stepid, req.body.seconds));
  handle(app, interactCalls.closeStep, (req) => service.closeStep(ctx, caller(req), req.body.stepid));
  handle(app, interactCalls.revealStep, (req) => service.revealStep(ctx, caller(req), req.body.stepid));
  handle(app, interactCalls.answer, (req) => service.answerStep(ctx, caller(req), req.body.stepid, req.body.answer));
  handle(app, interactCalls.stepResult, (req) => service.stepResult(ctx, caller(req), req.body.stepid));
  // questions on slides (spec 2 `/documentView/interactpptSubjectLists`): what sits on each page
  handle(app, interactCalls.subjectLists, (req) => slides.slideQuestions(ctx, caller(req), req.body.interactid));
  handle(app, interactCalls.placeStep, (req) => slides.placeStep(ctx, caller(req), req.body));
  // answer review (decision 022): the staff mark answers and show some to the class; students read their results
  handle(app, interactCalls.reviewAnswers, (req) => review.reviewAnswers(ctx, caller(req), req.body.stepid));
  handle(app, interactCalls.markAnswer, (req) => review.markAnswer(ctx, caller(req), req.body));
  handle(app, interactCalls.exhibitAnswers, (req) => review.exhibitAnswers(ctx, caller(req), req.body));
  handle(app, interactCalls.exhibition, (req) => review.exhibition(ctx, caller(req), req.body.stepid));
  handle(app, interactCalls.myResults, (req) => review.myResults(ctx, caller(req), req.body));
  handle(app, interactCalls.answerDetail, (req) => review.answerDetail(ctx, caller(req), req.body.stepid, req.body.uid));
}
