import { describe, expect, it } from 'vitest';
import { docxWithText, pdfWithText } from '../../../../test/documents';
import { extractText } from './extract';

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
  });
});
