import multipart from '@fastify/multipart';
import { SCORE_IMPORT_MAX_BYTES, scoreImportFields, scoresCalls } from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput } from '../../platform/errors';
import { handle } from '../../platform/handle';
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
  await root.register(multipart, { limits: { fileSize: SCORE_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 } });

  handle(app, scoresCalls.getScoreBook, (req) => scores.getScoreBook(ctx, caller(req), req.body.courseid));
  handle(app, scoresCalls.scoreDetail, (req) => scores.scoreDetail(ctx, caller(req), req.body.courseid, req.body.uid));
  handle(app, scoresCalls.setWeights, (req) => scores.setWeights(ctx, caller(req), req.body.courseid, req.body.weights));
  handle(app, scoresCalls.addColumn, (req) => scores.addColumn(ctx, caller(req), req.body));
  handle(app, scoresCalls.editColumn, (req) => scores.editColumn(ctx, caller(req), req.body));
  handle(app, scoresCalls.deleteColumn, (req) => scores.deleteColumn(ctx, caller(req), req.body.courseid, req.body.id));
  handle(app, scoresCalls.setColumnScores, (req) => scores.setColumnScores(ctx, caller(req), req.body));
  handle(app, scoresCalls.exportScores, async (req, reply) =>
    sendWorkbook(reply, await scores.exportScoreBook(ctx, caller(req), req.body.courseid, req.lang), 'scores.xlsx'),
  );
  handle(app, scoresCalls.importTemplate, async (req, reply) =>
    sendWorkbook(reply, await scores.importTemplate(ctx, caller(req), req.body.courseid, req.lang), 'score-import.xlsx'),
  );
  handle(app, scoresCalls.importScores, async (req) => {
    const user = caller(req);
    const { courseid, data } = await readImport(req);
    return importScores(ctx, user, courseid, data, req.lang);
  });
}
