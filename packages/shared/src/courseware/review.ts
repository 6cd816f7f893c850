import { z } from 'zod';
import { INT_MAX } from '../wire';
import { COURSEWARE_FILE_KINDS } from './constants';
import { pageCommentThread, SLIDE_STATES } from './responses';

/**
 * The courseware's class review and use statistics (issue 15, decision 025): `/CoursewareApi/reviewCourseWare`
 * (ours), `getCoursewareUseStatV2` and `getListsByFileType` (spec 2 §7, payloads not shown). Ids as
 * numbers or strings, `id` for `interactid`, unknown fields dropped, a refusal naming the field.
 */
const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
const isNone = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0';
/** an optional id: missing, empty or 0 mean none (0) */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce.number({ message }).int({ message }).min(0, { message }).max(INT_MAX, { message }),
  );
/** Ketangpai's pages name a courseware `id` as often as `interactid` */
const withIdAlias = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return { ...o, interactid: isNone(o.interactid) ? o.id : o.interactid };
};

/**
 * `/CoursewareApi/reviewCourseWare`: a courseware as it was shown in one class time. `interactid`
 * (or `id`) alone: the latest class it was shown in; `classtimeid` alone: the first courseware shown
 * in that class; at least one of them (else refused naming `interactid`). `courseid`, when sent,
 * must be the courseware's course.
 */
export const coursewareReviewInput = z.preprocess(
  withIdAlias,
  z.object({
    courseid: optionalId('validation.courseId'),
    classtimeid: optionalId('validation.classTimeId'),
    interactid: optionalId('validation.interactId'),
  }),
);
export type CoursewareReviewInput = z.infer<typeof coursewareReviewInput>;

/** `/CoursewareApi/getCoursewareUseStatV2`: one courseware (`interactid` or `id`). */
export const coursewareUseStatInput = z.preprocess(
  withIdAlias,
  z.object({
    interactid: z.coerce
      .number({ message: 'validation.interactId' })
      .int({ message: 'validation.interactId' })
      .positive({ message: 'validation.interactId' })
      .max(INT_MAX, { message: 'validation.interactId' }),
  }),
);

/**
 * `/CoursewareApi/getListsByFileType`: the course's courseware by file type. `filetype` ppt (with
 * pptx), pptx, pdf, any case, with or without its dot; missing, empty, 0 or "all": every type.
 */
export const coursewareFileTypeInput = z.object({
  courseid: z.coerce
    .number({ message: 'validation.courseId' })
    .int({ message: 'validation.courseId' })
    .positive({ message: 'validation.courseId' })
    .max(INT_MAX, { message: 'validation.courseId' }),
  filetype: z.preprocess(
    (v) => (isNone(v) ? 'all' : typeof v === 'string' ? v.trim().toLowerCase().replace(/^\./, '') : v),
    z
      .enum(['all', 'ppt', 'pptx', 'pdf'], { message: 'validation.coursewareFileType' })
      .transform((t) => (t === 'pptx' ? 'ppt' : t)),
  ),
});

/** A step of an interactive answer asked on a page in the class: the key and counts as the caller may see them. */
export const reviewStep = z.object({
  stepid: int,
  /** the interactive answer it belongs to */
  itemid: int,
  type: int,
  stem: z.string(),
  options: z.array(z.string()),
  /** epoch seconds it was asked */
  askedtime: int,
  revealed: flag,
  /** staff always; a student once revealed; else '' */
  key: z.string(),
  /** a student's own answer (null when none; staff null) */
  mine: z.unknown(),
  /** a student's own result once revealed: 1 right, 2 partly, 0 wrong, 3 waits for the teacher; else -1 */
  mycorrect: int,
  /** how many answered and were right: staff always, students once revealed, else 0 */
  answered: int,
  correct: int,
});
export type ReviewStep = z.infer<typeof reviewStep>;

/** One page shown in the class. */
export const reviewPage = z.object({
  pageindex: int,
  /** the page image, signed for the caller; '' when the document no longer has the page */
  url: z.string(),
  /** epoch seconds of each time the screen reached the page, in order */
  shown: z.array(int),
  /** the caller's own "don't understand" mark (students; staff 0) */
  doubted: flag,
  /** staff: students who marked the page; students: 0 (never another's marks) */
  doubts: int,
  /** comments on the page (threads and replies), and those written during the class */
  commentcount: int,
  classcomments: int,
  comments: z.array(pageCommentThread),
  steps: z.array(reviewStep),
});
export type ReviewPage = z.infer<typeof reviewPage>;

export const reviewClass = z.object({
  classtimeid: int,
  starttime: int,
  /** 0 while in progress */
  endtime: int,
  /** how many times the screen reached a page of this courseware in it */
  views: int,
});

export const coursewareReviewAnswer = z.object({
  courseid: int,
  interactid: int,
  title: z.string(),
  state: z.enum(SLIDE_STATES),
  total: int,
  /** 1 for the course's teacher and assistants */
  manage: flag,
  /** the class reviewed; 0 when the courseware was not shown in any class yet */
  classtimeid: int,
  starttime: int,
  endtime: int,
  /** the classes this courseware was shown in, newest first */
  classes: z.array(reviewClass),
  /** the courseware shown in the class reviewed, in the order first shown (those the caller may see) */
  coursewares: z.array(z.object({ interactid: int, title: z.string() })),
  /** every page reached, in order (a page shown again later is listed again) */
  views: z.array(z.object({ pageindex: int, showntime: int })),
  /** the pages shown, in the order first shown */
  pages: z.array(reviewPage),
});
export type CoursewareReview = z.infer<typeof coursewareReviewAnswer>;

/** `/CoursewareApi/getCoursewareUseStatV2`: how the course used one courseware (staff). */
export const coursewareUseStatAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  total: int,
  /** the course's students, those who opened it, those who finished it */
  members: int,
  opened: int,
  finished: int,
  /** learning time of all students, and per student who opened it, seconds */
  totalseconds: int,
  avgseconds: int,
  /** pages opened per student who opened it, to one decimal */
  avgpages: z.number(),
  /** per page: students who opened it, "don't understand" marks, comments */
  pages: z.array(z.object({ pageindex: int, readers: int, doubts: int, comments: int })),
  /** class times it was shown in */
  presented: int,
  classes: z.array(reviewClass.extend({ pages: int })),
});
export type CoursewareUseStat = z.infer<typeof coursewareUseStatAnswer>;

/** `/CoursewareApi/getListsByFileType`: the course's courseware grouped by file type (members). */
export const coursewareFileItem = z.object({
  id: int,
  title: z.string(),
  filename: z.string(),
  /** the document's own extension: ppt, pptx or pdf */
  ext: z.string(),
  size: int,
  state: z.enum(SLIDE_STATES),
  total: int,
  publishstate: int,
  createtime: int,
});
export const coursewareFileTypeAnswer = z.object({
  courseid: int,
  filetype: z.enum(['all', ...COURSEWARE_FILE_KINDS]),
  list: z.array(z.object({ filetype: z.enum(COURSEWARE_FILE_KINDS), count: int, items: z.array(coursewareFileItem) })),
});
export type CoursewareFileTypes = z.infer<typeof coursewareFileTypeAnswer>;

/**
 * What `Courseware.comment` carries to the course's staff room while the courseware is on the
 * classroom screen: the page, its comment count (with replies) and the new comment.
 */
export const coursewareCommentEvent = z.object({
  courseid: int,
  classtimeid: int,
  interactid: int,
  pageindex: int,
  comments: int,
  comment: z.object({ id: int, uid: int, username: z.string(), comment: z.string(), createtime: int, replyid: int }),
});
export type CoursewareCommentEvent = z.infer<typeof coursewareCommentEvent>;
