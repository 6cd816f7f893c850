import { homeworkCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as classmates from './classmates.service';
import * as dupcheck from './dupcheck/dupcheck.service';
import * as homework from './homework.service';
import './homework.todos';
import * as reviews from './reviews.service';
import * as work from './submissions.service';

/** Homework calls (spec 2 §2 Homework routes), in the `/{Area}Api/{verbNoun}` style. */
export async function homeworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, homeworkCalls.addHomework, (req) => homework.addHomework(ctx, caller(req), req.body));
  handle(app, homeworkCalls.editHomework, (req) => homework.editHomework(ctx, caller(req), req.body));
  handle(app, homeworkCalls.getHomework, (req) => homework.getHomework(ctx, caller(req), req.body.courseid, req.body.id));

  // students
  handle(app, homeworkCalls.stuWorkSubmit, (req) => work.submit(ctx, caller(req), req.body));
  handle(app, homeworkCalls.stuWorkHistory, (req) =>
    work.history(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  handle(app, homeworkCalls.classmatesWork, (req) => classmates.classmatesWork(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, homeworkCalls.stuWorkShareList, (req) => work.shareList(ctx, caller(req), req.body.courseid, req.body.id));

  // teachers
  handle(app, homeworkCalls.stuUserList, (req) => work.listSubmissions(ctx, caller(req), req.body));
  handle(app, homeworkCalls.stuWorkDetail, (req) =>
    work.submissionDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  handle(app, homeworkCalls.correct, (req) => work.grade(ctx, caller(req), req.body));
  handle(app, homeworkCalls.repulse, (req) => work.repulse(ctx, caller(req), req.body));
  handle(app, homeworkCalls.publishScore, (req) => work.publishScores(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, homeworkCalls.share, (req) => work.share(ctx, caller(req), req.body));
  handle(app, homeworkCalls.cancelShare, (req) =>
    work.cancelShare(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
  handle(app, homeworkCalls.call, (req) => work.call(ctx, caller(req), req.body.courseid, req.body.id, req.body.uids));

  // duplicate checking
  handle(app, homeworkCalls.recheckRules, (req) => dupcheck.recheckRules(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, homeworkCalls.rechecking, (req) =>
    dupcheck.rechecking(ctx, caller(req), req.body.courseid, req.body.id, req.body.open === 1),
  );
  handle(app, homeworkCalls.repeat, (req) =>
    dupcheck.repeat(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid, req.body.other, req.body.open === 1),
  );

  // peer review
  handle(app, homeworkCalls.assignReviews, (req) => reviews.assignNow(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, homeworkCalls.myReviews, (req) => reviews.myReviews(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, homeworkCalls.submitReview, (req) => reviews.submitReview(ctx, caller(req), req.body));
  handle(app, homeworkCalls.overrideReview, (req) => reviews.overrideReview(ctx, caller(req), req.body));
  handle(app, homeworkCalls.reviewDetail, (req) =>
    reviews.reviewDetail(ctx, caller(req), req.body.courseid, req.body.id, req.body.sid),
  );
}
