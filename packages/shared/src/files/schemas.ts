import { z } from 'zod';
import { INT_MAX, wireId } from '../wire';

/** The chunked upload protocol's fields (spec 2 §7): fileMd5, chunks, chunk, id, lastModifiedDate, filename, size. */
const md5 = z
  .string({ message: 'validation.fileMd5' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{32}$/, { message: 'validation.fileMd5' });
const filename = z
  .string({ message: 'validation.filename' })
  .trim()
  .min(1, { message: 'validation.filename' })
  .max(255, { message: 'validation.filename' });

export const chunkCheckInput = z.object({
  fileMd5: md5,
  filename,
  size: z.coerce.number().int().positive({ message: 'validation.fileSize' }),
  /**
   * What the file is for (issue 12): an `attachment` (homework, materials; 150M, VIP 2G, photos
   * included) or an `image` that is the thing itself (avatar, editor picture; at most 5 MB).
   */
  kind: z.enum(['attachment', 'image']).optional().default('attachment'),
});
export const chunkFieldsInput = chunkCheckInput.extend({
  chunks: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  chunk: z.coerce.number().int().min(0).max(INT_MAX).default(0),
  /** the client's own id for the file (WebUploader's), echoed back */
  id: z.string().max(64).optional().default(''),
  lastModifiedDate: z.string().max(64).optional().default(''),
});
/** The name a file is uploaded under (a file part's own name, or uploadV2's `filename` field). */
export const uploadNameInput = z.object({ filename });
export const fileIdInput = z.object({ id: wireId() });

/** Chunk answer statuses (spec 2 §7): 1 done, 2 error (start again), 0 retry this chunk. */
export const UPLOAD_STATUS = { done: 1, error: 2, retry: 0 } as const;
