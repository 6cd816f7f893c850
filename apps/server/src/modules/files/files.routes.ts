import multipart from '@fastify/multipart';
import {
  chunkAnswer,
  chunkCheckAnswer,
  chunkCheckInput,
  chunkFieldsInput,
  EPOCH_SECONDS_MAX,
  fileAnswer,
  fileIdInput,
  IMAGE_MAX_BYTES,
  PREVIEW_MAX_PAGES,
  previewAnswer,
  smallUploadAnswer,
  UPLOAD_CHUNK_BYTES,
  uploadNameInput,
  wireId,
} from '@paiclass/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput, fail } from '../../platform/errors';
import { FRAMED_BY_SELF } from '../../platform/security-headers';
import { sha256 } from '../../platform/tokens';
import * as service from './files.service';
import { getPreview, readyPageKey } from './pages';
import { showsInline } from './sniff';

/**
 * Reads a multipart request: its text fields and its one file, held in memory (at most one chunk).
 * A body cut short or malformed is the caller's bad input (40001), as are a NUL character in a
 * field and a file name longer than 255 characters (issue 11).
 */
async function readMultipart(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file) throw badInput('validation.fileMissing');
        file = { filename: part.filename, data: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    // an image that is the thing itself (`type=image`, sent before the file) over the multipart
    // limit is refused in the image limit's words, not as a bare 413 (issue 12)
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && fields.type === 'image') {
      throw new AppError('tooLarge', 'errors.imageTooLarge');
    }
    // the parser's own faults (a body cut short, a missing boundary) carry no status; limits carry 413
    if (e instanceof AppError || (e as { statusCode?: number }).statusCode) throw e;
    throw badInput('validation.uploadIncomplete');
  }
  refuseNulBytes(fields);
  if (file) {
    refuseNulBytes({ filename: file.filename });
    parse(uploadNameInput, { filename: file.filename || 'file' });
  }
  return { fields, file };
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badField(issue?.message ?? 'validation.invalid', issue?.path ?? []);
  }
  return result.data;
}

const ASCII_NAME = /[^\x20-\x7e]|["\\]/g;

/** File calls: the chunked upload protocol, small uploads, attachment info and signed downloads. */
export async function filesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const tags = ['files'];
  // one chunk (or one 5 MB image) per request, one file part, a few fields
  await root.register(multipart, {
    limits: { fileSize: Math.max(UPLOAD_CHUNK_BYTES, IMAGE_MAX_BYTES), files: 1, fields: 20, fieldSize: 1024 },
  });
  const uploadLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };
  // per account: a client checks each file once or twice; probing MD5s by the thousand is refused
  // (42900). Keys carry the installation (a digest of its secret): two sharing a Redis never share counts
  const installation = sha256(ctx.secret).slice(0, 12);
  const checkLimit = {
    rateLimit: {
      max: 120,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => (req.user ? `check-chunk:${installation}:u${req.user.id}` : req.ip),
    },
  };

  app.post(
    '/UploadApi/checkChunk',
    { schema: { tags, body: chunkCheckInput, response: { 200: chunkCheckAnswer } }, config: checkLimit },
    (req) => service.checkUpload(ctx, caller(req), req.body),
  );
  app.post(
    '/UploadApi/uploadChunk',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: chunkAnswer } }, config: uploadLimit },
    async (req) => {
      const user = caller(req);
      const { fields, file } = await readMultipart(req);
      if (!file) throw badInput('validation.fileMissing');
      return service.receiveChunk(ctx, user, parse(chunkFieldsInput, fields), file.data);
    },
  );
  app.post(
    '/UploadApi/uploadV2',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: smallUploadAnswer } }, config: uploadLimit },
    async (req) => {
      const user = caller(req);
      const { fields, file } = await readMultipart(req);
      if (!file) throw badInput('validation.fileMissing');
      const { filename } = parse(uploadNameInput, { filename: fields.filename || file.filename || 'file' });
      return service.uploadSmall(ctx, user, filename, file.data, fields.type === 'image');
    },
  );
  app.post('/FileApi/getAttachmentInfo', { schema: { tags, body: fileIdInput, response: { 200: fileAnswer } } }, (req) =>
    service.getAttachmentInfo(ctx, caller(req), req.body.id),
  );

  app.post('/FileApi/getPreview', { schema: { tags, body: fileIdInput, response: { 200: previewAnswer } } }, (req) =>
    getPreview(ctx, caller(req), req.body.id),
  );

  // the signature names whom the address was given to: it works in <img>, <video> and downloads
  // without a token, and that user's rights are checked again on every fetch (issue 11)
  app.get(
    '/FileApi/download',
    {
      schema: {
        tags,
        querystring: z.object({
          id: wireId(),
          exp: z.coerce.number().int().max(EPOCH_SECONDS_MAX),
          dl: z.coerce.number().int().min(0).max(1),
          sig: z.string(),
          /** whom the address was given to (bound on the way out of the answer, platform/addresses) */
          u: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1)
            .optional(),
          /** a page image of the file's preview (pages.ts): whoever may read the file may see its pages */
          page: z.coerce.number().int().min(1).max(PREVIEW_MAX_PAGES).optional(),
        }),
      },
      config: { auth: 'none' },
    },
    async (req, reply) => {
      if (!service.verifySignature(ctx.secret, req.query)) throw fail('forbidden');
      const file = await service.unscopedFileById(ctx, req.query.id);
      if (!file) throw fail('notFound');
      // removed from the course, or the teacher switched downloads off since: the address opens nothing
      // a courseware's slides are shown even where its document may not be downloaded (pages only)
      if (!(await service.mayRead(ctx, req.query.u!, file, req.query.page !== undefined))) throw fail('notDownloadable');
      if (req.query.page !== undefined) {
        const key = await readyPageKey(ctx, file.id, req.query.page);
        if (!key) throw fail('notFound');
        return reply
          .header('content-type', 'image/jpeg')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=300')
          .send(await ctx.storage.get(key));
      }
      const inline = req.query.dl === 0 && showsInline(file.mime);
      const fallback = file.name.replace(ASCII_NAME, '_');
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        // the app's own pages may frame it (a PDF preview); nothing in it runs
        .header('content-security-policy', FRAMED_BY_SELF.csp)
        .header('x-frame-options', FRAMED_BY_SELF.xfo)
        // kept briefly: a browser's copy outliving a revoked right is the browser's alone
        .header('cache-control', 'private, max-age=300')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        );
      return reply.send(await ctx.storage.get(file.storageKey));
    },
  );
}
