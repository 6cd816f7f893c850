import { z } from 'zod';

/**
 * What the courseware calls answer (issue 15, docs/api.md "Courseware"). Times are epoch seconds (0:
 * none); page image addresses are signed, bound to the caller and absolute.
 */
const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
export const SLIDE_STATES = ['waiting', 'converting', 'ready', 'failed'] as const;

/** a page image, with its size in pixels (0 when unknown) so that a page can keep its place before it loads */
export const slideAnswer = z.object({ pageindex: int, url: z.string(), width: int, height: int });
/** `/InteractPPTApi/listSlides`: the conversion state and, once ready, every page image. */
export const slidesAnswer = z.object({
  interactid: int,
  courseid: int,
  title: z.string(),
  state: z.enum(SLIDE_STATES),
  total: int,
  pages: z.array(slideAnswer),
});
export type SlidesAnswer = z.infer<typeof slidesAnswer>;

/** `/InteractPPTApi/getAllSlides`: every page with its comment count and whether the caller marked it. */
export const allSlidesAnswer = slidesAnswer.extend({
  pages: z.array(slideAnswer.extend({ comments: int, doubted: flag })),
});

/** A student's own learning of a courseware. */
export const learningAnswer = z.object({
  /** learning time, seconds */
  seconds: int,
  /** the page they are on */
  pageindex: int,
  /** how many pages they opened */
  seen: int,
  finished: flag,
  finishtime: int,
});
export type LearningAnswer = z.infer<typeof learningAnswer>;

/** A page comment or reply, with who wrote it. */
export const pageCommentAnswer = z.object({
  id: int,
  pageindex: int,
  comment: z.string(),
  uid: int,
  username: z.string(),
  avatar: z.string(),
  /** 1 when the writer is a teacher or assistant of the course */
  isteacher: flag,
  createtime: int,
  /** the top-level comment a reply belongs to; 0 for a comment */
  replyid: int,
  reply_username: z.string(),
  candelete: flag,
});
export const pageCommentThread = pageCommentAnswer.extend({ replies: z.array(pageCommentAnswer) });
export type PageComment = z.infer<typeof pageCommentThread>;
export const pageCommentsAnswer = z.object({ total: int, list: z.array(pageCommentThread) });

/** One courseware in `/PrestudyTaskApi/preStudyList`. */
export const preStudyItem = z.object({
  id: int,
  courseid: int,
  title: z.string(),
  state: z.enum(SLIDE_STATES),
  total: int,
  /** 0 draft, 1 scheduled, 2 published, 3 ended (closed) */
  publishstate: int,
  createtime: int,
  /** the caller's own learning (a student); zeros for staff */
  learning: learningAnswer,
  /** staff: how many students learned it */
  learned: int,
});
export const preStudyListAnswer = z.object({ list: z.array(preStudyItem) });

/** `/PrestudyTaskApi/getPreStudyInfo`: everything a learner's page shows. */
export const preStudyInfoAnswer = slidesAnswer.extend({
  publishstate: int,
  /** 1 once the teacher closed the pre-study: pages and comments stay, learning no longer counts */
  closed: flag,
  downloadable: flag,
  /** 1 for a teacher or assistant */
  manage: flag,
  learning: learningAnswer,
  /** the pages the caller marked "don't understand" */
  doubts: z.array(int),
  /** comments per page, each with replies */
  comments: z.array(pageCommentThread),
  /** the class times it was shown on the classroom screen in (its class reviews, decision 025) */
  presented: int,
});
export type PreStudyInfo = z.infer<typeof preStudyInfoAnswer>;

export const doubtAnswer = z.object({ interactid: int, pageindex: int, state: flag, doubts: int });
export const deletedAnswer = z.object({ count: int });
export const downloadPptAnswer = z.object({ name: z.string(), url: z.string() });

/** `/PrestudyTaskManageApi/getStatinfoV2`: who learned, for how long. */
export const statStudent = z.object({
  uid: int,
  username: z.string(),
  stno: z.string(),
  seconds: int,
  seen: int,
  pageindex: int,
  finished: flag,
  finishtime: int,
});
export const statInfoAnswer = z.object({
  members: int,
  learned: int,
  finished: int,
  totalseconds: int,
  avgseconds: int,
  total: int,
  list: z.array(statStudent),
});
export type StatInfo = z.infer<typeof statInfoAnswer>;

/** `/PrestudyTaskManageApi/listSlides`: each page with its doubt and comment counts (the teacher's chart). */
export const manageSlidesAnswer = slidesAnswer.extend({
  pages: z.array(slideAnswer.extend({ doubts: int, comments: int })),
});
export type ManageSlides = z.infer<typeof manageSlidesAnswer>;

/** `/PrestudyTaskManageApi/getDoubtStudentListsV2`: who marked a page. */
export const doubtStudentsAnswer = z.object({
  pageindex: int,
  list: z.array(z.object({ uid: int, username: z.string(), stno: z.string(), createtime: int })),
});

/** `/PrestudyTaskApi/closePreStudy`: the pre-study closed (the item ended). */
export const closeAnswer = z.object({ interactid: int, closed: flag });
