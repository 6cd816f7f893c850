import { z } from 'zod';

/**
 * What the course content calls answer (spec 2 §3, docs/api.md "Course content"): the catalogue,
 * materials, announcements (type 7), topics with comments, directories and to-dos (issue 10). The
 * server serialises with these schemas and checks its answers against them in tests; the web app
 * takes its types from them.
 */

const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);

/** A stored file with its signed addresses, as a material's downloader and a submission's reader get it. */
export const contentFileAnswer = z.object({
  id: int,
  name: z.string(),
  /** bytes */
  size: z.number(),
  orgin_size: z.number(),
  mime: z.string(),
  md5: z.string(),
  url: z.string(),
  download: z.string(),
  /** video and audio only; empty otherwise */
  playurl: z.string(),
  /** office documents: 0 not converted, 1 converting, 2 converted (see `pdfurl`), 3 failed */
  pdfstate: int,
  pdfurl: z.string(),
});

/**
 * A file of a catalogue item; where the caller may not download it, the name and size with every
 * address empty (and no `md5`) and `candownload` 0 (spec 2 §6). `/FutureV2/Courseware/download`.
 */
export const attachmentAnswer = contentFileAnswer.extend({
  md5: z.string().optional(),
  /** the names other Ketangpai clients read the download address by */
  downloadurl: z.string(),
  download_url: z.string(),
  candownload: flag,
});

const place = z.object({ id: int, title: z.string() });

/** A catalogue item (item_type 1) or a folder (item_type 2) in the shape Ketangpai clients read. */
export const contentItemAnswer = z.object({
  id: int,
  courseid: int,
  /** spec 2 §3 content type: 2, 8 material, 9 MOOC video, 10 external link, 4 homework, 5 topic, 7 announcement, ... */
  contenttype: int,
  /** 1 an item, 2 a folder */
  item_type: int,
  title: z.string(),
  /** the title again, for Ketangpai clients that read `name` */
  name: z.string(),
  /** the content type; 3 on a folder */
  type: int,
  isfolder: flag,
  isdir: flag,
  /** folders: how many children the caller may see */
  filecount: int.optional(),
  /** the sanitised body with fresh image addresses (a single item's answers only) */
  content: z.string().optional(),
  link: z.string(),
  /** Ketangpai's raw status and state */
  status: int,
  state: int,
  /** the same normalised by the shared rule (spec 2 §4) */
  normalized: z.object({ status: int, state: int, read: z.boolean().optional() }),
  /** spec 2 §4 publish states: 0 unpublished (draft), 1 scheduled (not started), 2 published, 3 ended */
  publishState: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** epoch seconds, 0 none */
  publish_time: int,
  releasetime: int,
  createtime: int,
  endtime: int,
  /** 0 not started, 1 under way, 2 ended */
  timestate: int,
  /** 1 the caller has learned (opened, read, taken part in) it */
  mstatus: flag,
  /** 1 students may download its files */
  downloadable: flag,
  attachment: z.array(attachmentAnswer),
  folder: place.nullable(),
  directory: place.nullable(),
  author: z.object({ id: int, username: z.string() }).nullable(),
  /** teachers and assistants only: students who have / have not learned it */
  statistics: z.object({ completed: int, unlearned: int }).optional(),
  // the fields every Ketangpai item carries (spec 2 §3 "Course content item"; issue 25), each true for
  // every type: a type without the thing answers its "none" (0, '')
  /** homework: '1' when duplicate checking is on, else '0' (a string, as Ketangpai sends it) */
  checkrepeat: z.string(),
  /** homework with duplicate checking on: the similarity (percent) from which a pair is flagged; '0' otherwise */
  warmingcheckrate: z.string(),
  /** homework: the caller's score once published to them, '' none */
  grade: z.string(),
  /** homework: its full score; a test: its paper's total; 0 otherwise */
  fullscore: z.number(),
  /** the same as `fullscore` (Ketangpai's tests' name) */
  totalScore: z.number(),
  /** a test: 1 general, 2 exam; 0 otherwise */
  testpaperType: int,
  /** when it opens: a test's start (its publishing when none was set), other types their publishing; 0 none */
  begintime: int,
  start_time: int,
  /** when it closes: `endtime` again, by Ketangpai's other names */
  stop_time: int,
  end_time: int,
  /** homework: when the caller's score was given, once published to them; 0 none */
  scoringtime: int,
  /** the course's students */
  fullcount: int,
  /** last change, epoch seconds */
  updatetime: int,
});

/** One page of a folder's children (spec 2 §3: currentPage, pageSize 10, finished). */
export const folderChildrenAnswer = z.object({
  list: z.array(contentItemAnswer),
  total: int,
  currentPage: int,
  pageSize: int,
  finished: flag,
});

/** A catalogue row: a folder carries the first page of its children. `/FutureV2/CourseMeans/addFolder` */
export const catalogueItemAnswer = contentItemAnswer.extend({ children: folderChildrenAnswer.optional() });

/**
 * `/FutureV2/CourseMeans/getCourseContent`: a page of the catalogue (with `courserole`), or with
 * `folderid`, `drid` or `dirid` naming a folder, a page of that folder (with `finished`).
 */
export const contentPageAnswer = z.object({
  list: z.array(catalogueItemAnswer),
  total: int,
  page: int,
  limit: int,
  /** the catalogue: 1 the caller manages the course's content */
  courserole: flag.optional(),
  /** a folder's page: 1 on its last page */
  finished: flag.optional(),
});

/** `/FutureV2/CourseMeans/getContentDetail`: one item with its body. */
export const contentDetailAnswer = contentItemAnswer.extend({
  /** 1 the caller manages the course's content */
  courserole: flag,
  /** 0 once it has ended (no more comments) */
  allowcomment: flag,
});

/** `/FutureV2/Courseware/query`: a material's files. */
export const materialFilesAnswer = z.object({
  id: int,
  title: z.string(),
  contenttype: int,
  link: z.string(),
  downloadable: flag,
  attachment: z.array(attachmentAnswer),
});

/** `/FutureV2/CourseMeans/getStudyProgress`: which students have learned (or read) an item. */
export const studyProgressAnswer = z.object({
  id: int,
  title: z.string(),
  completed: int,
  unlearned: int,
  list: z.array(
    z.object({
      uid: int,
      username: z.string(),
      stno: z.string(),
      avatar: z.string(),
      /** 1 learned */
      state: flag,
      /** epoch seconds, 0 not yet */
      donetime: int,
    }),
  ),
});

/** `rename` of an item and `renameDirectory` */
export const contentRenameAnswer = z.object({ id: int, title: z.string() });

/** `moveToFolder`, `directoryChange`, `deleteContent`, `delComment`: how many rows it changed. */
export const contentCountAnswer = z.object({ count: int });

/** `/FutureV2/CourseMeans/setDownload` */
export const downloadSettingAnswer = z.object({ id: int, downloadable: flag });

/** A directory (chapter) with how many top-level items it holds. `/CourseApi/addDirectory` */
export const directoryAnswer = z.object({ id: int, title: z.string(), count: int });

/** `/CourseApi/getCourseDirectory` */
export const directoryListAnswer = z.object({ list: z.array(directoryAnswer) });

/** `/CourseApi/deleteDirectory` */
export const directoryDeleteAnswer = z.object({ id: int });

/** An unread announcement of the course-list dialog (spec 1 §3 Notice). */
export const unreadNoticeAnswer = z.object({
  id: int,
  title: z.string(),
  courseid: int,
  coursename: z.string(),
  /** epoch seconds */
  publishtime: int,
});

/** `/NoticeApi/unreadNotices` */
export const unreadNoticesAnswer = z.object({ list: z.array(unreadNoticeAnswer) });

/** `/NoticeApi/readNotice` */
export const noticeReadAnswer = z.object({ id: int, state: z.literal(1) });

/** `/MessageApi/getAgencyMsg`: what waits for the caller. */
export const agencyAnswer = z.object({
  /** open to-dos */
  todo: int,
  /** unread message notices */
  unread: int,
  /** unread announcements */
  notices: int,
});

/** `/Futurev2/Topic/getSetting` and `updateSetting`: whether students may start topics (spec 2 §6). */
export const topicSettingAnswer = z.object({ courseid: int, allowstudent: flag });

/** A reply to a comment (then `replyid` is the comment it hangs under). */
export const commentReplyAnswer = z.object({
  id: int,
  contentid: int,
  /** plain text */
  content: z.string(),
  uid: int,
  username: z.string(),
  avatar: z.string(),
  /** epoch seconds */
  createtime: int,
  likes: int,
  isliked: flag,
  /** 0 on a top-level comment */
  replyid: int,
  /** the person a reply answers; empty on a comment */
  reply_username: z.string(),
  /** 1 the caller may delete it: its author, or a teacher of the course */
  candelete: flag,
});

/** A top-level comment with its replies, oldest first. `/Futurev2/Comment/addComment` */
export const commentAnswer = commentReplyAnswer.extend({ replies: z.array(commentReplyAnswer) });

/** `/Futurev2/Comment/getCommentPage`: top-level comments newest first. */
export const commentPageAnswer = z.object({ total: int, page: int, list: z.array(commentAnswer) });

/** `/Futurev2/Comment/like`: the like toggled. */
export const commentLikeAnswer = z.object({ id: int, isliked: flag, likes: int });

/** A to-do (spec 1 §3): msgtype 1 a student's own work, 2 a teacher's with `number` waiting. */
export const todoItemAnswer = z.object({
  /** the item's id, as `contentid` */
  id: int,
  courseid: int,
  classname: z.string(),
  coursename: z.string(),
  contentid: int,
  contenttype: int,
  msgtype: z.union([z.literal(1), z.literal(2)]),
  activitylabel: z.string(),
  contenttitle: z.string(),
  /** epoch seconds */
  starttime: int,
  /** epoch seconds, 0 none */
  endtime: int,
  number: int,
});

/** `/todoApi/getIndexList`: the home page's first to-dos. */
export const todoIndexAnswer = z.object({ total: int, list: z.array(todoItemAnswer) });

/** `/Futurev2/Todo/getTodoList`: a page, with the courses that have to-dos for the filter popup. */
export const todoPageAnswer = z.object({
  total: int,
  page: int,
  list: z.array(todoItemAnswer),
  courses: z.array(z.object({ id: int, coursename: z.string(), classname: z.string() })),
});

/** `/Futurev2/Todo/ignoreTodo` (action 1) and `tagFinishedTodo` (action 2) */
export const todoMarkAnswer = z.object({ contentid: int, msgtype: int, action: z.union([z.literal(1), z.literal(2)]) });
