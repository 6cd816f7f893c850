import { noticesCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import { authorize } from '../courses/courses.queries';
import * as notices from './notices.service';

/** Message notices: `/MessageApi/lists`, `readIt`, `readAll`. */
export async function noticesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  handle(app, noticesCalls.lists, async (req) => {
    const user = caller(req);
    // one course's notices: its members only; its member changes: the staff who manage members
    if (req.body.courseid) await authorize(ctx, user, req.body.courseid, req.body.kind === 'members' ? 'manageMembers' : 'view');
    return notices.listNotices(ctx, user, req.body);
  });
  handle(app, noticesCalls.readIt, (req) => notices.readNotice(ctx, caller(req), req.body.id));
  handle(app, noticesCalls.readAll, (req) => notices.readAllNotices(ctx, caller(req)));
}
