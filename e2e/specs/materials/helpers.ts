import { createHash } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api } from '../../fixtures';
import { localDayAt } from '../dateTime';

/*
 * Materials journeys seed through the API (accounts, courses, joins, and the items a journey only
 * needs to exist) and drive the pages under test in the browser.
 */

export const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A buffer of `size` bytes that no other journey produces (so the server's instant upload does not apply). */
export function uniqueBytes(size: number, seed = Date.now()) {
  const data = Buffer.alloc(size);
  let x = (seed % 2147483647) + 1;
  for (let i = 0; i < size; i += 4) {
    x = (x * 48271) % 2147483647;
    data.writeUInt32LE(x >>> 0, Math.min(i, size - 4));
  }
  return data;
}

export interface StoredFile {
  id: number;
  name: string;
  size: number;
}

/** A small file uploaded in one request (`/UploadApi/uploadV2`). */
export async function uploadSmall(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer) {
  const res = await request.post('/UploadApi/uploadV2', {
    headers: { token },
    multipart: { filename: name, file: { name, mimeType, buffer } },
  });
  const json = await res.json();
  if (json.status !== 1) throw new Error(`uploadV2 refused: ${json.code} ${json.message}`);
  return json.data.file as StoredFile;
}

/** One chunk of the chunked protocol sent through the API (an upload interrupted on another device). */
export async function sendChunk(
  request: APIRequestContext,
  token: string,
  file: { name: string; buffer: Buffer },
  index: number,
  chunkBytes: number,
) {
  const chunks = Math.ceil(file.buffer.length / chunkBytes);
  const res = await request.post('/UploadApi/uploadChunk', {
    headers: { token },
    multipart: {
      fileMd5: md5(file.buffer),
      chunks: String(chunks),
      chunk: String(index),
      id: 'WU_FILE_E2E',
      lastModifiedDate: new Date().toISOString(),
      filename: file.name,
      size: String(file.buffer.length),
      file: {
        name: file.name,
        mimeType: 'application/octet-stream',
        buffer: file.buffer.subarray(index * chunkBytes, (index + 1) * chunkBytes),
      },
    },
  });
  const json = await res.json();
  if (json.status !== 1) throw new Error(`uploadChunk refused: ${json.code} ${json.message}`);
  return json.data as { status: number; complete: number };
}

export interface Item {
  id: number;
  title: string;
  contenttype: number;
  downloadable: number;
  folder: { id: number; title: string } | null;
  directory: { id: number; title: string } | null;
  statistics?: { completed: number; unlearned: number };
  children?: { list: Item[]; total: number };
}

/** An item published at once through the API. */
export const addContent = (request: APIRequestContext, token: string, body: Record<string, unknown>) =>
  api<Item>(request, '/FutureV2/CourseMeans/addContent', { publish: 1, ...body }, token);

/**
 * The top level of a course's catalogue (0) or materials (2: the materials family, files, MOOC videos
 * and links, asked for as the materials page does: the server answers exactly the types asked), as the
 * server has it now.
 */
export const catalogue = async (request: APIRequestContext, token: string, courseid: number, contenttype = 0, dirid = 0) =>
  (
    await api<{ list: Item[] }>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid, contenttype: contenttype === 2 ? [2, 8, 9, 10] : contenttype, dirid, limit: 100 },
      token,
    )
  ).list;

/** A row of the materials list or the catalogue by item id. */
export const rowOf = (page: Page, id: number): Locator => page.locator(`[data-testid="content-row"][data-id="${id}"]`);
export const folderOf = (page: Page, id: number): Locator => page.locator(`[data-testid="folder-block"][data-id="${id}"]`);

/** The date-time field's value `days` from now at 10:00. */
export const localAt = (days: number) => localDayAt(days);

/** A real PDF of several pages, a few lines of text on each (built from pdfDocument's one-page layout). */
export function pdfOfPages(pages: string[][]) {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  const font = 3 + pages.length * 2;
  pages.forEach((lines, i) => {
    const n = 3 + i * 2;
    const text = lines.map((line, j) => `BT /F1 22 Tf 60 ${760 - j * 34} Td (${line}) Tj ET`).join('\n');
    kids.push(`${n} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${n + 1} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
