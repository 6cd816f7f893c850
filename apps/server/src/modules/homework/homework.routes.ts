import {
  assignReviewsAnswer,
  callInput,
  cancelShareAnswer,
  dupReportAnswer,
  gradeAnswer,
  gradeInput,
  historyInput,
  homeworkAnswer,
  homeworkCountAnswer,
  homeworkEditInput,
  homeworkInput,
  homeworkRef,
  myReviewsAnswer,
  ownerPageAnswer,
  recheckingInput,
  recheckRulesAnswer,
  repeatAnswer,
  repeatInput,
  repulseInput,
  reviewDetailAnswer,
  reviewDetailInput,
  reviewInput,
  reviewOverrideAnswer,
  reviewSubmitAnswer,
  shareAnswer,
  shareInput,
  shareListAnswer,
  submissionAnswer,
  submissionListInput,
  submissionRef,
  submitInput,
  workHistoryAnswer,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import * as dupcheck from './dupcheck/dupcheck.service';
import * as homework from './homework.service';
import './homework.todos';
import * as reviews from './reviews.service';
import * as work from './submissions.service';

/** Homework calls (spec 2 §2 Homework routes), in the `/{Area}Api/{verbNoun}` style. */
export async function homeworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['homework'];
  const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.post(
    '/HomeworkApi/addHomework',
    { schema: { tags, body: homeworkInput, response: { 200: homeworkAnswer } }, config: writeLimit },
    (req) => homework.addHomework(ctx, caller(req), req.body),
  );
  app.post(
    '/HomeworkApi/editHomework',
    { schema: { tags, body: homeworkEditInput, response: { 200: homeworkAnswer } }, config: writeLimit },
    (req) => homework.editHomework(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/getHomework', { schema: { tags, body: homeworkRef, response: { 200: homeworkAnswer } } }, (req) =>
    homework.getHomework(ctx, caller(req), req.body.courseid, req.body.id),
  );

  // students
  app.post(
    '/HomeworkApi/stuWorkSubmit',
    { schema: { tags, body: submitInput, response: { 200: submissionAnswer } }, config: writeLimit },
    (req) => work.submit(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/stuWorkHistory', { schema: { tags, body: historyInput, response: { 200: workHistoryAnswer } } }, (req) =>
    work.history(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  app.post('/HomeworkApi/stuWorkShareList', { schema: { tags, body: homeworkRef, response: { 200: shareListAnswer } } }, (req) =>
    work.shareList(ctx, caller(req), req.body.courseid, req.body.id),
  );

  // teachers
  app.post(
    '/HomeworkApi/stuUserList',
    { schema: { tags, body: submissionListInput, response: { 200: ownerPageAnswer } } },
    (req) => work.listSubmissions(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/stuWorkDetail', { schema: { tags, body: submissionRef, response: { 200: submissionAnswer } } }, (req) =>
    work.submissionDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  app.post('/HomeworkApi/correct', { schema: { tags, body: gradeInput, response: { 200: gradeAnswer } } }, (req) =>
    work.grade(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/repulse', { schema: { tags, body: repulseInput, response: { 200: homeworkCountAnswer } } }, (req) =>
    work.repulse(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/publishScore', { schema: { tags, body: homeworkRef, response: { 200: homeworkCountAnswer } } }, (req) =>
    work.publishScores(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/HomeworkApi/share', { schema: { tags, body: shareInput, response: { 200: shareAnswer } } }, (req) =>
    work.share(ctx, caller(req), req.body),
  );
  app.post('/HomeworkApi/cancelShare', { schema: { tags, body: submissionRef, response: { 200: cancelShareAnswer } } }, (req) =>
    work.cancelShare(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  app.post('/HomeworkApi/call', { schema: { tags, body: callInput, response: { 200: homeworkCountAnswer } } }, (req) =>
    work.call(ctx, caller(req), req.body.courseid, req.body.id, req.body.uids),
  );

  // duplicate checking
  app.post('/HomeworkApi/recheckRules', { schema: { tags, body: homeworkRef, response: { 200: recheckRulesAnswer } } }, (req) =>
    dupcheck.recheckRules(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/HomeworkApi/rechecking', { schema: { tags, body: recheckingInput, response: { 200: dupReportAnswer } } }, (req) =>
    dupcheck.rechecking(ctx, caller(req), req.body.courseid, req.body.id, req.body.open === 1),
  );
  app.post('/HomeworkApi/repeat', { schema: { tags, body: repeatInput, response: { 200: repeatAnswer } } }, (req) =>
    dupcheck.repeat(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid, req.body.other, req.body.open === 1),
  );

  // peer review
  app.post('/HomeworkApi/assignReviews', { schema: { tags, body: homeworkRef, response: { 200: assignReviewsAnswer } } }, (req) =>
    reviews.assignNow(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/HomeworkApi/myReviews', { schema: { tags, body: homeworkRef, response: { 200: myReviewsAnswer } } }, (req) =>
    reviews.myReviews(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post('/HomeworkApi/submitReview', { schema: { tags, body: reviewInput, response: { 200: reviewSubmitAnswer } } }, (req) =>
    reviews.submitReview(ctx, caller(req), req.body),
  );
  app.post(
    '/HomeworkApi/overrideReview',
    { schema: { tags, body: reviewInput, response: { 200: reviewOverrideAnswer } } },
    (req) => reviews.overrideReview(ctx, caller(req), req.body),
  );
  app.post(
    '/HomeworkApi/reviewDetail',
    { schema: { tags, body: reviewDetailInput, response: { 200: reviewDetailAnswer } } },
    (req) => reviews.reviewDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
}
