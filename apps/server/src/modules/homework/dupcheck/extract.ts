import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import type { ByteRange } from '../../../platform/storage';

const run = promisify(execFile);

/** The formats duplicate checking reads (issue #5): plain text, Markdown, Word (.docx) and PDF. */
export type Extracted = { format: 'ok'; text: string } | { format: 'unsupported' | 'failed'; text: '' };

/** A stored file as duplicate checking sees it: its name and size, and a way to read a range of it. */
export interface StoredFile {
  name: string;
  size: number;
  read: (range?: ByteRange) => Promise<Readable>;
}

const MAX_TEXT = 200_000;
/** the most a text file is read: enough bytes for MAX_TEXT characters of UTF-8 */
const MAX_TEXT_BYTES = MAX_TEXT * 4;
/** what is read of a file to tell whether it is what its name says, before reading any more */
export const HEAD_BYTES = 8 * 1024;
/** Word documents are read whole (a zip needs its end); a larger one is not read (issue 23) */
export const MAX_DOCX_BYTES = 50 * 1024 * 1024;
/** PDFs are copied to a temporary file for pdftotext; a larger one is not read */
export const MAX_PDF_BYTES = 200 * 1024 * 1024;

type Kind = 'text' | 'docx' | 'pdf';
const KINDS: Record<string, Kind> = { '.txt': 'text', '.md': 'text', '.docx': 'docx', '.pdf': 'pdf' };
const kindOf = (name: string): Kind | undefined => KINDS[path.extname(name).toLowerCase()];

const unsupported: Extracted = { format: 'unsupported', text: '' };
const failed: Extracted = { format: 'failed', text: '' };

/** Whether the first bytes are those of the kind the name says: a zip, a PDF, or text with no NUL byte. */
function looksLike(kind: Kind, head: Buffer) {
  if (kind === 'docx') return head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'));
  // readers accept the marker anywhere in the first kilobyte
  if (kind === 'pdf') return head.subarray(0, 1024).includes('%PDF-');
  return !head.includes(0);
}

/** At most `limit` bytes of a stream, which is then closed; `over` says whether it held more. */
async function readUpTo(stream: Readable, limit: number) {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of stream) {
      const b = piece as Buffer;
      parts.push(b);
      size += b.length;
      if (size > limit) break;
    }
  } finally {
    stream.destroy();
  }
  return { data: Buffer.concat(parts).subarray(0, limit), over: size > limit };
}

/**
 * The text of a submitted file, or why there is none, reading no more of it than needed (issue 23):
 * a kind it does not read (by the name's extension) is not opened at all; a Word document or PDF over
 * its cap neither; otherwise the first HEAD_BYTES are read to tell whether the file is what its name
 * says, and only then the rest: a text file up to what makes MAX_TEXT characters, a Word document
 * whole (capped), a PDF streamed to a temporary file for poppler's `pdftotext`.
 */
export async function extractFile(file: StoredFile): Promise<Extracted> {
  const kind = kindOf(file.name);
  if (!kind) return unsupported;
  // an empty object has no first byte to ask for (S3 refuses the range)
  if (file.size === 0) return kind === 'text' ? { format: 'ok', text: '' } : failed;
  if ((kind === 'docx' && file.size > MAX_DOCX_BYTES) || (kind === 'pdf' && file.size > MAX_PDF_BYTES)) return failed;
  try {
    const head = await readUpTo(await file.read({ start: 0, end: HEAD_BYTES - 1 }), HEAD_BYTES);
    if (!looksLike(kind, head.data)) return failed;
    switch (kind) {
      case 'text': {
        // a file that fits in its head is read already
        const body = head.data.length < HEAD_BYTES ? head.data : await readText(file);
        // a character cut by the cap is left out, not shown broken
        const text = new StringDecoder('utf8').write(body);
        return { format: 'ok', text: clean(text.replace(/^\uFEFF/, '')) };
      }
      case 'docx': {
        const whole = await readUpTo(await file.read(), MAX_DOCX_BYTES);
        if (whole.over) return failed;
        const mammoth = (await import('mammoth')).default;
        return { format: 'ok', text: clean((await mammoth.extractRawText({ buffer: whole.data })).value) };
      }
      case 'pdf':
        return { format: 'ok', text: clean(await pdfText(await file.read())) };
    }
  } catch {
    return failed;
  }
}

async function readText(file: StoredFile) {
  return (await readUpTo(await file.read({ start: 0, end: MAX_TEXT_BYTES - 1 }), MAX_TEXT_BYTES)).data;
}

/** PostgreSQL's text holds no NUL character; the stored text is at most MAX_TEXT characters. */
const clean = (text: string) => text.replaceAll('\u0000', '').slice(0, MAX_TEXT);

/** A PDF's text: the file streamed to a temporary file (never held in memory), capped, read by pdftotext. */
async function pdfText(stream: Readable) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    let size = 0;
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const piece of source) {
          size += piece.length;
          if (size > MAX_PDF_BYTES) throw new Error('PDF over the cap');
          yield piece;
        }
      },
      createWriteStream(file),
    );
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-q', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
