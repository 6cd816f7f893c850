import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The formats duplicate checking reads (issue #5): plain text, Markdown, Word (.docx) and PDF. */
export type Extracted = { format: 'ok'; text: string } | { format: 'unsupported' | 'failed'; text: '' };

const MAX_TEXT = 200_000;
const extension = (name: string) => path.extname(name).toLowerCase();

export const supportsDupCheck = (name: string) => ['.txt', '.md', '.docx', '.pdf'].includes(extension(name));

/** The text of a submitted file, or why there is none. PDFs go through poppler's `pdftotext`. */
export async function extractText(name: string, data: Buffer): Promise<Extracted> {
  try {
    switch (extension(name)) {
      case '.txt':
      case '.md':
        return {
          format: 'ok',
          text: data
            .toString('utf8')
            .replace(/^\uFEFF/, '')
            .slice(0, MAX_TEXT),
        };
      case '.docx':
        return { format: 'ok', text: (await (await import('mammoth')).default.extractRawText({ buffer: data })).value.slice(0, MAX_TEXT) };
      case '.pdf':
        return { format: 'ok', text: (await pdfText(data)).slice(0, MAX_TEXT) };
      default:
        return { format: 'unsupported', text: '' };
    }
  } catch {
    return { format: 'failed', text: '' };
  }
}

async function pdfText(data: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, data);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', '-q', file, '-'], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
