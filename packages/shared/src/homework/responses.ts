import { z } from 'zod';
import { contentFileAnswer, contentItemAnswer } from '../content/responses';

/**
 * What the homework calls answer (spec 2 §2 Homework routes, docs/api.md "Homework"): homework,
 * submissions, peer reviews and duplicate checking (issue 10). The server serialises with these
 * schemas and checks its answers against them in tests; the web app takes its types from them.
 */

const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * spec 2 §4 homework states as the server numbers them: 0 not submitted, 1 submitted, 2 submitted
 * overtime, 3 returned for resubmission, 4 corrected with the score not published, 5 corrected with score.
 */
const workState = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** The homework's own settings (`getHomework` `settings`). */
export const homeworkSettingsAnswer = z.object({
  /** spec 2 §3: 1 personal, 2 group, 3 peer review */
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  fullscore: int,
  allowlate: flag,
  /** group homework: its grouping; 0 otherwise */
  groupsetid: int,
  dupcheck: flag,
  /** percent at or over which a submission is flagged */
  dupceiling: int,
  /** 1 also compared with the course's earlier homework */
  dupcoursewide: flag,
  /** reviewers per submission */
  reviewers: int,
  anonymous: flag,
  /** characters a review's comment needs at least */
  mincomment: int,
  /** 1 peer average, 2 the teacher's score overrides */
  scoremode: z.union([z.literal(1), z.literal(2)]),
  scorespublished: flag,
  /** what a submission is made of: 1 attachments only, 2 text only, 3 either */
  answertype: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** 1 VIP students may see classmates' work after their own (decisions 051, 054); 0 the teacher turned it off */
  classmateswork: flag,
});

/** A teacher's counts of where the submissions stand (owners: students, or groups). */
export const homeworkCountsAnswer = z.object({
  total: int,
  notsubmitted: int,
  /** submitted and not yet graded (overtime included) */
  submitted: int,
  overtime: int,
  returned: int,
  ungraded: int,
  graded: int,
  published: int,
  shared: int,
});

/**
 * A submission as its viewer may see it; a student gets `score` and `comment` only once published.
 * `/HomeworkApi/stuWorkSubmit`, `stuWorkDetail`.
 */
export const submissionAnswer = z.object({
  sid: int,
  uid: int,
  username: z.string(),
  stno: z.string(),
  /** group homework: the group; 0 otherwise */
  groupid: int,
  groupname: z.string(),
  state: workState,
  message: z.string(),
  /** the text answer (sanitised rich text, images with fresh signed addresses); '' when none */
  content: z.string(),
  /** always with signed addresses: the submitter's and the graders' */
  attachment: z.array(contentFileAnswer),
  /** epoch seconds */
  submittime: int,
  overtime: flag,
  version: int,
  returnreason: z.string(),
  /** null until graded (and, for a student, until published) */
  score: z.number().nullable(),
  comment: z.string(),
  scorepublished: flag,
  /** 0 never shared, 1 shared, 2 share cancelled */
  shared: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  sharereason: z.string(),
});

/**
 * `/HomeworkApi/getHomework`, `addHomework`, `editHomework`: the item with its body, files and
 * settings; for a teacher the counts, for a student their own submission and whether they may submit.
 */
export const homeworkAnswer = contentItemAnswer.extend({
  settings: homeworkSettingsAnswer,
  /** teachers and assistants */
  counts: homeworkCountsAnswer.optional(),
  /** students: 1 when they have a group in the homework's grouping (always 1 for other types) */
  ingroup: flag.optional(),
  /** students: their (or their group's) submission */
  mine: submissionAnswer.nullable().optional(),
  /** for a student, where their work stands (0 to 5 as in `submissionAnswer`); for a teacher, the item's raw state */
  state: int,
  /** students: the teacher reminded them and they have not submitted */
  called: flag.optional(),
  /** students: a submission is taken now */
  cansubmit: flag.optional(),
  /** students: the deadline has passed */
  late: flag.optional(),
});

/** `/HomeworkApi/stuWorkHistory`: every version of a submission, newest first. */
export const workHistoryAnswer = z.object({
  list: z.array(
    z.object({
      version: int,
      uid: int,
      username: z.string(),
      message: z.string(),
      /** the text answer of this version */
      content: z.string(),
      attachment: z.array(contentFileAnswer),
      /** epoch seconds */
      submittime: int,
      overtime: flag,
    }),
  ),
});

/** `/HomeworkApi/stuWorkShareList`: the shared submissions (a classmate's without score and comment). */
export const shareListAnswer = z.object({ list: z.array(submissionAnswer) });

/** A classmate as the VIP view shows them: a name and a face, never a student number. */
const classmateAnswer = z.object({ uid: int, username: z.string(), avatar: z.string() });

/**
 * A classmate's work as a VIP student sees it (decision 051): who handed it in, when, its text and
 * files. Never its score, comment, state, message to the teacher, student numbers or reviews.
 */
export const classmateWorkAnswer = z.object({
  sid: int,
  /** the student who handed it in (for a group, the member who did) */
  uid: int,
  username: z.string(),
  avatar: z.string(),
  /** group homework: the group and its members as recorded when handed in; 0, '' and [] otherwise */
  groupid: int,
  groupname: z.string(),
  members: z.array(classmateAnswer),
  /** the text answer (sanitised rich text); '' when none */
  content: z.string(),
  attachment: z.array(contentFileAnswer),
  /** epoch seconds */
  submittime: int,
  overtime: flag,
});

/** `/HomeworkApi/classmatesWork`: the classmates' work handed in, latest first. */
export const classmatesWorkAnswer = z.object({ total: int, list: z.array(classmateWorkAnswer) });

/** A student (or a group) expected to submit, with their submission if any. */
export const ownerRowAnswer = z.object({
  /** `u:<uid>` or `g:<groupid>` */
  owner: z.string(),
  name: z.string(),
  members: z.array(z.object({ uid: int, username: z.string(), stno: z.string() })),
  state: workState,
  /** 1 reminded and still not submitted */
  called: flag,
  submission: submissionAnswer.nullable(),
});

/**
 * `/HomeworkApi/stuUserList`: a filtered page of students (or groups), and `sids`, the submissions of
 * the whole filtered list (every page) in its order, so that the grading page steps to the previous
 * and next one of the list the teacher came from.
 */
export const ownerPageAnswer = z.object({ total: int, page: int, list: z.array(ownerRowAnswer), sids: z.array(int) });

/** `/HomeworkApi/correct`: how many were graded, the rounded score, and whether it reached the students. */
export const gradeAnswer = z.object({ count: int, score: z.number(), published: flag });

/** `/HomeworkApi/repulse`, `publishScore`, `call`: how many submissions (or students) it touched. */
export const homeworkCountAnswer = z.object({ count: int });

/** `/HomeworkApi/share` */
export const shareAnswer = z.object({ sid: int, shared: z.literal(1) });

/** `/HomeworkApi/cancelShare` */
export const cancelShareAnswer = z.object({ sid: int, shared: z.literal(2) });

/** `/HomeworkApi/recheckRules`: what is checked and how many views the caller has left. */
export const recheckRulesAnswer = z.object({
  /** file extensions whose text is read: txt, md, docx, pdf */
  formats: z.array(z.string()),
  /** percent at or over which a submission is flagged */
  ceiling: int,
  /** 1 also compared with the course's earlier homework */
  coursewide: flag,
  /** VIP members view without limit (spec 2 §6) */
  vip: flag,
  /** views of a homework's report, and of one document's comparison */
  homeworkviews: int,
  documentviews: int,
  /** -1 unlimited */
  homeworkleft: int,
});

/** A submission in the report; `earlier` 1 when it belongs to an earlier homework of the course. */
export const dupPersonAnswer = z.object({ sid: int, uid: int, username: z.string(), earlier: flag });

/** `/HomeworkApi/rechecking`: the report; `done` 0 while the background check is still running. */
export const dupReportAnswer = z.object({
  /** 0: the homework does not check (then nothing else but empty lists) */
  enabled: flag,
  done: flag,
  /**
   * 1 the report is shown: this version was opened before by the caller (free again), a view was
   * taken now, the check is still running or the caller is VIP; 0 (asked with `open` 0) not yet
   * opened: the lists are empty and `left` says the views left before one is taken
   */
  opened: flag,
  ceiling: int.optional(),
  /** views of the report left (after this one when it took one); -1 unlimited */
  left: int.optional(),
  list: z.array(
    dupPersonAnswer.extend({
      /** ok: text read; unsupported: no file of a readable format; failed: could not be read; pending: not read yet */
      format: z.enum(['ok', 'unsupported', 'failed', 'pending']),
      /** percent of this submission found in the most similar other one */
      highest: int,
      highestwith: dupPersonAnswer.nullable(),
      flagged: flag,
    }),
  ),
  /** the pairs at or over the ceiling */
  pairs: z.array(z.object({ a: dupPersonAnswer, b: dupPersonAnswer, similarity: int, ainb: int, bina: int })),
});

const repeatSide = z.object({ sid: int, username: z.string(), text: z.string() });
const range = z.tuple([int, int]);

/** `/HomeworkApi/repeat`: two submissions side by side with the passages they share. */
export const repeatAnswer = z.object({
  /** views of this document left (after this one when it took one); -1 unlimited */
  left: int,
  /** 1 the texts and passages are shown; 0 (asked with `open` 0) not yet opened: texts empty, no passages */
  opened: flag,
  similarity: int,
  a: repeatSide,
  b: repeatSide,
  /** [start, end) character ranges into each side's text */
  passages: z.array(z.object({ a: range, b: range })),
});

/** `/HomeworkApi/assignReviews`: how many reviews were assigned now. */
export const assignReviewsAnswer = z.object({ added: int });

/** `/HomeworkApi/myReviews`: the submissions a student is to review; no author when anonymous. */
export const myReviewsAnswer = z.object({
  anonymous: flag,
  mincomment: int,
  fullscore: int,
  list: z.array(
    z.object({
      rid: int,
      sid: int,
      uid: int.optional(),
      username: z.string().optional(),
      message: z.string(),
      /** the text answer under review */
      content: z.string(),
      attachment: z.array(contentFileAnswer),
      reviewed: flag,
      score: z.number().nullable(),
      comment: z.string(),
      /** epoch seconds, 0 not yet */
      reviewtime: int,
    }),
  ),
});

/** `/HomeworkApi/submitReview` */
export const reviewSubmitAnswer = z.object({ rid: int, score: z.number(), reviewed: z.literal(1) });

/** `/HomeworkApi/overrideReview` */
export const reviewOverrideAnswer = z.object({ rid: int, score: z.number(), overridden: z.literal(1) });

/** `/HomeworkApi/reviewDetail`: the reviews of a submission; the reviewer only where the caller may know them. */
export const reviewDetailAnswer = z.object({
  sid: int,
  scoremode: z.union([z.literal(1), z.literal(2)]),
  /** one decimal; null while nobody has reviewed (and, for a student, until published) */
  peeraverage: z.number().nullable(),
  list: z.array(
    z.object({
      /** teachers only */
      rid: int.optional(),
      reviewerid: int.optional(),
      reviewer: z.string().optional(),
      score: z.number().nullable(),
      comment: z.string(),
      reviewed: flag,
      overridden: flag,
      reviewtime: int,
    }),
  ),
});
