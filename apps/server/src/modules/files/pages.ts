import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PREVIEW_MAX_BYTES, PREVIEW_MAX_PAGES, PREVIEW_PAGE_PX, PREVIEW_STATES, previewKindOf } from '@paiclass/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { filePreviews, files } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { JobHandler } from '../../platform/jobs';
import { readObject } from '../../platform/storage';
import { inTransaction } from '../../platform/transaction';
import { isOffice, officeToPdf } from './convert';
import { mayRead, signedUrl, storePdf, unscopedFileById } from './files.service';

/*
 * Documents as page images (issue 12): a PDF, or an office document through its PDF, rendered on
 * the server by poppler's `pdftoppm`, so that every phone browser (Android Chrome, iOS Safari,
 * WeChat's) shows it as plain pictures: inline PDF frames show nothing on most of them. A durable
 * job renders each file once; the images are stored through the Storage interface. The courseware's
 * slides (shown page by page) use the same pipeline: `requestPages` and `pageKey`.
 */

const run = promisify(execFile);
type FileRow = typeof files.$inferSelect;
type PreviewRow = typeof filePreviews.$inferSelect;

export const PREVIEW_JOB = 'files.preview';
/** `file_previews.state` by name */
export const PREVIEW_STATE = { waiting: 0, converting: 1, ready: 2, failed: 3 } as const;
/** how many pages one pdftoppm run renders: the images go to storage between runs, not all at the end */
const BATCH = 10;

/** Where page `n` (from 1) of a rendering is stored. */
export const pageKey = (fileId: number, version: string, n: number) => `previews/${fileId}/${version}/${n}.jpg`;

/** A failure that says why a document cannot be shown; trying the same bytes again fails the same way. */
class PreviewFailure extends Error {
  constructor(readonly reason: 'tooLarge' | 'unreadable') {
    super(reason);
  }
}

/** Width and height of a JPEG, from its frame header. */
export function jpegSize(data: Buffer): [number, number] {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) break;
    const marker = data[at + 1]!;
    const length = data.readUInt16BE(at + 2);
    // SOF0..SOF15 carry the size, except DHT (c4), JPG (c8) and DAC (cc)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [data.readUInt16BE(at + 7), data.readUInt16BE(at + 5)];
    }
    at += 2 + length;
  }
  return [0, 0];
}

/** The number of pages of a PDF (poppler's `pdfinfo`); a file that is no readable PDF fails. */
async function pageCount(file: string) {
  try {
    const { stdout } = await run('pdfinfo', [file], { timeout: 60_000 });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
    if (!Number.isInteger(pages) || pages < 1) throw new Error('no pages');
    return pages;
  } catch {
    throw new PreviewFailure('unreadable');
  }
}

/**
 * Renders a PDF's pages, at most `maxPages`, as JPEG images whose longer side is `px` pixels (a
 * tall or wide page stays within it too), handing each to `onPage` in order. Answers the
 * document's own page count. Stops between batches when `signal` aborts.
 */
export async function renderPdfPages(
  pdf: Buffer,
  onPage: (n: number, image: Buffer, size: [number, number]) => Promise<void>,
  { maxPages = PREVIEW_MAX_PAGES, px = PREVIEW_PAGE_PX, signal }: { maxPages?: number; px?: number; signal?: AbortSignal } = {},
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-pages-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const total = await pageCount(input);
    const last = Math.min(total, maxPages);
    for (let first = 1; first <= last; first += BATCH) {
      signal?.throwIfAborted();
      const to = Math.min(last, first + BATCH - 1);
      const out = path.join(dir, `b${first}`);
      try {
        await run(
          'pdftoppm',
          ['-jpeg', '-jpegopt', 'quality=85', '-scale-to', String(px), '-f', String(first), '-l', String(to), input, out],
          { timeout: 300_000 },
        );
      } catch {
        throw new PreviewFailure('unreadable');
      }
      // pdftoppm names them b<first>-<page>.jpg, the page number zero-padded: sorted by that number
      const made = (await readdir(dir))
        .filter((name) => name.startsWith(`b${first}-`) && name.endsWith('.jpg'))
        .map((name) => ({ name, page: Number(name.slice(`b${first}-`.length, -4)) }))
        .sort((a, b) => a.page - b.page);
      if (made.length !== to - first + 1) throw new PreviewFailure('unreadable');
      for (const { name, page } of made) {
        const file = path.join(dir, name);
        const image = await readFile(file);
        await onPage(page, image, jpegSize(image));
        await rm(file);
      }
    }
    return total;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The PDF a document is shown from: the file itself, or the office document's converted PDF (made
 * now, and kept for the duplicate check too, when the conversion has not run yet).
 */
async function pdfOf(ctx: AppContext, file: FileRow) {
  if (!isOffice(file.name)) return readObject(ctx.storage, file.storageKey);
  if (file.pdfState === 2 && file.pdfFileId) {
    const pdf = await unscopedFileById(ctx, file.pdfFileId);
    if (pdf) return readObject(ctx.storage, pdf.storageKey);
  }
  let pdf: Buffer;
  try {
    pdf = await officeToPdf(file.name, await readObject(ctx.storage, file.storageKey));
  } catch {
    throw new PreviewFailure('unreadable');
  }
  const stored = await storePdf(ctx, file, pdf);
  await ctx.db
    .update(files)
    .set({ pdfState: 2, pdfFileId: stored.id })
    .where(and(eq(files.id, file.id), isNull(files.pdfFileId)));
  return pdf;
}

/**
 * Asks for a document's page images: answers its preview row, queueing the rendering (row and
 * job in one transaction) the first time. A file that is no document has none (undefined).
 */
export async function requestPages(ctx: AppContext, file: FileRow): Promise<PreviewRow | undefined> {
  if (previewKindOf(file) !== 'document') return undefined;
  const [row] = await ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, file.id));
  if (row) return row;
  return inTransaction(ctx, async (tx) => {
    const [added] = await tx.db.insert(filePreviews).values({ fileId: file.id }).onConflictDoNothing().returning();
    // someone asked at the same moment: theirs is queued
    if (!added) {
      const [theirs] = await tx.db.select().from(filePreviews).where(eq(filePreviews.fileId, file.id));
      return theirs;
    }
    await tx.jobs.schedule(PREVIEW_JOB, new Date(), { fileId: file.id }, `preview:${file.id}`);
    return added;
  });
}

/**
 * The rendering job: converting, then the pages stored under a new version, then ready with the
 * page count and sizes (the previous version's images removed). A document over PREVIEW_MAX_BYTES
 * is not rendered (failed, tooLarge), nor one poppler or LibreOffice cannot read (failed,
 * unreadable); one longer than PREVIEW_MAX_PAGES shows its first pages. Another fault (storage)
 * shows failed and is retried by the queue. A run that lost its lease stops without writing: the run
 * that took the job over renders it.
 */
export function previewJob(ctx: AppContext): JobHandler {
  return async (payload, { signal }) => {
    const fileId = Number(payload.fileId);
    const file = await unscopedFileById(ctx, fileId);
    const [row] = await ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, fileId));
    if (!file || !row || row.state === PREVIEW_STATE.ready) return;
    const set = (values: Partial<PreviewRow>) =>
      ctx.db
        .update(filePreviews)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(filePreviews.fileId, fileId));
    await set({ state: PREVIEW_STATE.converting });
    const version = randomBytes(6).toString('hex');
    const sizes: [number, number][] = [];
    try {
      if (file.size > PREVIEW_MAX_BYTES) throw new PreviewFailure('tooLarge');
      const pdf = await pdfOf(ctx, file);
      const total = await renderPdfPages(
        pdf,
        async (n, image, size) => {
          await ctx.storage.put(pageKey(fileId, version, n), image, 'image/jpeg');
          sizes.push(size);
        },
        { signal },
      );
      signal.throwIfAborted();
      await set({ state: PREVIEW_STATE.ready, pages: sizes.length, totalPages: total, sizes, version, reason: '' });
      if (row.version) await removePages(ctx, fileId, row.version, row.pages);
    } catch (e) {
      await removePages(ctx, fileId, version, sizes.length);
      if (signal.aborted) throw e;
      const reason = e instanceof PreviewFailure ? e.reason : 'unreadable';
      await set({ state: PREVIEW_STATE.failed, reason, pages: 0, totalPages: 0, sizes: [] });
      // anything else (storage, the database) may pass: the queue logs it and tries again later
      if (!(e instanceof PreviewFailure)) throw e;
    }
  };
}

async function removePages(ctx: AppContext, fileId: number, version: string, pages: number) {
  for (let n = 1; n <= pages; n++) await ctx.storage.delete(pageKey(fileId, version, n)).catch(() => undefined);
}

/** The signed address of page `n` of a file: the file's own grant, with the page (access is the file's). */
export const pageUrl = (ctx: AppContext, fileId: number, n: number) => `${signedUrl(ctx.secret, fileId, false)}&page=${n}`;

/**
 * `/FileApi/getPreview`: how a file the caller may read shows in the browser — a picture as its
 * one page, a document as page images once rendered (the rendering queued on first asking), any
 * other file not at all (`failed`, `unsupported`: download it). Refused as not found (40004) where
 * the caller may not read the file: not theirs, and not in a course of theirs where they may have it.
 */
export async function getPreview(ctx: AppContext, user: User, id: number) {
  const file = await unscopedFileById(ctx, id);
  if (!file || !(await mayRead(ctx, user.id, file))) throw fail('notFound');
  const kind = previewKindOf(file);
  const base = { id: file.id, name: file.name, kind, download: signedUrl(ctx.secret, file.id, true) };
  if (kind === 'image') {
    const page = { pageindex: 1, src: signedUrl(ctx.secret, file.id, false), width: 0, height: 0 };
    return { ...base, state: 'ready' as const, reason: '', pagecount: 1, totalpages: 1, pages: [page] };
  }
  const row = kind === 'document' ? await requestPages(ctx, file) : undefined;
  if (!row) return { ...base, state: 'failed' as const, reason: 'unsupported', pagecount: 0, totalpages: 0, pages: [] };
  const ready = row.state === PREVIEW_STATE.ready;
  return {
    ...base,
    state: PREVIEW_STATES[row.state]!,
    reason: row.reason,
    pagecount: ready ? row.pages : 0,
    totalpages: ready ? row.totalPages : 0,
    pages: ready
      ? row.sizes.map(([width, height], i) => ({ pageindex: i + 1, src: pageUrl(ctx, file.id, i + 1), width, height }))
      : [],
  };
}

/** The stored key of a ready page of a file, or undefined (not rendered, or no such page). */
export async function readyPageKey(ctx: AppContext, fileId: number, n: number) {
  const [row] = await ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, fileId));
  if (!row || row.state !== PREVIEW_STATE.ready || n < 1 || n > row.pages) return undefined;
  return pageKey(fileId, row.version, n);
}
