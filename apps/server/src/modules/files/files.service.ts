import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_BYTES_VIP,
  CONTENT_TYPES,
  type chunkCheckInput,
  type chunkFieldsInput,
  FILE_URL_TTL_SECONDS,
  IMAGE_MAX_BYTES,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_STATUS,
} from '@paiclass/shared';
import { and, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  chatMessages,
  contentFiles,
  contents,
  courseMembers,
  files,
  submissions,
  submissionVersions,
  testAnswers,
  testAttempts,
  uploads,
  users,
} from '../../db/schema';
import { fileGrant, verifyBoundAddress } from '../../platform/addresses';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badInput, fail } from '../../platform/errors';
import type { JobHandler } from '../../platform/jobs';
import { groupIfMember } from '../chat/chat.policy';
import { type ContentRole, canDownload, canSee } from '../content/content.policy';
import { imageType, mimeOf } from './sniff';

export type FileRow = typeof files.$inferSelect;

const uploadKey = (ownerId: number, md5: string, size: number) => `${ownerId}:${md5}:${size}`;
/** The reservation of one small upload (`uploadV2`): a key of its own, so two at once reserve twice. */
const SMALL_PREFIX = 'small:';
const smallUploadKey = (ownerId: number) => `${SMALL_PREFIX}${ownerId}:${randomUUID()}`;
const chunkKey = (ownerId: number, md5: string, size: number, index: number) => `chunks/${ownerId}/${md5}-${size}/${index}`;
/**
 * Where new content goes: a key of its own per stored copy, never an existing one. Identical
 * content is kept once by reusing the key of a verified earlier copy (`storedCopy`); writing over a
 * shared key would let anyone who claims an MD5 replace (or, on a mismatch, delete) others' bytes.
 */
const newContentKey = (md5: string, size: number) => `files/${md5.slice(0, 2)}/${md5}-${size}-${randomBytes(6).toString('hex')}`;
const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

/**
 * A signed, expiring grant of a file to the caller of the answer it goes into: `dl=1` asks for a
 * download rather than inline display. The answer's way out binds it to that caller (platform/addresses).
 */
export function signedUrl(secret: string, id: number, download: boolean, now = Date.now()) {
  return fileGrant(secret, id, Math.floor(now / 1000) + FILE_URL_TTL_SECONDS, download ? 1 : 0);
}

/** Whether a download address is genuine, unexpired and bound to a user (`u`). */
export function verifySignature(secret: string, q: { id: number; exp: number; dl: number; sig: string; u?: number }) {
  return q.u !== undefined && verifyBoundAddress(secret, { ...q, u: q.u });
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

/**
 * Refuses (40013) a file over the limit of its kind: an attachment (a phone photo handed in as
 * homework included) follows the attachment limit, only an image that is the thing itself the
 * 5 MB image limit (spec 2 §5, §9; issue 12).
 */
function ensureWithinLimit(user: User, kind: 'attachment' | 'image', size: number) {
  if (kind === 'image') {
    if (size > IMAGE_MAX_BYTES) throw new AppError('tooLarge', 'errors.imageTooLarge');
  } else if (size > maxBytes(user)) {
    throw new AppError('tooLarge', 'errors.fileTooLarge');
  }
}

/**
 * A new row for the caller over content the caller itself uploaded before (same MD5 and size): the
 * instant upload. Only the caller's own files count: someone else's content is never handed out
 * on the strength of its MD5, which many answers show (issue 11).
 */
async function reuseOwn(ctx: AppContext, user: User, md5: string, size: number, name: string) {
  const [same] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, user.id), eq(files.md5, md5), eq(files.size, size)))
    .limit(1);
  if (!same) return undefined;
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: user.id, md5, size, name, mime: same.mime, storageKey: same.storageKey })
    .returning();
  return row!;
}

/**
 * The storage key of a verified copy of this content, whoever uploaded it: rows are written only
 * after their bytes matched their MD5, so identical bytes the caller has just proven to hold are
 * kept once on disk.
 */
async function storedCopy(ctx: AppContext, md5: string, size: number, except?: string) {
  const same = await ctx.db
    .select({ key: files.storageKey })
    .from(files)
    .where(and(eq(files.md5, md5), eq(files.size, size), except ? ne(files.storageKey, except) : undefined))
    .limit(1);
  for (const { key } of same) if (await ctx.storage.exists(key)) return key;
  return undefined;
}

/** Stores verified bytes once: an existing copy's key, else the bytes under a key of their own. */
async function storeContent(ctx: AppContext, data: Buffer, md5: string, mime: string) {
  const existing = await storedCopy(ctx, md5, data.length);
  if (existing) return existing;
  const key = newContentKey(md5, data.length);
  await ctx.storage.put(key, data, mime);
  return key;
}

/** The storage quota of an account (`USER_STORAGE_QUOTA`, `VIP_STORAGE_QUOTA` for members). */
export const storageQuota = (ctx: AppContext, user: Pick<User, 'isvip'>) =>
  user.isvip > 0 ? ctx.config.storageQuota.vip : ctx.config.storageQuota.user;

/**
 * What an account's uploads take: its files (a PDF the server made of one of them is the server's,
 * not counted) and the full size of each upload under way, reserved when it began.
 */
export async function storageUsed(db: Db, userId: number) {
  const pdfOf = sql`exists (select 1 from ${files} as src where src.pdf_file_id = ${files.id})`;
  const [kept] = await db
    .select({ n: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(and(eq(files.ownerId, userId), sql`not ${pdfOf}`));
  const [pending] = await db
    .select({ n: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, userId));
  return Number(kept?.n ?? 0) + Number(pending?.n ?? 0);
}

/** `1.5G`, `300M`: a size as the quota message shows it. */
const shortSize = (n: number) => {
  const [unit, power] = n >= 1024 ** 3 ? ['G', 3] : n >= 1024 ** 2 ? ['M', 2] : ['K', 1];
  return `${Math.round((n / 1024 ** (power as number)) * 10) / 10}${unit}`;
};

/** Refuses (40015) a file of `size` bytes that would take the account past its quota. */
async function ensureRoom(ctx: AppContext, db: Db, user: User, size: number) {
  const quota = storageQuota(ctx, user);
  const used = await storageUsed(db, user.id);
  if (used + size > quota) {
    throw new AppError('storageQuotaFull', 'errors.storageQuotaFull', { used: shortSize(used), quota: shortSize(quota) });
  }
}

/**
 * Before uploading: a file the caller itself uploaded before is answered at once (`exists: 1`);
 * otherwise the chunks already received for this file (`received`) so an interrupted upload
 * resumes. Refused: a file over the per-file limit of its kind (40013) or one that does not fit the account's
 * quota (40015), before any byte is sent.
 */
export async function checkUpload(ctx: AppContext, user: User, input: z.infer<typeof chunkCheckInput>) {
  ensureWithinLimit(user, input.kind, input.size);
  const stored = await reuseOwn(ctx, user, input.fileMd5, input.size, input.filename);
  if (stored) return { exists: 1 as const, received: [], file: presentFile(ctx, stored) };
  const [pending] = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.key, uploadKey(user.id, input.fileMd5, input.size)));
  // an upload under way has its room reserved already
  if (!pending) await ensureRoom(ctx, ctx.db, user, input.size);
  return { exists: 0 as const, received: pending?.received ?? [], file: null };
}

/**
 * Reserves room for an upload as its first chunk arrives: the upload's row (its whole size counts
 * toward the quota until it ends) is written under a lock on the account, so two uploads at once
 * cannot both take the last room.
 */
async function reserveUpload(
  ctx: AppContext,
  user: User,
  key: string,
  input: { fileMd5: string; size: number; filename: string; chunks: number },
) {
  await ctx.db.transaction(async (tx) => {
    const [pending] = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
    if (pending) return;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await ensureRoom(ctx, tx as unknown as Db, user, input.size);
    await tx
      .insert(uploads)
      .values({ key, ownerId: user.id, md5: input.fileMd5, size: input.size, filename: input.filename, chunks: input.chunks })
      .onConflictDoNothing();
  });
}

/**
 * Takes one chunk of a 5,120,000-byte-chunked upload (spec 2 §7). Status 0 asks for the chunk
 * again (it arrived short or long); status 1 stored it, with `complete: 1` and the file once all
 * chunks are in and the whole file's MD5 matches; status 2 means the assembled file did not match
 * its MD5 and the upload must start over.
 */
export async function receiveChunk(ctx: AppContext, user: User, input: z.infer<typeof chunkFieldsInput>, data: Buffer) {
  const { fileMd5: md5, size } = input;
  ensureWithinLimit(user, input.kind, size);
  const chunks = Math.ceil(size / UPLOAD_CHUNK_BYTES);
  if (input.chunks !== chunks || input.chunk >= chunks) throw badInput('validation.fileSize');
  const expected = input.chunk < chunks - 1 ? UPLOAD_CHUNK_BYTES : size - UPLOAD_CHUNK_BYTES * (chunks - 1);
  const answer = { id: input.id, chunk: input.chunk };
  if (data.length !== expected) return { ...answer, status: UPLOAD_STATUS.retry, complete: 0 as const };

  const stored = await reuseOwn(ctx, user, md5, size, input.filename);
  if (stored) return { ...answer, status: UPLOAD_STATUS.done, complete: 1 as const, file: presentFile(ctx, stored) };

  const key = uploadKey(user.id, md5, size);
  // the quota is checked (and the room reserved) before the first byte is stored
  await reserveUpload(ctx, user, key, { ...input, chunks });
  await ctx.storage.put(chunkKey(user.id, md5, size, input.chunk), data);
  // record the chunk; whoever records the last one claims the assembly (the row goes), so it runs once
  const complete = await ctx.db.transaction(async (tx) => {
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
  // joined under a key of its own: nothing already stored is touched until the MD5 is proven
  const target = newContentKey(md5, size);
  await storage.put(target, Readable.from(joined()), undefined, size);
  const cleanup = async () => {
    for (let i = 0; i < chunks; i++) await storage.delete(chunkKey(user.id, md5, size, i));
  };
  await cleanup();
  if (hash.digest('hex') !== md5) {
    await storage.delete(target);
    return { ...answer, status: UPLOAD_STATUS.error, complete: 0 as const };
  }
  // the caller has proven it holds these bytes: an identical verified copy is kept instead of a second one
  const copy = await storedCopy(ctx, md5, size, target);
  if (copy) await storage.delete(target);
  const [row] = await ctx.db
    .insert(files)
    .values({ ownerId: user.id, md5, size, name: filename, mime: mimeOf(head, filename), storageKey: copy ?? target })
    .returning();
  return { ...answer, status: UPLOAD_STATUS.done, complete: 1 as const, file: presentFile(ctx, row!) };
}

/**
 * `UploadApi/uploadV2`: a small file (one chunk at most) in one request. With `image`, the bytes
 * must really be an image (checked by content, not by name) of at most 5 MB. A file that does not
 * fit the account's quota is refused (40015) before it is stored; its room is reserved under the
 * account's lock like a chunked upload's, so parallel calls never pass the quota together.
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
  const reused = await reuseOwn(ctx, user, md5, data.length, filename);
  if (reused) return { status: UPLOAD_STATUS.done, file: presentFile(ctx, reused) };
  // the room is reserved under the account's lock, as a chunked upload's is: parallel calls cannot
  // each see the same free room and together pass the quota
  const key = smallUploadKey(user.id);
  await reserveUpload(ctx, user, key, { fileMd5: md5, size: data.length, filename, chunks: 1 });
  try {
    const mime = mimeOf(data.subarray(0, 16), filename);
    const storageKey = await storeContent(ctx, data, md5, mime);
    // the file takes the reservation's place in one step: the room is counted once throughout
    const row = await ctx.db.transaction(async (tx) => {
      await tx.delete(uploads).where(eq(uploads.key, key));
      const [made] = await tx
        .insert(files)
        .values({ ownerId: user.id, md5, size: data.length, name: filename, mime, storageKey })
        .returning();
      return made!;
    });
    return { status: UPLOAD_STATUS.done, file: presentFile(ctx, row) };
  } catch (e) {
    await ctx.db.delete(uploads).where(eq(uploads.key, key));
    throw e;
  }
}

/** Stores a PDF made from one of a user's files (an office document's conversion) as a file of its own. */
export async function storePdf(ctx: AppContext, source: FileRow, pdf: Buffer) {
  const md5 = md5Of(pdf);
  const key = await storeContent(ctx, pdf, md5, 'application/pdf');
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

/**
 * Whether a user may still fetch a file, checked each time a signed address is used (issue 11):
 * an address is given out only where a service decided the caller may have the file; this checks
 * that the reason still holds. The owner always may. Otherwise the user must still be a member of
 * a course where the file is in use: attached to an item they may see and download (the teacher's
 * download switch), an image in the text of an item they may see, the cover of a meeting they may
 * see, or a file of a homework submission there. A converted PDF goes with its document. With `pagesOnly` (a page image), a
 * courseware's document counts as readable where its item may be seen, downloads switched off or not.
 */
export async function mayRead(ctx: AppContext, userId: number, file: FileRow, pagesOnly = false) {
  if (file.ownerId === userId) return true;
  const sources = await ctx.db.select({ id: files.id, ownerId: files.ownerId }).from(files).where(eq(files.pdfFileId, file.id));
  if (sources.some((s) => s.ownerId === userId)) return true;
  const ids = [file.id, ...sources.map((s) => s.id)];
  const role = (r: string) => r as ContentRole;

  const attached = await ctx.db
    .select({
      role: courseMembers.role,
      publishState: contents.publishState,
      downloadable: contents.downloadable,
      contenttype: contents.contenttype,
    })
    .from(contentFiles)
    .innerJoin(contents, and(eq(contents.id, contentFiles.contentId), isNull(contents.deletedAt)))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, userId)))
    .where(inArray(contentFiles.fileId, ids));
  const slides = (a: { contenttype: number }) => pagesOnly && a.contenttype === CONTENT_TYPES.courseware;
  if (attached.some((a) => canSee(role(a.role), a) && (canDownload(role(a.role), a) || slides(a)))) return true;

  // images in an item's text (rich-text.ts keeps them as `data-file="N"`)
  const inText = await ctx.db
    .select({ role: courseMembers.role, publishState: contents.publishState })
    .from(courseMembers)
    .innerJoin(contents, and(eq(contents.courseId, courseMembers.courseId), isNull(contents.deletedAt)))
    .where(and(eq(courseMembers.userId, userId), or(...ids.map((id) => sql`${contents.body} like ${`%data-file="${id}"%`}`))));
  if (inText.some((a) => canSee(role(a.role), a))) return true;

  // a meeting's cover picture (issue 26, meetings.service): whoever may see the meeting
  const covering = await ctx.db
    .select({ role: courseMembers.role, publishState: contents.publishState })
    .from(courseMembers)
    .innerJoin(
      contents,
      and(
        eq(contents.courseId, courseMembers.courseId),
        eq(contents.contenttype, CONTENT_TYPES.meeting),
        isNull(contents.deletedAt),
      ),
    )
    .where(and(eq(courseMembers.userId, userId), sql`${contents.settings} @> ${JSON.stringify({ cover: file.id })}::jsonb`));
  if (covering.some((a) => canSee(role(a.role), a))) return true;

  const handedIn = (column: SQL) => or(...ids.map((id) => sql`${column} @> ${JSON.stringify([id])}::jsonb`));
  const [submitted] = await ctx.db
    .select({ one: sql`1` })
    .from(courseMembers)
    .innerJoin(contents, eq(contents.courseId, courseMembers.courseId))
    .innerJoin(submissions, eq(submissions.contentId, contents.id))
    .where(and(eq(courseMembers.userId, userId), handedIn(sql`${submissions.fileIds}`)))
    .limit(1);
  if (submitted) return true;
  const [earlier] = await ctx.db
    .select({ one: sql`1` })
    .from(courseMembers)
    .innerJoin(contents, eq(contents.courseId, courseMembers.courseId))
    .innerJoin(submissions, eq(submissions.contentId, contents.id))
    .innerJoin(submissionVersions, eq(submissionVersions.submissionId, submissions.id))
    .where(and(eq(courseMembers.userId, userId), handedIn(sql`${submissionVersions.fileIds}`)))
    .limit(1);
  if (earlier) return true;
  // a picture, file, voice or video of a chat (issue 27): whoever is in the chat now
  const sentIn = await ctx.db
    .selectDistinct({ groupId: chatMessages.groupId })
    .from(chatMessages)
    .where(inArray(chatMessages.fileId, ids))
    .limit(20);
  for (const { groupId } of sentIn) if (await groupIfMember(ctx, userId, groupId)) return true;
  // a file or photo answer of a test (issue 14): the course's teachers and assistants open it to grade
  // it; other students never (test answers are not shared)
  const [answered] = await ctx.db
    .select({ one: sql`1` })
    .from(courseMembers)
    .innerJoin(testAttempts, eq(testAttempts.courseId, courseMembers.courseId))
    .innerJoin(testAnswers, eq(testAnswers.attemptId, testAttempts.id))
    .where(
      and(
        eq(courseMembers.userId, userId),
        inArray(courseMembers.role, ['owner', 'assistant']),
        or(...ids.map((id) => sql`${testAnswers.answer} -> 'v' @> ${JSON.stringify([id])}::jsonb`)),
      ),
    )
    .limit(1);
  return Boolean(answered);
}

/** The durable job that removes abandoned uploads; one pending run at a time (its key). */
export const UPLOAD_CLEANUP_JOB = 'files.cleanUploads';
const UPLOAD_CLEANUP_KEY = 'files:clean-uploads';
/** An upload with no chunk for this long is abandoned: its chunks and its row go (value ours). */
export const ABANDONED_UPLOAD_MS = 24 * 3600_000;
const CLEANUP_EVERY_MS = 3600_000;

/**
 * Removes uploads that received no chunk for `ABANDONED_UPLOAD_MS`: the row first (which also
 * frees its reserved room), then its chunks; answers how many. A client coming back later starts
 * that file again from its first chunk.
 */
export async function cleanAbandonedUploads(ctx: AppContext, now = new Date()) {
  const gone = await ctx.db
    .delete(uploads)
    .where(lt(uploads.updatedAt, new Date(now.getTime() - ABANDONED_UPLOAD_MS)))
    .returning();
  for (const u of gone) {
    // a small upload's reservation has no chunks (its bytes went straight to their place)
    if (u.key.startsWith(SMALL_PREFIX)) continue;
    for (let i = 0; i < u.chunks; i++) await ctx.storage.delete(chunkKey(u.ownerId, u.md5, u.size, i));
  }
  return gone.length;
}

/** Schedules the clean-up (by its key, so instances starting together schedule it once). */
export async function scheduleUploadCleanup(ctx: AppContext, at = new Date()) {
  await ctx.jobs.schedule(UPLOAD_CLEANUP_JOB, at, {}, UPLOAD_CLEANUP_KEY);
}

/**
 * The clean-up job: it schedules its next run before it works, so it keeps recurring hourly even
 * when one run fails (the queue runs a rescheduled key again after the current run).
 */
export function uploadCleanupJob(ctx: AppContext): JobHandler {
  return async () => {
    await scheduleUploadCleanup(ctx, new Date(Date.now() + CLEANUP_EVERY_MS));
    await cleanAbandonedUploads(ctx);
  };
}
