import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_BYTES_VIP,
  CODES,
  type chunkAnswer,
  type chunkCheckAnswer,
  filesCalls,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_STATUS,
} from '@paiclass/shared';
import SparkMD5 from 'spark-md5';
import type { z } from 'zod';
import { ApiError, call, NETWORK_ERROR } from './api';
import i18n from './i18n';

/**
 * The chunked upload protocol of spec 2 §7 as Ketangpai's WebUploader speaks it: the file's MD5 is
 * computed in the browser slice by slice, `checkChunk` answers a file already stored (instant
 * upload) or the chunks already received (resume), and each missing 5,120,000-byte chunk goes to
 * `uploadChunk`: status 1 stored, 0 send this chunk again, 2 the assembled file did not match and
 * the upload starts over. The instant answer comes only for a file this account uploaded before;
 * anyone else's identical file is uploaded like any other (the server keeps one copy on disk).
 */

/** A stored file as the upload calls answer it. */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  orgin_size: number;
  mime: string;
  md5?: string;
  url: string;
  download: string;
  playurl: string;
  /** office documents: 0 not converted, 1 converting, 2 converted (see `pdfurl`), 3 failed */
  pdfstate?: number;
  pdfurl?: string;
}

export interface UploadProgress {
  phase: 'hashing' | 'uploading';
  /** 0 to 1 within the phase */
  fraction: number;
}

/** The answers of the upload calls (packages/shared/src/files/responses.ts). */
type CheckAnswer = z.output<typeof chunkCheckAnswer>;
type ChunkAnswer = z.output<typeof chunkAnswer>;

/** Tries of one chunk before the upload gives up (a retry answer or a dropped connection). */
const CHUNK_TRIES = 4;
/** Times the whole upload starts over after a mismatched file (status 2). */
const RESTARTS = 1;

/** How many chunks a file of this size is sent in (at least one). */
export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / UPLOAD_CHUNK_BYTES));

/** Byte range [start, end) of chunk `index`: every chunk is 5,120,000 bytes but the last. */
export function chunkRange(size: number, index: number): [number, number] {
  const start = index * UPLOAD_CHUNK_BYTES;
  return [start, Math.min(size, start + UPLOAD_CHUNK_BYTES)];
}

/** The chunk indexes still to send, given the ones the server says it has. */
export function missingChunks(size: number, received: readonly number[]) {
  const have = new Set(received.map(Number));
  return Array.from({ length: chunkCount(size) }, (_, i) => i).filter((i) => !have.has(i));
}

/**
 * Why an attachment may not be uploaded, mirroring the server (spec 2 §9): an empty file, or one
 * over 150 MB (2 GB for VIP). A photo is an attachment like any other here: the 5 MB image limit is
 * for an image that is the thing itself (avatar, editor picture; see `fitImage`), never for a
 * photo handed in as homework or shared as material (issue 12). A translated message, or null.
 */
export function fileProblem(file: { size: number; type: string }, isVip: boolean): string | null {
  if (file.size <= 0) return i18n.t('materials.upload.emptyFile');
  if (file.size > (isVip ? ATTACHMENT_MAX_BYTES_VIP : ATTACHMENT_MAX_BYTES)) return i18n.t('materials.upload.tooLarge');
  return null;
}

/** The per-file attachment limit an account has, as hints show it: `150M`, or `2G` for VIP (spec 2 §9). */
export function attachmentLimitLabel(isVip: boolean) {
  const bytes = isVip ? ATTACHMENT_MAX_BYTES_VIP : ATTACHMENT_MAX_BYTES;
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}G` : `${bytes / 1024 ** 2}M`;
}

/** The hex MD5 of a file, read in chunk-sized slices so a large file never sits in memory whole. */
export async function fileMd5(file: Blob, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  const chunks = chunkCount(file.size);
  for (let i = 0; i < chunks; i++) {
    if (signal?.aborted) throw abortError();
    const [start, end] = chunkRange(file.size, i);
    spark.append(await file.slice(start, end).arrayBuffer());
    onProgress?.((i + 1) / chunks);
  }
  return spark.end();
}

/** An upload the person cancelled. */
export class UploadCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelled';
  }
}

const abortError = () => new UploadCancelled();

let uploaderIds = 0;

/**
 * Uploads a file by the chunked protocol and answers the stored file. Reports progress; a signal
 * cancels it (UploadCancelled). A refusal from the server (too large, over the account's storage
 * quota, not logged in) is thrown as its ApiError; anything that still fails after the retries is
 * "upload file failed" (spec 2 §8).
 */
export async function uploadFile(
  file: File,
  onProgress: (p: UploadProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<UploadedFile> {
  try {
    return await sendFile(file, onProgress, signal);
  } catch (e) {
    // the account's storage is full: said in the page's words, before or after the first chunk
    if (e instanceof ApiError && e.code === CODES.storageQuotaFull)
      throw new ApiError(e.code, i18n.t('materials.upload.quotaFull'));
    throw e;
  }
}

async function sendFile(file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<UploadedFile> {
  const md5 = await fileMd5(file, (fraction) => onProgress({ phase: 'hashing', fraction }), signal);
  const meta = { fileMd5: md5, filename: file.name, size: file.size };
  const clientId = `WU_FILE_${uploaderIds++}`;
  const chunks = chunkCount(file.size);

  for (let round = 0; round <= RESTARTS; round++) {
    const check = await retried(() => call(filesCalls.checkChunk, meta, { signal }), signal);
    if (Number(check.exists) === 1 && check.file) {
      onProgress({ phase: 'uploading', fraction: 1 });
      return check.file;
    }
    const missing = missingChunks(file.size, check.received ?? []);
    let sent = chunks - missing.length;
    onProgress({ phase: 'uploading', fraction: sent / chunks });
    let restart = false;
    for (const index of missing) {
      const answer = await sendChunk(file, meta, clientId, chunks, index, signal);
      if (answer.status === UPLOAD_STATUS.error) {
        restart = true;
        break;
      }
      sent += 1;
      onProgress({ phase: 'uploading', fraction: sent / chunks });
      if (Number(answer.complete) === 1 && answer.file) return answer.file;
    }
    if (restart) continue;
    // every chunk is in but no file came back (another tab finished it, or a stale answer): ask again
    const again = await retried(() => call(filesCalls.checkChunk, meta, { signal }), signal);
    if (Number(again.exists) === 1 && again.file) return again.file;
  }
  throw new ApiError(NETWORK_ERROR, i18n.t('materials.upload.failed'));
}

async function sendChunk(
  file: File,
  meta: { fileMd5: string; filename: string; size: number },
  clientId: string,
  chunks: number,
  index: number,
  signal?: AbortSignal,
): Promise<ChunkAnswer> {
  const [start, end] = chunkRange(file.size, index);
  for (let attempt = 1; attempt <= CHUNK_TRIES; attempt++) {
    const form = new FormData();
    form.append('fileMd5', meta.fileMd5);
    form.append('chunks', String(chunks));
    form.append('chunk', String(index));
    form.append('id', clientId);
    form.append('lastModifiedDate', new Date(file.lastModified || Date.now()).toISOString());
    form.append('filename', meta.filename);
    form.append('size', String(meta.size));
    form.append('file', file.slice(start, end), meta.filename);
    let answer: ChunkAnswer | undefined;
    try {
      answer = await call(filesCalls.uploadChunk, form, { signal });
    } catch (e) {
      if (signal?.aborted) throw abortError();
      // a dropped connection is tried again; a refusal (too large, logged out) is final
      if (!(e instanceof ApiError && e.code === NETWORK_ERROR) || attempt === CHUNK_TRIES) throw e;
    }
    if (answer && answer.status !== UPLOAD_STATUS.retry) return answer;
    if (attempt < CHUNK_TRIES) await pause(attempt * 500, signal);
  }
  throw new ApiError(NETWORK_ERROR, i18n.t('materials.upload.failed'));
}

/** A JSON call of the protocol, tried again on a dropped connection. */
async function retried<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (signal?.aborted) throw abortError();
      if (!(e instanceof ApiError && e.code === NETWORK_ERROR) || attempt >= CHUNK_TRIES) throw e;
      await pause(attempt * 500, signal);
    }
  }
}

function pause(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(abortError());
    });
  });
}
