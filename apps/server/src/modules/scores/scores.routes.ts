import multipart from '@fastify/multipart';
import {
  addScoreColumnInput,
  columnScoresInput,
  courseIdInput,
  editScoreColumnInput,
  SCORE_IMPORT_MAX_BYTES,
  scoreBookAnswer,
  scoreColumnEditAnswer,
  scoreColumnRef,
  scoreDetailAnswer,
  scoreDetailInput,
  scoreImportAnswer,
  scoreImportFields,
  scoreWeightsInput,
} from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput } from '../../platform/errors';
import { importScores } from './scores.import';
import * as scores from './scores.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as the answer itself, not an envelope; refusals still come as the envelope. */
const sendWorkbook = (reply: FastifyReply, file: { name: string; data: Buffer }, ascii: string) =>
  reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.data);

/** The import's fields and its one .xlsx file; a file over the limit is the caller's, said plainly. */
async function readImport(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') data = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('tooLarge', 'errors.tooLarge');
    if (e instanceof AppError || (e as { statusCode?: number }).statusCode) throw e;
    throw badInput('validation.uploadIncomplete');
  }
  refuseNulBytes(fields);
  const parsed = scoreImportFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badField(issue?.message ?? 'validation.invalid', issue?.path ?? []);
  }
  if (!data) throw badInput('validation.fileMissing');
  return { courseid: parsed.data.courseid, data };
}

/**
 * The course score book (`/score`, `/scoreDetail`, `/setScore`): homework columns and the teacher's
 * own columns, typed or imported scores, weights, and the .xlsx export and import template.
 */
export async function scoresRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['scores'];
  await root.register(multipart, { limits: { fileSize: SCORE_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 } });
  const fileLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.post('/ScoreApi/getScoreBook', { schema: { tags, body: courseIdInput, response: { 200: scoreBookAnswer } } }, (req) =>
    scores.getScoreBook(ctx, caller(req), req.body.courseid),
  );
  app.post('/ScoreApi/scoreDetail', { schema: { tags, body: scoreDetailInput, response: { 200: scoreDetailAnswer } } }, (req) =>
    scores.scoreDetail(ctx, caller(req), req.body.courseid, req.body.uid),
  );
  app.post('/ScoreApi/setWeights', { schema: { tags, body: scoreWeightsInput, response: { 200: scoreBookAnswer } } }, (req) =>
    scores.setWeights(ctx, caller(req), req.body.courseid, req.body.weights),
  );
  app.post(
    '/ScoreApi/addColumn',
    { schema: { tags, body: addScoreColumnInput, response: { 200: scoreColumnEditAnswer } } },
    (req) => scores.addColumn(ctx, caller(req), req.body),
  );
  app.post(
    '/ScoreApi/editColumn',
    { schema: { tags, body: editScoreColumnInput, response: { 200: scoreColumnEditAnswer } } },
    (req) => scores.editColumn(ctx, caller(req), req.body),
  );
  app.post(
    '/ScoreApi/deleteColumn',
    { schema: { tags, body: scoreColumnRef, response: { 200: z.object({ id: z.number().int() }) } } },
    (req) => scores.deleteColumn(ctx, caller(req), req.body.courseid, req.body.id),
  );
  app.post(
    '/ScoreApi/setColumnScores',
    { schema: { tags, body: columnScoresInput, response: { 200: scoreBookAnswer } } },
    (req) => scores.setColumnScores(ctx, caller(req), req.body),
  );
  app.post('/ScoreApi/exportScores', { schema: { tags, body: courseIdInput }, config: fileLimit }, async (req, reply) =>
    sendWorkbook(reply, await scores.exportScoreBook(ctx, caller(req), req.body.courseid, req.lang), 'scores.xlsx'),
  );
  app.post('/ScoreApi/importTemplate', { schema: { tags, body: courseIdInput }, config: fileLimit }, async (req, reply) =>
    sendWorkbook(reply, await scores.importTemplate(ctx, caller(req), req.body.courseid, req.lang), 'score-import.xlsx'),
  );
  app.post(
    '/ScoreApi/importScores',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: scoreImportAnswer } }, config: fileLimit },
    async (req) => {
      const user = caller(req);
      const { courseid, data } = await readImport(req);
      return importScores(ctx, user, courseid, data, req.lang);
    },
  );
}
