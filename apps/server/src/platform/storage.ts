import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a stored object, both counted from 0 and included (as HTTP ranges are). */
export interface ByteRange {
  start?: number;
  end?: number;
}

/** Where files live: a local folder by default, S3-compatible object storage in production. */
export interface Storage {
  /** `size`, when known, lets a stream go to S3 without being held in memory */
  put(key: string, body: Buffer | Readable, contentType?: string, size?: number): Promise<void>;
  /** the object, or only `range` of it: what is not asked for is not read (nor fetched from S3) */
  get(key: string, range?: ByteRange): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The whole object as one buffer, for files read whole (a PDF, a small index): not for large uploads. */
export async function readObject(storage: Storage, key: string) {
  const parts: Buffer[] = [];
  for await (const part of await storage.get(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The whole object, or null when there is none: one read, no `exists` first (a second round trip to S3). What
 * "none" looks like is each backend's own: a missing file locally, NoSuchKey or a 404 from S3.
 */
export async function readObjectIfAny(storage: Storage, key: string): Promise<Buffer | null> {
  try {
    return await readObject(storage, key);
  } catch (err) {
    const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404)
      return null;
    throw err;
  }
}

/** Keys are relative paths of safe characters; anything else is refused before touching the disk. */
export function checkKey(key: string) {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

export class LocalStorage implements Storage {
  constructor(private root: string) {}
  private file(key: string) {
    checkKey(key);
    return path.join(this.root, key);
  }
  async put(key: string, body: Buffer | Readable) {
    const file = this.file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // write then rename, so a reader never sees half a file
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
    else await pipeline(body, fs.createWriteStream(tmp));
    await fsp.rename(tmp, file);
  }
  async get(key: string, range?: ByteRange) {
    const file = this.file(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
  }
  async exists(key: string) {
    return fsp
      .access(this.file(key))
      .then(() => true)
      .catch(() => false);
  }
  async delete(key: string) {
    await fsp.rm(this.file(key), { force: true });
  }
}
