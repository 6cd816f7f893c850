import {
  barrageDetailAnswer,
  classNotesAnswer,
  classRecordInput,
  classRecordListAnswer,
  classTimeAnalysisInput,
  starAwardInput,
  starChangeAnswer,
  starCourseInput,
  starLogAnswer,
  starLogInput,
  starStatisticsAnswer,
  studyAnalysisAnswer,
  studyAnalysisInput,
} from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
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
  const tags = ['stars'];

  app.post(
    '/Futurev2/Representation/addStar',
    { schema: { tags, body: starAwardInput, response: { 200: starChangeAnswer } } },
    (req) => stars.changeStars(ctx, caller(req), req.body, 1),
  );
  app.post(
    '/Futurev2/Representation/takeBackStar',
    { schema: { tags, body: starAwardInput, response: { 200: starChangeAnswer } } },
    (req) => stars.changeStars(ctx, caller(req), req.body, -1),
  );
  app.post(
    '/Futurev2/Representation/starLog',
    { schema: { tags, body: starLogInput, response: { 200: starLogAnswer } } },
    (req) => stars.starLog(ctx, caller(req), req.body),
  );
  app.post(
    '/Futurev2/Representation/performanceStatistics',
    { schema: { tags, body: starCourseInput, response: { 200: starStatisticsAnswer } } },
    (req) => stars.starStatistics(ctx, caller(req), req.body.courseid),
  );

  // spec 2 §7 (payload ours, decision 023); any case: /Futurev2/ClassRecord/lists is the same call
  app.post(
    '/FutureV2/ClassRecord/lists',
    { schema: { tags: ['class records'], body: classRecordInput, response: { 200: classRecordListAnswer } } },
    (req) => classRecords(ctx, caller(req), req.body),
  );

  // the analysis pages' calls (spec 2 §2 /analysis/studyAnalysis, bulletChatDetail, classNotesDetails; decision 023)
  app.post(
    '/FutureV2/ClassRecord/studyAnalysis',
    { schema: { tags: ['class records'], body: studyAnalysisInput, response: { 200: studyAnalysisAnswer } } },
    (req) => studyAnalysis(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/ClassRecord/barrageDetail',
    { schema: { tags: ['class records'], body: classTimeAnalysisInput, response: { 200: barrageDetailAnswer } } },
    (req) => barrageDetail(ctx, caller(req), req.body),
  );
  app.post(
    '/FutureV2/ClassRecord/classNotes',
    { schema: { tags: ['class records'], body: classTimeAnalysisInput, response: { 200: classNotesAnswer } } },
    (req) => classNotes(ctx, caller(req), req.body),
  );
}
