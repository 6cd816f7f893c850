import multipart from '@fastify/multipart';
import { chunkFieldsInput, filesCalls, IMAGE_MAX_BYTES, UPLOAD_CHUNK_BYTES, uploadNameInput } from '@paiclass/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { caller } from '../../platform/auth';
import { refuseNulBytes } from '../../platform/envelope';
import { AppError, badField, badInput, fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import { FRAMED_BY_SELF } from '../../platform/security-headers';
import { pageHeldBack } from '../classtime/paging';
import * as service from './files.service';
import { getPreview, readyPageKey } from './pages';
import { showsInline } from './sniff';
import { thumbnailable, thumbnailKey } from './thumbs';

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
  // one chunk (or one 5 MB image) per request, one file part, a few fields
  await root.register(multipart, {
    limits: { fileSize: Math.max(UPLOAD_CHUNK_BYTES, IMAGE_MAX_BYTES), files: 1, fields: 20, fieldSize: 1024 },
  });

  handle(app, filesCalls.checkChunk, (req) => service.checkUpload(ctx, caller(req), req.body));
  handle(app, filesCalls.uploadChunk, async (req) => {
    const user = caller(req);
    const { fields, file } = await readMultipart(req);
    if (!file) throw badInput('validation.fileMissing');
    return service.receiveChunk(ctx, user, parse(chunkFieldsInput, fields), file.data);
  });
  handle(app, filesCalls.uploadV2, async (req) => {
    const user = caller(req);
    const { fields, file } = await readMultipart(req);
    if (!file) throw badInput('validation.fileMissing');
    const { filename } = parse(uploadNameInput, { filename: fields.filename || file.filename || 'file' });
    return service.uploadSmall(ctx, user, filename, file.data, fields.type === 'image');
  });
  handle(app, filesCalls.getAttachmentInfo, (req) => service.getAttachmentInfo(ctx, caller(req), req.body.id));

  handle(app, filesCalls.getPreview, (req) => getPreview(ctx, caller(req), req.body.id));

  // the signature names whom the address was given to: it works in <img>, <video> and downloads
  // without a token, and that user's rights are checked again on every fetch (issue 11)
  handle(app, filesCalls.download, async (req, reply) => {
    if (!service.verifySignature(ctx.secret, req.query)) throw fail('forbidden');
    const file = await service.unscopedFileById(ctx, req.query.id);
    if (!file) throw fail('notFound');
    // removed from the course, or the teacher switched downloads off since: the address opens nothing
    // a courseware's slides are shown even where its document may not be downloaded (pages only)
    if (!(await service.mayRead(ctx, req.query.u!, file, req.query.page !== undefined))) throw fail('notDownloadable');
    // a page image or a thumbnail: a picture made from the file, shown inline, kept briefly
    const sendPicture = async (key: string, type: string) =>
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(await ctx.storage.get(key));
    if (req.query.page !== undefined) {
      // during a class, a student sees no slide past the pages the screen has shown (decision 029)
      if (await pageHeldBack(ctx, req.query.u!, file.id, req.query.page)) throw fail('pageAhead');
      const key = await readyPageKey(ctx, file.id, req.query.page);
      if (!key) throw fail('notFound');
      return sendPicture(key, 'image/jpeg');
    }
    if (req.query.thumb !== undefined) {
      if (!thumbnailable(file.mime)) throw badField('validation.thumbNotImage', ['thumb']);
      const key = await thumbnailKey(ctx, file, req.log);
      return sendPicture(key, key === file.storageKey ? file.mime : 'image/jpeg');
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
  });
}
