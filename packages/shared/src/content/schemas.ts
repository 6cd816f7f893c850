import { z } from 'zod';
import { COMMENT_MAX, CONTENT_TITLE_MAX, DIRECTORY_TITLE_MAX, PAGE_SIZE } from '../constants';
import { INT_MAX, wireDesc, wireId, wireIntList, wireOptionalId, wirePage, wireSeconds, wireSortKey } from '../wire';
import { FOLDER_PAGE_SIZE } from './types';

/**
 * Inputs of the course content calls (spec 2 §7). Ketangpai clients send numbers as strings and
 * leave optional ones empty; messages are keys of `validationMessages`.
 */

const id = wireId();
/** An optional id where empty, missing, [] or "0" all mean none. */
const optionalId = wireOptionalId();
const flag = (fallback: 0 | 1) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? fallback : v), z.coerce.number().int().min(0).max(1));
/** Epoch seconds; empty or 0 means none. */
const seconds = wireSeconds();
/** A list of ids as an array or as "1,2,3". */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v === undefined || v === null ? [] : v),
  z.array(wireId()).max(100),
);
const title = z
  .string({ message: 'validation.contentTitleRequired' })
  .trim()
  .min(1, { message: 'validation.contentTitleRequired' })
  .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' });
const page = wirePage();

/** The content types this platform authors through `addContent` so far (spec 2 §3). */
export const AUTHORED_TYPES = [1, 2, 5, 7, 8, 9, 10] as const;

/** The largest page `getCourseContent` answers (Ketangpai clients ask for 200). */
export const CONTENT_LIST_MAX = 200;

export const contentListInput = z.object({
  courseid: id,
  /** ignored: what a caller sees follows their real role (clients also send it misspelt, `coruserole`) */
  courserole: z.unknown().optional(),
  /** the types asked for, each exactly: 2, "2", ["2","8"] or "2,8"; none (or 0) means every type */
  // a content type is a small number (spec 2 §4): a larger one is refused by name, never sent to the database
  contenttype: wireIntList(20, 32_767, 'validation.contentType').transform((types) => types.filter((t) => t > 0)),
  /** a directory of the course, or (when the id names a folder and no directory) that folder */
  dirid: optionalId,
  /** Ketangpai's name for the folder to open; a directory when the id names no folder */
  drid: optionalId,
  /** list one folder's children */
  folderid: optionalId,
  /** 1: every item of the asked types wherever it sits, folders left out, each naming its `folder` */
  flat: flag(0),
  sort: wireSortKey(),
  desc: wireDesc(),
  page,
  /** a page of the catalogue (20 by default) or of a folder (10 by default) */
  limit: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(CONTENT_LIST_MAX).optional(),
  ),
});
export type ContentListInput = z.infer<typeof contentListInput>;

export const contentInput = z.object({
  courseid: id,
  contenttype: z.coerce
    .number()
    .int()
    .max(INT_MAX)
    .refine((t) => (AUTHORED_TYPES as readonly number[]).includes(t), { message: 'validation.contentType' }),
  title,
  /** rich text (notices, topics, descriptions); sanitised on the server */
  content: z.string().max(200_000, { message: 'validation.richTextLength' }).optional().default(''),
  /** the caller's uploaded files to attach */
  fileids: idList,
  /** an external link (type 10) */
  link: z.string().trim().max(500, { message: 'validation.link' }).optional().default(''),
  /** whether students may download the files */
  downloadable: flag(1),
  folderid: optionalId,
  dirid: optionalId,
  /** 0 keep as a draft, 1 publish now, 2 publish at `publish_time` */
  publish: z.coerce.number().int().min(0).max(2).default(1),
  publish_time: seconds,
  /** epoch seconds; 0 means no end */
  endtime: seconds,
});
export type ContentInput = z.infer<typeof contentInput>;
export const contentEditInput = contentInput
  .omit({ contenttype: true, folderid: true, dirid: true, publish: true, publish_time: true, endtime: true })
  .extend({ id });

export const contentRef = z.object({ courseid: id, id });
export const contentQueryInput = z.object({ courseid: id, id, contenttype: optionalId });
export const folderInput = z.object({
  courseid: id,
  contenttype: z.coerce.number().int().min(1).max(INT_MAX),
  title,
  dirid: optionalId,
});
export const renameInput = contentRef.extend({ title });
export const moveToFolderInput = z.object({ courseid: id, ids: idList, folderid: optionalId });
export const directoryChangeInput = z.object({ courseid: id, ids: idList, dirid: optionalId });
export const publishInput = contentRef.extend({ publish_time: seconds });
export const endTimeInput = contentRef.extend({ endtime: seconds });
export const downloadInput = contentRef.extend({ downloadable: flag(1) });
export const folderPageInput = contentRef.extend({
  page,
  limit: z.coerce.number().int().min(1).max(FOLDER_PAGE_SIZE).default(FOLDER_PAGE_SIZE),
});

const directoryTitle = z
  .string({ message: 'validation.directoryTitle' })
  .trim()
  .min(1, { message: 'validation.directoryTitle' })
  .max(DIRECTORY_TITLE_MAX, { message: 'validation.directoryTitle' });
export const directoryInput = z.object({ courseid: id, title: directoryTitle });
export const directoryRenameInput = z.object({ courseid: id, id, title: directoryTitle });
export const directoryRef = z.object({ courseid: id, id });

export const topicSettingInput = z.object({ courseid: id, allowstudent: flag(1) });

/** `/Futurev2/Comment/*` (spec 2 §3 Comment: contentid, contenttype, page, limit, id). */
export const commentPageInput = z.object({
  contentid: id,
  contenttype: optionalId,
  page,
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
});
export const commentAddInput = z.object({
  contentid: id,
  contenttype: optionalId,
  content: z
    .string({ message: 'validation.commentRequired' })
    .trim()
    .min(1, { message: 'validation.commentRequired' })
    .max(COMMENT_MAX, { message: 'validation.commentLength' }),
  /** the comment replied to */
  replyid: optionalId,
});
export const commentLikeInput = z.object({ id });
export const commentDeleteInput = z.object({ id, courseid: optionalId });

/** To-dos (spec 2 §7): classid is the course filter, type the content type (0 all). */
export const todoListInput = z.object({
  classid: optionalId,
  type: optionalId,
  page,
  limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
});
export const todoIndexInput = z.object({ limit: z.coerce.number().int().min(1).max(10).default(3) });
export const todoMarkInput = z.object({
  classid: optionalId,
  contentid: id,
  contenttype: id,
  msgtype: z.coerce.number().int().min(1).max(2),
});

export const noticeRef = z.object({ id, courseid: optionalId });
