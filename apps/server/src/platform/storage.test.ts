import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage, type Storage } from './storage';
import { S3Storage } from './storage-s3';

let s3server: S3rver;
let s3: S3Storage;
const read = async (storage: Storage, key: string) => Buffer.concat(await (await storage.get(key)).toArray()).toString();

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-s3-'));
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'paiclass', configs: [] }],
  });
  const { port } = (await s3server.run()) as { port: number };
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'paiclass',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3server.close();
});

describe.each([
  ['local folder', () => new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'paiclass-files-')))],
  ['S3-compatible (s3rver on loopback)', () => s3],
])('%s storage', (_name, make) => {
  it('stores buffers and streams, reads them back, tells existence and deletes', async () => {
    const storage = make();
    await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain');
    await storage.put('a/c.txt', Readable.from([Buffer.from('str'), Buffer.from('eam')]));
    expect(await read(storage, 'a/b.txt')).toBe('hello');
    expect(await read(storage, 'a/c.txt')).toBe('stream');
    // a range reads only its bytes (both ends included), an open end to the end
    expect(Buffer.concat(await (await storage.get('a/b.txt', { start: 1, end: 3 })).toArray()).toString()).toBe('ell');
    expect(Buffer.concat(await (await storage.get('a/b.txt', { start: 2 })).toArray()).toString()).toBe('llo');
    expect(await storage.exists('a/b.txt')).toBe(true);
    await storage.delete('a/b.txt');
    expect(await storage.exists('a/b.txt')).toBe(false);
  });

  it('refuses keys that would leave its space', async () => {
    const storage = make();
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/invalid storage key/);
  });
});
