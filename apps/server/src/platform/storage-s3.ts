import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type ByteRange, checkKey, type Storage } from './storage';

/** S3-compatible object storage; in a module of its own, loaded only when S3 is configured. */
export class S3Storage implements Storage {
  private client: S3Client;
  constructor(
    private options: {
      endpoint: string;
      region: string;
      bucket: string;
      accessKey: string;
      secretKey: string;
      forcePathStyle: boolean;
    },
  ) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
    });
  }
  async put(key: string, body: Buffer | Readable, contentType?: string, size?: number) {
    checkKey(key);
    // a stream of known length goes straight through; one of unknown length is gathered first
    const data = Buffer.isBuffer(body) || size !== undefined ? body : Buffer.concat(await body.toArray());
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: Buffer.isBuffer(data) ? data.length : size,
      }),
    );
  }
  async get(key: string, range?: ByteRange) {
    checkKey(key);
    const bytes = range ? `bytes=${range.start ?? 0}-${range.end ?? ''}` : undefined;
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range: bytes }));
    return out.Body as Readable;
  }
  async exists(key: string) {
    checkKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }
  async delete(key: string) {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}
