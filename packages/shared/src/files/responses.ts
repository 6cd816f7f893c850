import { z } from 'zod';

/** What the file calls answer (spec 2 §7; docs/api.md "Files"). */

/** An attachment as Ketangpai clients read it; `url`, `download`, `playurl` and `pdfurl` are signed, expiring addresses */
export const fileAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** bytes */
  size: z.number().int(),
  /** the same as size (Ketangpai's spelling) */
  orgin_size: z.number().int(),
  mime: z.string(),
  md5: z.string(),
  /** shows the file inline */
  url: z.string(),
  /** downloads it */
  download: z.string(),
  /** video and audio only; empty otherwise */
  playurl: z.string(),
  /** office documents: 0 not converted, 1 converting, 2 converted (see `pdfurl`), 3 failed */
  pdfstate: z.number().int(),
  /** the converted PDF; empty until there is one */
  pdfurl: z.string(),
});

/** `/UploadApi/checkChunk`: an identical stored file at once (`exists: 1`), or the chunks already received */
export const chunkCheckAnswer = z.object({
  exists: z.union([z.literal(0), z.literal(1)]),
  received: z.array(z.number().int()),
  file: fileAnswer.nullable(),
});

const uploadStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * `/UploadApi/uploadChunk`: status 0 asks for the chunk again, 1 stored it (`complete: 1` and the
 * file once every chunk is in), 2 the whole file's MD5 did not match: start over.
 */
export const chunkAnswer = z.object({
  /** the client's own id for the file, echoed back */
  id: z.string(),
  chunk: z.number().int(),
  status: uploadStatus,
  complete: z.union([z.literal(0), z.literal(1)]),
  /** while chunks are missing: the ones received so far */
  received: z.array(z.number().int()).optional(),
  file: fileAnswer.optional(),
});

/** `/UploadApi/uploadV2`: a small file in one request */
export const smallUploadAnswer = z.object({ status: uploadStatus, file: fileAnswer });

/** A document's preview state (issue 12): waiting, converting, ready, failed (see `reason`) */
export const PREVIEW_STATES = ['waiting', 'converting', 'ready', 'failed'] as const;

/**
 * `/FileApi/getPreview`: a file shown as page images. A picture is its own one page; a PDF or an
 * office document is rendered on the server (`state` waiting → converting → ready, or failed with a
 * `reason`: unsupported, tooLarge, unreadable); `src` are signed, expiring addresses.
 */
export const previewAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** image: shown as it is; document: rendered page by page; none: no preview (download it) */
  kind: z.enum(['image', 'document', 'none']),
  state: z.enum(PREVIEW_STATES),
  /** why a preview failed: unsupported (no viewer for this kind), tooLarge, unreadable */
  reason: z.string(),
  /** pages shown (at most PREVIEW_MAX_PAGES) */
  pagecount: z.number().int(),
  /** pages in the document: more than `pagecount` when only the first ones are shown */
  totalpages: z.number().int(),
  /** each page, in order (the courseware's slide shape: pageindex from 1, src) with its size in pixels */
  pages: z.array(z.object({ pageindex: z.number().int(), src: z.string(), width: z.number().int(), height: z.number().int() })),
  /** the file itself, to download; empty where the caller may not download it */
  download: z.string(),
});
