import { messageListInput, noticePageAnswer, readAllNoticesAnswer, readItInput, readNoticeAnswer } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { authorize } from '../courses/courses.queries';
import * as notices from './notices.service';

/** Message notices: `/MessageApi/lists`, `readIt`, `readAll`. */
export async function noticesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['notices'];
  app.post(
    '/MessageApi/lists',
    { schema: { tags, body: messageListInput, response: { 200: noticePageAnswer } } },
    async (req) => {
      const user = caller(req);
      // one course's notices: its members only; its member changes: the staff who manage members
      if (req.body.courseid)
        await authorize(ctx, user, req.body.courseid, req.body.kind === 'members' ? 'manageMembers' : 'view');
      return notices.listNotices(ctx, user, req.body);
    },
  );
  app.post('/MessageApi/readIt', { schema: { tags, body: readItInput, response: { 200: readNoticeAnswer } } }, (req) =>
    notices.readNotice(ctx, caller(req), req.body.id),
  );
  app.post('/MessageApi/readAll', { schema: { tags, response: { 200: readAllNoticesAnswer } } }, (req) =>
    notices.readAllNotices(ctx, caller(req)),
  );
}
