/// <reference types="node" />
import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, UPLOAD_CHUNK_BYTES } from '@paiclass/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const MB = 1024 * 1024;

// the API client shows refusals with antd-mobile (its CSS does not load in Node); no refusal is shown here
vi.mock('antd-mobile', () => ({ Dialog: { alert: vi.fn() }, Toast: { show: vi.fn() } }));

// the API client reads `window` (timers, location); the protocol needs nothing else of a browser
beforeAll(() => {
  vi.stubGlobal('window', globalThis);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('window', globalThis);
});

// upload runs on pages, which load the pages' strings (where its messages are) before they render
const load = async () => {
  await (await import('./i18n')).loadStrings('pages');
  return import('./upload');
};

function bytes(size: number) {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 10)) & 0xff;
  return data;
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const envelope = (data: unknown) => new Response(JSON.stringify({ status: 1, code: 10000, message: 'ok', data }));

interface Sent {
  chunk: number;
  chunks: number;
  bytes: number;
}

/** A fake server speaking the chunked protocol; `answer` decides each chunk's status. */
function fakeServer(opts: { received?: number[][]; exists?: boolean; answer: (chunk: number, attempt: number) => number }) {
  const sent: Sent[] = [];
  const checks: unknown[] = [];
  const tries = new Map<number, number>();
  const file = { id: 42, name: 'a.pdf', size: 0, orgin_size: 0, mime: 'application/pdf', url: '/u', download: '/d', playurl: '' };
  let round = 0;
  const fetchMock = vi.fn(async (path: string, init: RequestInit) => {
    if (path === '/UploadApi/checkChunk') {
      checks.push(JSON.parse(String(init.body)));
      const received = opts.received?.[round] ?? [];
      round += 1;
      return envelope(opts.exists ? { exists: 1, received: [], file } : { exists: 0, received, file: null });
    }
    const form = init.body as FormData;
    const chunk = Number(form.get('chunk'));
    const chunks = Number(form.get('chunks'));
    const part = form.get('file') as Blob;
    sent.push({ chunk, chunks, bytes: part.size });
    const attempt = (tries.get(chunk) ?? 0) + 1;
    tries.set(chunk, attempt);
    const status = opts.answer(chunk, attempt);
    const complete = status === 1 && chunk === chunks - 1 ? 1 : 0;
    return envelope({ status, complete, ...(complete ? { file } : {}) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, checks, file };
}

describe('chunk arithmetic (spec 2 §7, §9)', () => {
  it('cuts 12 MB into two 5,120,000-byte chunks and the rest', async () => {
    const { chunkCount, chunkRange } = await load();
    expect(chunkCount(12 * MB)).toBe(3);
    expect(chunkRange(12 * MB, 0)).toEqual([0, UPLOAD_CHUNK_BYTES]);
    expect(chunkRange(12 * MB, 2)).toEqual([2 * UPLOAD_CHUNK_BYTES, 12 * MB]);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_BYTES)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_BYTES + 1)).toBe(2);
  });

  it('sends only the chunks the server does not have', async () => {
    const { missingChunks } = await load();
    expect(missingChunks(12 * MB, [])).toEqual([0, 1, 2]);
    expect(missingChunks(12 * MB, [0, 2])).toEqual([1]);
    expect(missingChunks(12 * MB, [0, 1, 2])).toEqual([]);
  });
});

describe('what may be uploaded (spec 2 §5, §9)', () => {
  it('refuses an attachment over 150 MB (2 GB for VIP) and an empty file, but takes a 6 MB photo (issue 12)', async () => {
    const { fileProblem } = await load();
    expect(fileProblem({ size: 6 * MB, type: 'image/jpeg' }, false)).toBeNull();
    expect(fileProblem({ size: IMAGE_MAX_BYTES + 1, type: 'image/png' }, false)).toBeNull();
    expect(fileProblem({ size: 151 * MB, type: 'image/jpeg' }, false)).toContain('150M');
    expect(fileProblem({ size: 151 * MB, type: 'application/pdf' }, false)).toContain('150M');
    expect(fileProblem({ size: 151 * MB, type: 'application/pdf' }, true)).toBeNull();
    expect(fileProblem({ size: 0, type: 'text/plain' }, false)).toBe('文件是空的，不能上传');
  });
});

describe('the chunked upload', () => {
  it("hashes a file slice by slice to the whole file's MD5", async () => {
    const { fileMd5 } = await load();
    const data = bytes(12 * MB);
    const seen: number[] = [];
    expect(await fileMd5(new Blob([data]), (f) => seen.push(f))).toBe(md5(data));
    expect(seen).toEqual([1 / 3, 2 / 3, 1]);
  });

  it('resumes after the chunks the server has and sends a chunk again when asked to retry', async () => {
    const { uploadFile } = await load();
    const data = bytes(12 * MB);
    const server = fakeServer({ received: [[0]], answer: (chunk, attempt) => (chunk === 1 && attempt === 1 ? 0 : 1) });
    const stored = await uploadFile(new File([data], 'a.pdf', { type: 'application/pdf' }));
    expect(stored.id).toBe(42);
    expect(server.checks).toEqual([{ fileMd5: md5(data), filename: 'a.pdf', size: 12 * MB }]);
    expect(server.sent).toEqual([
      { chunk: 1, chunks: 3, bytes: UPLOAD_CHUNK_BYTES },
      { chunk: 1, chunks: 3, bytes: UPLOAD_CHUNK_BYTES },
      { chunk: 2, chunks: 3, bytes: 12 * MB - 2 * UPLOAD_CHUNK_BYTES },
    ]);
  });

  it('says a full storage quota (40015) in the page’s words and sends no chunk', async () => {
    const { uploadFile } = await load();
    const { ApiError } = await import('./api');
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        sent.push(path);
        return new Response(JSON.stringify({ status: 0, code: 40015, message: 'server words', data: null }));
      }),
    );
    const refused = uploadFile(new File([bytes(1000)], 'a.pdf'));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 40015, message: '存储空间不足，这个文件放不下，请联系学校管理员' });
    expect(sent).toEqual(['/UploadApi/checkChunk']);
  });

  it('starts over when the assembled file did not match (status 2)', async () => {
    const { uploadFile } = await load();
    const data = bytes(6 * MB);
    let failedOnce = false;
    const server = fakeServer({
      received: [[], []],
      answer: (chunk) => {
        if (chunk === 1 && !failedOnce) {
          failedOnce = true;
          return 2;
        }
        return 1;
      },
    });
    await uploadFile(new File([data], 'a.pdf'));
    expect(server.checks).toHaveLength(2);
    expect(server.sent.map((s) => s.chunk)).toEqual([0, 1, 0, 1]);
  });

  it('sends nothing for a file the server already has', async () => {
    const { uploadFile } = await load();
    const server = fakeServer({ exists: true, answer: () => 1 });
    const progress: number[] = [];
    const stored = await uploadFile(
      new File([bytes(1000)], 'a.pdf'),
      (p) => p.phase === 'uploading' && progress.push(p.fraction),
    );
    expect(stored.id).toBe(42);
    expect(server.sent).toEqual([]);
    expect(progress).toEqual([1]);
  });

  it('gives up with "upload file failed" when a chunk keeps being asked for again', async () => {
    const { uploadFile } = await load();
    const server = fakeServer({ answer: () => 0 });
    await expect(uploadFile(new File([bytes(1000)], 'a.pdf'))).rejects.toThrow('上传文件失败');
    expect(server.sent).toHaveLength(4);
  }, 20_000);

  it('stops when cancelled', async () => {
    const { uploadFile, UploadCancelled } = await load();
    fakeServer({ answer: () => 1 });
    const controller = new AbortController();
    controller.abort();
    await expect(uploadFile(new File([bytes(1000)], 'a.pdf'), undefined, controller.signal)).rejects.toBeInstanceOf(
      UploadCancelled,
    );
  });
});
