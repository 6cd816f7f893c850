import { z } from 'zod';
import { PREVIEW_MAX_PAGES } from '../constants';
import { call, perMinute } from '../contract';
import { EPOCH_SECONDS_MAX, fileOutput, noInput, wireId } from '../wire';
import { chunkAnswer, chunkCheckAnswer, fileAnswer, previewAnswer, smallUploadAnswer } from './responses';
import { chunkCheckInput, fileIdInput } from './schemas';

/** The files calls (decision 026): each declared once; the server registers them, the web app calls them by name. */
export const filesCalls = {
  checkChunk: call({
    path: '/UploadApi/checkChunk',
    area: 'files',
    input: chunkCheckInput,
    output: chunkCheckAnswer,
    limit: perMinute(120, { per: 'user', bucket: 'check-chunk' }),
  }),
  uploadChunk: call({
    path: '/UploadApi/uploadChunk',
    area: 'files',
    transport: 'multipart',
    input: noInput,
    output: chunkAnswer,
    limit: perMinute(600),
  }),
  uploadV2: call({
    path: '/UploadApi/uploadV2',
    area: 'files',
    transport: 'multipart',
    input: noInput,
    output: smallUploadAnswer,
    limit: perMinute(600),
  }),
  getAttachmentInfo: call({ path: '/FileApi/getAttachmentInfo', area: 'files', input: fileIdInput, output: fileAnswer }),
  getPreview: call({ path: '/FileApi/getPreview', area: 'files', input: fileIdInput, output: previewAnswer }),
  download: call({
    path: '/FileApi/download',
    area: 'files',
    transport: 'query',
    input: z.object({
      id: wireId(),
      exp: z.coerce.number().int().max(EPOCH_SECONDS_MAX),
      dl: z.coerce.number().int().min(0).max(1),
      sig: z.string(),
      /** whom the address was given to (bound on the way out of the answer, platform/addresses) */
      u: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1)
        .optional(),
      /** a page image of the file's preview (pages.ts): whoever may read the file may see its pages */
      page: z.coerce.number().int().min(1).max(PREVIEW_MAX_PAGES).optional(),
      /** 1: a picture's thumbnail (files/thumbs.ts), a JPEG at most 360 pixels on its longer side */
      thumb: z.coerce.number().int().min(1).max(1).optional(),
    }),
    output: fileOutput,
    answersFile: true,
    access: 'anyone',
  }),
};
