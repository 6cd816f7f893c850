import {
  answerDetailAnswer,
  answerDetailInput,
  answerMarkInput,
  exhibitInput,
  exhibitionAnswer,
  interactAnswer,
  interactCreateInput,
  interactListAnswer,
  interactListInput,
  interactRef,
  myResultsAnswer,
  myResultsInput,
  pendingStepsAnswer,
  reviewAnswersAnswer,
  reviewedAnswer,
  placeStepInput,
  slideQuestionsAnswer,
  stepAnswer,
  stepAnswerInput,
  stepRef,
  stepResultAnswer,
  stepStartInput,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import * as service from './interact.service';
import * as review from './review.service';
import * as slides from './slide-questions.service';

/** Interactive answers (content type 3, issue 15, decision 022): Ketangpai's `InteractApi` and ours beside it. */
export async function interactRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['interactive answers'];
  app.post('/InteractApi/create', { schema: { tags, body: interactCreateInput, response: { 200: interactAnswer } } }, (req) =>
    service.createInteract(ctx, caller(req), req.body),
  );
  app.post('/InteractApi/lists', { schema: { tags, body: interactListInput, response: { 200: interactListAnswer } } }, (req) =>
    service.listInteracts(ctx, caller(req), req.body.courseid),
  );
  app.post('/InteractApi/getInteract', { schema: { tags, body: interactRef, response: { 200: interactAnswer } } }, (req) =>
    service.getInteract(ctx, caller(req), req.body.interactid),
  );
  // Ketangpai's name for the steps of an item: the same answer
  app.post('/InteractApi/getStepList', { schema: { tags, body: interactRef, response: { 200: interactAnswer } } }, (req) =>
    service.getInteract(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/InteractApi/isExistJoinStepV2',
    { schema: { tags, body: interactListInput, response: { 200: pendingStepsAnswer } } },
    (req) => service.pendingSteps(ctx, caller(req), req.body.courseid),
  );
  app.post('/InteractApi/startStep', { schema: { tags, body: stepStartInput, response: { 200: stepAnswer } } }, (req) =>
    service.startStep(ctx, caller(req), req.body.stepid, req.body.seconds),
  );
  app.post('/InteractApi/closeStep', { schema: { tags, body: stepRef, response: { 200: stepAnswer } } }, (req) =>
    service.closeStep(ctx, caller(req), req.body.stepid),
  );
  app.post('/InteractApi/revealStep', { schema: { tags, body: stepRef, response: { 200: stepAnswer } } }, (req) =>
    service.revealStep(ctx, caller(req), req.body.stepid),
  );
  app.post('/InteractApi/answer', { schema: { tags, body: stepAnswerInput, response: { 200: stepAnswer } } }, (req) =>
    service.answerStep(ctx, caller(req), req.body.stepid, req.body.answer),
  );
  app.post('/InteractApi/stepResult', { schema: { tags, body: stepRef, response: { 200: stepResultAnswer } } }, (req) =>
    service.stepResult(ctx, caller(req), req.body.stepid),
  );
  // questions on slides (spec 2 `/documentView/interactpptSubjectLists`): what sits on each page
  app.post(
    '/InteractPPTApi/subjectLists',
    { schema: { tags, body: interactRef, response: { 200: slideQuestionsAnswer } } },
    (req) => slides.slideQuestions(ctx, caller(req), req.body.interactid),
  );
  app.post(
    '/InteractPPTApi/placeStep',
    { schema: { tags, body: placeStepInput, response: { 200: slideQuestionsAnswer } } },
    (req) => slides.placeStep(ctx, caller(req), req.body),
  );
  // answer review (decision 022): the staff mark answers and show some to the class; students read their results
  app.post('/InteractApi/reviewAnswers', { schema: { tags, body: stepRef, response: { 200: reviewAnswersAnswer } } }, (req) =>
    review.reviewAnswers(ctx, caller(req), req.body.stepid),
  );
  app.post('/InteractApi/markAnswer', { schema: { tags, body: answerMarkInput, response: { 200: reviewedAnswer } } }, (req) =>
    review.markAnswer(ctx, caller(req), req.body),
  );
  app.post(
    '/InteractApi/exhibitAnswers',
    { schema: { tags, body: exhibitInput, response: { 200: reviewAnswersAnswer } } },
    (req) => review.exhibitAnswers(ctx, caller(req), req.body),
  );
  app.post('/InteractApi/exhibition', { schema: { tags, body: stepRef, response: { 200: exhibitionAnswer } } }, (req) =>
    review.exhibition(ctx, caller(req), req.body.stepid),
  );
  app.post('/InteractApi/myResults', { schema: { tags, body: myResultsInput, response: { 200: myResultsAnswer } } }, (req) =>
    review.myResults(ctx, caller(req), req.body),
  );
  app.post(
    '/InteractApi/answerDetail',
    { schema: { tags, body: answerDetailInput, response: { 200: answerDetailAnswer } } },
    (req) => review.answerDetail(ctx, caller(req), req.body.stepid, req.body.uid),
  );
}
