import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_BYTES_VIP,
  type chunkCheckInput,
  type chunkFieldsInput,
  FILE_URL_TTL_SECONDS,
  IMAGE_MAX_BYTES,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_STATUS,
} from '@paiclass/shared';
import { files, uploads } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badInput, fail } from '../../platform/errors';
import { hmac, safeEqual } from '../../platform/tokens';
import { imageType, mimeOf } from './sniff';

type FileRow = typeof files.$inferSelect;

const uploadKey = (ownerId: number, md5: string, size: number) => `${ownerId}:${md5}:${size}`;
const chunkKey = (ownerId: number, md5: string, size: number, index: number) => `chunks/${ownerId}/${md5}-${size}/${index}`;
const contentKey = (md5: string, size: number) => `files/${md5.slice(0, 2)}/${md5}-${size}`;
const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A signed, expiring address for a file: `dl=1` asks for a download rather than inline display. */
export function signedUrl(secret: string, id: number, download: boolean, now = Date.now()) {
  const exp = Math.floor(now / 1000) + FILE_URL_TTL_SECONDS;
  const dl = download ? 1 : 0;
  return `/FileApi/download?id=${id}&exp=${exp}&dl=${dl}&sig=${hmac(secret, `${id}.${exp}.${dl}`)}`;
}

export function verifySignature(secret: string, q: { id: number; exp: number; dl: number; sig: string }) {
  return q.exp * 1000 > Date.now() && safeEqual(q.sig, hmac(secret, `${q.id}.${q.exp}.${q.dl}`));
}

/** The attachment shape Ketangpai clients read: name, url, size, orgin_size, and playurl for media. */
export function presentFile(ctx: AppContext, f: FileRow) {
  const media = /^(video|audio)\//.test(f.mime);
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    orgin_size: f.size,
    mime: f.mime,
    md5: f.md5,
    url: signedUrl(ctx.secret, f.id, false),
    download: signedUrl(ctx.secret, f.id, true),
    playurl: media ? signedUrl(ctx.secret, f.id, false) : '',
    /** office documents: 0 not converted, 1 converting, 2 converted (see `pdfurl`), 3 failed */
    pdfstate: f.pdfState,
    pdfurl: f.pdfFileId ? signedUrl(ctx.secret, f.pdfFileId, false) : '',
  };
}

const maxBytes = (user: User) => (user.isvip > 0 ? ATTACHMENT_MAX_BYTES_VIP : ATTACHMENT_MAX_BYTES);

/** A row for this owner over content already stored, if identical content (MD5 and size) exists. */
async function reuseStored(ctx: AppContext, user: User, md5: string, size: number, name: string) {
  const [same] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.md5, md5), eq(files.size, size)))
    .limit(1);
  if (!same) return undefined;
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: user.id, md5, size, name, mime: same.mime, storageKey: same.storageKey })
    .returning();
  return row!;
}

/**
 * Before uploading: an identical file already stored is answered at once (`exists: 1`); otherwise
 * the chunks already received for this file (`received`) so an interrupted upload resumes.
 */
export async function checkUpload(ctx: AppContext, user: User, input: z.infer<typeof chunkCheckInput>) {
  if (input.size > maxBytes(user)) throw new AppError('tooLarge', 'errors.fileTooLarge');
  const stored = await reuseStored(ctx, user, input.fileMd5, input.size, input.filename);
  if (stored) return { exists: 1 as const, received: [], file: presentFile(ctx, stored) };
  const [pending] = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.key, uploadKey(user.id, input.fileMd5, input.size)));
  return { exists: 0 as const, received: pending?.received ?? [], file: null };
}

/**
 * Takes one chunk of a 5,120,000-byte-chunked upload (spec 2 §7). Status 0 asks for the chunk
 * again (it arrived short or long); status 1 stored it, with `complete: 1` and the file once all
 * chunks are in and the whole file's MD5 matches; status 2 means the assembled file did not match
 * its MD5 and the upload must start over.
 */
export async function receiveChunk(ctx: AppContext, user: User, input: z.infer<typeof chunkFieldsInput>, data: Buffer) {
  const { fileMd5: md5, size } = input;
  if (size > maxBytes(user)) throw new AppError('tooLarge', 'errors.fileTooLarge');
  const chunks = Math.ceil(size / UPLOAD_CHUNK_BYTES);
  if (input.chunks !== chunks || input.chunk >= chunks) throw badInput('validation.fileSize');
  const expected = input.chunk < chunks - 1 ? UPLOAD_CHUNK_BYTES : size - UPLOAD_CHUNK_BYTES * (chunks - 1);
  const answer = { id: input.id, chunk: input.chunk };
  if (data.length !== expected) return { ...answer, status: UPLOAD_STATUS.retry, complete: 0 as const };

  const stored = await reuseStored(ctx, user, md5, size, input.filename);
  if (stored) return { ...answer, status: UPLOAD_STATUS.done, complete: 1 as const, file: presentFile(ctx, stored) };

  await ctx.storage.put(chunkKey(user.id, md5, size, input.chunk), data);
  const key = uploadKey(user.id, md5, size);
  // record the chunk; whoever records the last one claims the assembly (the row goes), so it runs once
  const complete = await ctx.db.transaction(async (tx) => {
    await tx.insert(uploads).values({ key, ownerId: user.id, md5, size, filename: input.filename, chunks }).onConflictDoNothing();
    const [row] = await tx.select().from(uploads).where(eq(uploads.key, key)).for('update');
    if (!row) return undefined;
    const received = [...new Set([...row.received, input.chunk])].sort((a, b) => a - b);
    if (received.length < chunks) {
      await tx.update(uploads).set({ received, updatedAt: new Date() }).where(eq(uploads.key, key));
      return { received, done: false };
    }
    await tx.delete(uploads).where(eq(uploads.key, key));
    return { received, done: true };
  });
  if (!complete) return { ...answer, status: UPLOAD_STATUS.retry, complete: 0 as const };
  if (!complete.done) return { ...answer, status: UPLOAD_STATUS.done, complete: 0 as const, received: complete.received };
  return assemble(ctx, user, input.filename, md5, size, chunks, answer);
}

/** Joins the chunks into one stored file while hashing it; a file whose MD5 differs is discarded. */
async function assemble(
  ctx: AppContext,
  user: User,
  filename: string,
  md5: string,
  size: number,
  chunks: number,
  answer: { id: string; chunk: number },
) {
  const hash = createHash('md5');
  let head = Buffer.alloc(0);
  const storage = ctx.storage;
  async function* joined() {
    for (let i = 0; i < chunks; i++) {
      for await (const piece of await storage.get(chunkKey(user.id, md5, size, i))) {
        const buf = piece as Buffer;
        if (head.length < 16) head = Buffer.concat([head, buf.subarray(0, 16)]);
        hash.update(buf);
        yield buf;
      }
    }
  }
  const target = contentKey(md5, size);
  await storage.put(target, Readable.from(joined()), undefined, size);
  const cleanup = async () => {
    for (let i = 0; i < chunks; i++) await storage.delete(chunkKey(user.id, md5, size, i));
  };
  await cleanup();
  if (hash.digest('hex') !== md5) {
    await storage.delete(target);
    return { ...answer, status: UPLOAD_STATUS.error, complete: 0 as const };
  }
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: user.id, md5, size, name: filename, mime: mimeOf(head, filename), storageKey: target })
    .returning();
  return { ...answer, status: UPLOAD_STATUS.done, complete: 1 as const, file: presentFile(ctx, row!) };
}

/**
 * `UploadApi/uploadV2`: a small file (one chunk at most) in one request. With `image`, the bytes
 * must really be an image (checked by content, not by name) of at most 5 MB.
 */
export async function uploadSmall(ctx: AppContext, user: User, filename: string, data: Buffer, image: boolean) {
  if (data.length === 0) throw badInput('validation.fileMissing');
  if (image) {
    if (data.length > IMAGE_MAX_BYTES) throw new AppError('tooLarge', 'errors.imageTooLarge');
    if (!imageType(data.subarray(0, 16))) throw fail('notAnImage');
  } else if (data.length > UPLOAD_CHUNK_BYTES) {
    throw new AppError('tooLarge', 'errors.fileTooLarge');
  }
  const md5 = md5Of(data);
  const reused = await reuseStored(ctx, user, md5, data.length, filename);
  if (reused) return { status: UPLOAD_STATUS.done, file: presentFile(ctx, reused) };
  const key = contentKey(md5, data.length);
  const mime = mimeOf(data.subarray(0, 16), filename);
  await ctx.storage.put(key, data, mime);
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: user.id, md5, size: data.length, name: filename, mime, storageKey: key })
    .returning();
  return { status: UPLOAD_STATUS.done, file: presentFile(ctx, row!) };
}

/** Stores a PDF made from one of a user's files (an office document's conversion) as a file of its own. */
export async function storePdf(ctx: AppContext, source: FileRow, pdf: Buffer) {
  const md5 = md5Of(pdf);
  const key = contentKey(md5, pdf.length);
  await ctx.storage.put(key, pdf, 'application/pdf');
  const name = `${source.name.replace(/\.[^.]+$/, '')}.pdf`;
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: source.ownerId, md5, size: pdf.length, name, mime: 'application/pdf', storageKey: key })
    .returning();
  return row!;
}

/** `/FileApi/getAttachmentInfo`: one of the caller's files with fresh signed addresses. */
export async function getAttachmentInfo(ctx: AppContext, user: User, id: number) {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, user.id)));
  if (!row) throw fail('notFound');
  return presentFile(ctx, row);
}

/** The file behind a verified signed address. */
export async function unscopedFileById(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  return row;
}
