import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseIdInput, scoreBookAnswer, scoreDetailAnswer, scoreDetailInput, weightsInput } from '@paiclass/shared';
import { caller } from '../../platform/auth';
import * as scores from './scores.service';

/** The course score book (`/score`, `/scoreDetail`, `/setScore`) and its .xlsx export. */
export async function scoresRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['scores'];
  app.post('/ScoreApi/getScoreBook', { schema: { tags, body: courseIdInput, response: { 200: scoreBookAnswer } } }, (req) =>
    scores.getScoreBook(ctx, caller(req), req.body.courseid),
  );
  app.post('/ScoreApi/scoreDetail', { schema: { tags, body: scoreDetailInput, response: { 200: scoreDetailAnswer } } }, (req) =>
    scores.scoreDetail(ctx, caller(req), req.body.courseid, req.body.uid),
  );
  app.post('/ScoreApi/setWeights', { schema: { tags, body: weightsInput, response: { 200: scoreBookAnswer } } }, (req) =>
    scores.setWeights(ctx, caller(req), req.body.courseid, req.body.weights),
  );
  // the workbook itself, not an envelope; refusals still come as the envelope
  app.post(
    '/ScoreApi/exportScores',
    { schema: { tags, body: courseIdInput }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const file = await scores.exportScoreBook(ctx, caller(req), req.body.courseid);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="scores.xlsx"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.data);
    },
  );
}
