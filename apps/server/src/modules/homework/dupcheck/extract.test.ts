import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { docxWithText, pdfWithText } from '../../../../test/documents';
import { extractFile } from './extract';

/** A file held in memory, read by range as the storage reads it. */
const extractText = (name: string, data: Buffer) =>
  extractFile({
    name,
    size: data.length,
    read: async (range) =>
      Readable.from([data.subarray(range?.start ?? 0, range?.end === undefined ? undefined : range.end + 1)]),
  });

describe('text extraction for duplicate checking', () => {
  it('reads plain text and Markdown, without a byte-order mark', async () => {
    expect(await extractText('a.txt', Buffer.from('\uFEFF第一章 极限'))).toEqual({ format: 'ok', text: '第一章 极限' });
    expect((await extractText('notes.MD', Buffer.from('# 标题\n正文'))).text).toBe('# 标题\n正文');
  });
  it('reads Word documents', async () => {
    const got = await extractText('essay.docx', await docxWithText(['函数的极限', 'Limits of functions']));
    expect(got.format).toBe('ok');
    expect(got.text).toContain('函数的极限');
    expect(got.text).toContain('Limits of functions');
  });
  it('reads PDF through poppler', async () => {
    const got = await extractText('paper.pdf', pdfWithText('Limits and continuity of functions'));
    expect(got).toMatchObject({ format: 'ok' });
    expect(got.text).toContain('Limits and continuity of functions');
  });
  it('says which formats it does not read, and which files are broken', async () => {
    expect(await extractText('photo.png', Buffer.from([0x89, 0x50]))).toEqual({ format: 'unsupported', text: '' });
    expect(await extractText('broken.docx', Buffer.from('not a zip'))).toEqual({ format: 'failed', text: '' });
    // named as what it is not: a picture called .txt, a text called .pdf
    expect(await extractText('notes.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))).toEqual({
      format: 'failed',
      text: '',
    });
    expect(await extractText('paper.pdf', Buffer.from('just text'))).toEqual({ format: 'failed', text: '' });
  });
  it('keeps a character the cap cuts out of the text rather than showing it broken', async () => {
    const long = Buffer.from('极'.repeat(300_000));
    const got = await extractText('long.txt', long);
    expect(got.text).toHaveLength(200_000);
    expect(got.text).not.toContain('\uFFFD');
  });
});
