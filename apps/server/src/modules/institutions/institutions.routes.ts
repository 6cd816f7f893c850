import { institutionsCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as service from './institutions.service';

/** Institution authentication (`/myAllSetting?detail=myMechanism`) and the scheduled-course calls of Ketangpai's course API. */
export async function institutionsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  handle(app, institutionsCalls.searchJigou, (req) => service.searchInstitutions(ctx, req.body.keyword));
  handle(app, institutionsCalls.getAttestList, (req) => service.listCertifications(ctx, caller(req)));
  handle(app, institutionsCalls.attest, (req) => service.attest(ctx, caller(req), req.body));
  handle(app, institutionsCalls.sendAttestCode, (req) => service.sendAttestCode(ctx, caller(req), req.body, req.ip, req.lang));
  handle(app, institutionsCalls.unbind, (req) => service.unbindCertification(ctx, caller(req), req.body.jigouid));
  handle(app, institutionsCalls.teachClass, (req) => service.listTeachClasses(ctx, caller(req), req.body.jigouid));
  handle(app, institutionsCalls.relationTeachClass, (req) => service.bindTeachClasses(ctx, caller(req), req.body.list, req.lang));
}
