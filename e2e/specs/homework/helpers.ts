import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, expect } from '../../fixtures';

/*
 * Homework journeys seed through the API (accounts, courses, joins, groupings) and drive the pages
 * under test in the browser; a deadline passes with `passTime` (e2e/fixtures.ts), never by waiting.
 * Submitted files are made here: a real PNG, a real PDF and plain text, so the grading page has
 * something true to open.
 */

export interface HomeworkSettings {
  type: number;
  fullscore: number;
  allowlate: number;
  groupsetid: number;
  dupcheck: number;
  dupceiling: number;
  dupcoursewide: number;
  reviewers: number;
  anonymous: number;
  mincomment: number;
  scoremode: number;
  scorespublished: number;
}

export interface Submission {
  sid: number;
  uid: number;
  username: string;
  groupname: string;
  state: number;
  overtime: number;
  version: number;
  returnreason: string;
  score: number | null;
  comment: string;
  shared: number;
  attachment: { id: number; name: string }[];
}

export interface Homework {
  id: number;
  title: string;
  content: string;
  endtime: number;
  publishState: number;
  attachment: { id: number; name: string }[];
  settings: HomeworkSettings;
  counts?: Record<string, number>;
  mine?: Submission | null;
  state?: number;
  called?: number;
  cansubmit?: number;
  late?: number;
  ingroup?: number;
}

export const getHomework = (request: APIRequestContext, token: string, courseid: number, id: number) =>
  api<Homework>(request, '/HomeworkApi/getHomework', { courseid, id }, token);

/** The course's homework, newest first, as the server lists it. */
export const homeworkList = async (request: APIRequestContext, token: string, courseid: number) =>
  (
    await api<{ list: { id: number; title: string }[] }>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid, contenttype: 4, limit: 100 },
      token,
    )
  ).list;

/** The owner rows of a homework as the teacher's list has them (filter 0 all). */
export const ownerRows = async (request: APIRequestContext, token: string, courseid: number, id: number, filter = 0) =>
  (
    await api<{ list: { owner: string; name: string; state: number; called: number; submission: Submission | null }[] }>(
      request,
      '/HomeworkApi/stuUserList',
      { courseid, id, filter, limit: 200 },
      token,
    )
  ).list;

/** A row of the submissions list by its owner (`u:<uid>` or `g:<groupid>`). */
export const ownerRow = (page: Page, owner: string): Locator => page.locator(`[data-testid="owner-row"][data-owner="${owner}"]`);

/** Waits until every upload of the form says it is done. */
export async function uploadsDone(page: Page, count: number) {
  await expect(page.getByTestId('upload-row')).toHaveCount(count);
  await expect(page.locator('[data-testid="upload-row"][data-status="done"]')).toHaveCount(count, { timeout: 30_000 });
}

/** Epoch seconds, `seconds` from now. */
export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

// ---------- files a student hands in ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real PNG picture (a sketch of a flow chart: boxes joined by bars on a light page), `seed`
 * shifting its colours so that two students never hand in the same bytes.
 */
export function pngPicture(width = 320, height = 200, seed = 0) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const boxes = [
    [30, 30, 110, 70],
    [200, 30, 290, 70],
    [115, 120, 215, 170],
  ];
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      let r = 246;
      let g = 248;
      let b = 252 - (seed % 20);
      const inBox = boxes.some(([x0, y0, x1, y1]) => x >= x0! && x <= x1! && y >= y0! && y <= y1!);
      const edge = boxes.some(
        ([x0, y0, x1, y1]) =>
          x >= x0! && x <= x1! && y >= y0! && y <= y1! && (x - x0! < 3 || x1! - x < 3 || y - y0! < 3 || y1! - y < 3),
      );
      const bar = (y >= 48 && y <= 52 && x > 110 && x < 200) || (x >= 158 && x <= 162 && y > 70 && y < 120);
      if (edge || bar) [r, g, b] = [47, 107, 255];
      else if (inBox) [r, g, b] = [232, 239, 255 - (seed % 30)];
      const p = row + 1 + x * 3;
      raw[p] = r;
      raw[p + 1] = g;
      raw[p + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real one-page PDF with a few lines of text. */
export function pdfDocument(lines: string[]) {
  const text = lines.map((line, i) => `BT /F1 14 Tf 60 ${760 - i * 24} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
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

/**
 * A phone photo of a handwritten page as large as a camera makes it: a paper-coloured page with lines
 * of ink and sensor noise, stored uncompressed so its size is what it is (issue 12: width × height
 * × 3 bytes, 1700 × 1300 ≈ 6.3 MB).
 */
export function phonePhoto(width = 1700, height = 1300) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const noise = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    // a line of writing every 80 px, its strokes wavering
    const inkRow = y % 80 > 50 && y % 80 < 56;
    for (let x = 0; x < width; x++) {
      const n = noise[y * width + x]! % 40;
      const ink = inkRow && x > 120 && x < width - 120 && (x * 7 + y * 3) % 23 < 15;
      const p = row + 1 + x * 3;
      raw[p] = ink ? 40 + n : 215 + n;
      raw[p + 1] = ink ? 50 + n : 210 + n;
      raw[p + 2] = ink ? 90 + n : 195 + n;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
