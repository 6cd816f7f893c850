import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api } from '../../fixtures';
import { uploadSmall } from '../materials/helpers';

/*
 * Peer-review, duplicate-check and score journeys seed through the API (courses, students,
 * homework, files, submissions, grades) and drive only the pages under test in the browser.
 */

export interface Homework {
  id: number;
  title: string;
  endtime: number;
}

/** A homework published at once through the API (`/HomeworkApi/addHomework`). */
export const addHomework = (request: APIRequestContext, token: string, body: Record<string, unknown>) =>
  api<Homework>(
    request,
    '/HomeworkApi/addHomework',
    { publish: 1, fullscore: 100, type: 1, content: '<p>按要求完成并上传附件。</p>', ...body },
    token,
  );

/** A file uploaded in one request and handed in as the student's submission. */
export async function submitFile(
  request: APIRequestContext,
  token: string,
  courseid: number,
  id: number,
  file: { name: string; mimeType: string; buffer: Buffer },
  message = '',
) {
  const stored = await uploadSmall(request, token, file.name, file.mimeType, file.buffer);
  return api<{ sid: number }>(request, '/HomeworkApi/stuWorkSubmit', { courseid, id, fileids: [stored.id], message }, token);
}

export const textFile = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });

/** A one-page PDF with a line of text (a real one: a browser opens it). */
export function pdfFile(name: string, line: string) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 16 Tf 30 100 Td (${line.replace(/[()\\]/g, '')}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** An element carrying `data-<name>` equal to the value. */
export const withData = (page: Page | Locator, testid: string, name: string, value: number | string): Locator =>
  page.locator(`[data-testid="${testid}"][data-${name}="${value}"]`);
