import { representationCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import { barrageDetail, classNotes, studyAnalysis } from './analysis.service';
import { classRecords } from './classrecord.service';
import * as stars from './representation.service';

/**
 * Stars awarded in class and the star log (spec 2 §2 /representation, §6 "award stars"; issue 15;
 * decision 023), under Ketangpai-style names of our own: `/Futurev2/Representation/*`.
 */
export async function representationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, representationCalls.addStar, (req) => stars.changeStars(ctx, caller(req), req.body, 1));
  handle(app, representationCalls.takeBackStar, (req) => stars.changeStars(ctx, caller(req), req.body, -1));
  handle(app, representationCalls.starLog, (req) => stars.starLog(ctx, caller(req), req.body));
  handle(app, representationCalls.performanceStatistics, (req) => stars.starStatistics(ctx, caller(req), req.body.courseid));

  // spec 2 §7 (payload ours, decision 023); any case: /Futurev2/ClassRecord/lists is the same call
  handle(app, representationCalls.lists, (req) => classRecords(ctx, caller(req), req.body));

  // the analysis pages' calls (spec 2 §2 /analysis/studyAnalysis, bulletChatDetail, classNotesDetails; decision 023)
  handle(app, representationCalls.studyAnalysis, (req) => studyAnalysis(ctx, caller(req), req.body));
  handle(app, representationCalls.barrageDetail, (req) => barrageDetail(ctx, caller(req), req.body));
  handle(app, representationCalls.classNotes, (req) => classNotes(ctx, caller(req), req.body));
}
