import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attestAnswer,
  attestCodeAnswer,
  attestInput,
  attestWhoInput,
  attestListAnswer,
  emptyAnswer,
  institutionListAnswer,
  jigouIdInput,
  jigouSearchInput,
  relationTeachClassInput,
  teachClassInput,
  teachClassListAnswer,
} from '@paiclass/shared';
import { caller } from '../../platform/auth';
import * as service from './institutions.service';

/** Institution authentication (`/myAllSetting?detail=myMechanism`) and the scheduled-course calls of Ketangpai's course API. */
export async function institutionsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['institutions'];
  // a roster, or a code, is guessed one at a time: keep the guesses few (per address; codes count tries too)
  const attestLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  const searchLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.post(
    '/AttestApi/searchJigou',
    { schema: { tags, body: jigouSearchInput, response: { 200: institutionListAnswer } }, config: searchLimit },
    (req) => service.searchInstitutions(ctx, req.body.keyword),
  );
  app.post('/AttestApi/getAttestList', { schema: { tags, response: { 200: attestListAnswer } } }, (req) =>
    service.listCertifications(ctx, caller(req)),
  );
  app.post(
    '/AttestApi/attest',
    { schema: { tags, body: attestInput, response: { 200: attestAnswer } }, config: attestLimit },
    (req) => service.attest(ctx, caller(req), req.body),
  );
  app.post(
    '/AttestApi/sendAttestCode',
    { schema: { tags, body: attestWhoInput, response: { 200: attestCodeAnswer } }, config: attestLimit },
    (req) => service.sendAttestCode(ctx, caller(req), req.body, req.ip, req.lang),
  );
  app.post('/AttestApi/unbind', { schema: { tags, body: jigouIdInput, response: { 200: emptyAnswer } } }, (req) =>
    service.unbindCertification(ctx, caller(req), req.body.jigouid),
  );
  app.post('/CourseApi/teachClass', { schema: { tags, body: teachClassInput, response: { 200: teachClassListAnswer } } }, (req) =>
    service.listTeachClasses(ctx, caller(req), req.body.jigouid),
  );
  app.post(
    '/CourseApi/relationTeachClass',
    { schema: { tags, body: relationTeachClassInput, response: { 200: teachClassListAnswer } } },
    (req) => service.bindTeachClasses(ctx, caller(req), req.body.list, req.lang),
  );
}
