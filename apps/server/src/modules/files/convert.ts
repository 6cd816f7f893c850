import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isOfficeName } from '@paiclass/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { readObject } from '../../platform/storage';
import { inTransaction } from '../../platform/transaction';
import { storePdf } from './files.service';

/**
 * Runs a command to its end. Past `timeout`, or once `signal` aborts, its whole process group is killed
 * (LibreOffice's launcher starts soffice.bin beneath it), and the promise settles only when the command is
 * gone: a run that lost its job's lease leaves nothing working behind it. (`execFile` with a signal
 * rejected at once, while the process was still running.)
 */
function runToEnd(command: string, args: string[], { timeout, signal }: { timeout: number; signal?: AbortSignal }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    let why: unknown;
    const stop = (reason: unknown) => {
      why ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => stop(new Error(`${command} ran longer than ${timeout} ms`)), timeout);
    const onAbort = () => stop(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (code: number | null) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (why) reject(why);
      else if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${code}: ${stderr.slice(0, 500)}`));
    };
    // not started at all (not installed): there is no process to wait for
    child.on('error', (err) => {
      why ??= err;
      if (child.pid === undefined) settle(null);
    });
    child.on('close', settle);
  });
}

export const CONVERT_JOB = 'files.convert';
/** Office documents a browser cannot show: converted to PDF with LibreOffice (ARCHITECTURE). */
export const isOffice = isOfficeName;

/**
 * An office document as PDF, by LibreOffice headless in a profile of its own (runs may overlap).
 * An aborted `signal` kills LibreOffice and rejects.
 */
export async function officeToPdf(name: string, data: Buffer, signal?: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-convert-'));
  try {
    const input = path.join(dir, `in${path.extname(name).toLowerCase()}`);
    await writeFile(input, data);
    await runToEnd(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        input,
      ],
      { timeout: 120_000, signal },
    );
    return await readFile(path.join(dir, 'in.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Queues the conversion of the office documents among some files (each once): the files are
 * marked pending and their jobs queued in one transaction (the caller's, when `ctx` is in one), so a
 * file is never left pending without a job to convert it.
 */
export async function queueConversions(ctx: AppContext, fileIds: number[]) {
  if (fileIds.length === 0) return;
  await inTransaction(ctx, async (tx) => {
    // locked: two submissions of the same file at once queue it once
    const rows = await tx.db
      .select({ id: files.id, name: files.name })
      .from(files)
      .where(and(inArray(files.id, fileIds), eq(files.pdfState, 0)))
      .for('update');
    const office = rows.filter((f) => isOffice(f.name)).map((f) => f.id);
    if (office.length === 0) return;
    await tx.db.update(files).set({ pdfState: 1 }).where(inArray(files.id, office));
    for (const id of office) await tx.jobs.schedule(CONVERT_JOB, new Date(), { fileId: id }, `convert:${id}`);
  });
}

/**
 * The conversion job: the PDF is stored as a file of its own and linked. A file LibreOffice cannot
 * convert is marked failed at once (trying the same bytes again would fail the same way), and its
 * viewers fall back to the download.
 */
export async function convertJob(ctx: AppContext, payload: Record<string, unknown>, signal?: AbortSignal) {
  const [f] = await ctx.db
    .select()
    .from(files)
    .where(eq(files.id, Number(payload.fileId)));
  if (!f || f.pdfState === 2) return;
  try {
    const pdf = await officeToPdf(f.name, await readObject(ctx.storage, f.storageKey), signal);
    signal?.throwIfAborted();
    const stored = await storePdf(ctx, f, pdf);
    await ctx.db.update(files).set({ pdfState: 2, pdfFileId: stored.id }).where(eq(files.id, f.id));
  } catch (e) {
    // a run stopped for its lost lease is no verdict on the file: the run that took the job over converts it
    if (signal?.aborted) throw signal.reason ?? e;
    await ctx.db.update(files).set({ pdfState: 3 }).where(eq(files.id, f.id));
  }
}
