import { z } from 'zod';
import { CONTENT_TITLE_MAX, GRADE_MAX, HOMEWORK_ANSWER_INPUT_MAX } from '../constants';
import { EPOCH_SECONDS_MAX, wireId, wireOptionalId, wirePage, wireSeconds } from '../wire';

/**
 * Homework calls (spec 2 §2 Homework routes, §5 rules). Numbers may come as strings; messages are
 * keys of `validationMessages`.
 */
const id = wireId();
const optionalId = wireOptionalId();
const flag = (fallback: 0 | 1) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? fallback : v), z.coerce.number().int().min(0).max(1));
const seconds = wireSeconds();
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v === undefined || v === null ? [] : v),
  z.array(wireId()).max(500),
);

/** Homework types (spec 2 §3): personal, group, peer review. */
/** Socket command to the course's staff room when work is handed in: `{ courseid, homeworkid }` (issue 25: counts update live). */
export const HOMEWORK_SUBMITTED_CMD = 'HomeworkSubmitted';
/**
 * Socket command to a VIP student's own room when a classmate hands in work they may see
 * (`/HomeworkApi/classmatesWork`, decision 051): `{ courseid, homeworkid }`, nothing of the work itself.
 */
export const CLASSMATE_WORK_CMD = 'HomeworkClassmateWork';

export const HOMEWORK_TYPES = { personal: 1, group: 2, review: 3 } as const;

/**
 * What a submission is made of (issue 12, item 4; Ketangpai's homework takes a rich-text answer as
 * well as attachments): attachments only (spec 2 §5, the default and every homework made before),
 * a text answer only, or either (at least one of them).
 */
export const HOMEWORK_ANSWER_TYPES = { attachment: 1, text: 2, either: 3 } as const;
export type HomeworkAnswerType = (typeof HOMEWORK_ANSWER_TYPES)[keyof typeof HOMEWORK_ANSWER_TYPES];
export const takesAttachments = (answerType: number) => answerType !== HOMEWORK_ANSWER_TYPES.text;
export const takesText = (answerType: number) => answerType !== HOMEWORK_ANSWER_TYPES.attachment;

export const homeworkFields = {
  title: z
    .string({ message: 'validation.contentTitleRequired' })
    .trim()
    .min(1, { message: 'validation.contentTitleRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  /** the detail, rich text */
  content: z.string().max(200_000, { message: 'validation.richTextLength' }).optional().default(''),
  fileids: idList,
  type: z.coerce
    .number()
    .int()
    .min(1, { message: 'validation.homeworkType' })
    .max(3, { message: 'validation.homeworkType' })
    .default(1),
  fullscore: z.coerce
    .number({ message: 'validation.fullScore' })
    .int({ message: 'validation.fullScore' })
    .min(1, { message: 'validation.fullScore' })
    .max(GRADE_MAX, { message: 'validation.fullScore' })
    .default(100),
  /** the deadline, epoch seconds: required */
  endtime: z.coerce
    .number({ message: 'validation.deadlineRequired' })
    .int()
    .positive({ message: 'validation.deadlineRequired' })
    .max(EPOCH_SECONDS_MAX, { message: 'validation.invalid' }),
  allowlate: flag(0),
  groupsetid: optionalId,
  dupcheck: flag(0),
  dupceiling: z.coerce
    .number()
    .int()
    .min(1, { message: 'validation.percent' })
    .max(100, { message: 'validation.percent' })
    .default(40),
  dupcoursewide: flag(0),
  reviewers: z.coerce
    .number()
    .int()
    .min(1, { message: 'validation.reviewers' })
    .max(10, { message: 'validation.reviewers' })
    .default(3),
  anonymous: flag(1),
  mincomment: z.coerce
    .number()
    .int()
    .min(0, { message: 'validation.minComment' })
    .max(500, { message: 'validation.minComment' })
    .default(0),
  /** 1 peer average, 2 the teacher's score overrides */
  scoremode: z.coerce.number().int().min(1).max(2).default(1),
  /** 1 attachments only, 2 text only, 3 either (`HOMEWORK_ANSWER_TYPES`) */
  answertype: z.coerce
    .number({ message: 'validation.answerType' })
    .int({ message: 'validation.answerType' })
    .min(1, { message: 'validation.answerType' })
    .max(3, { message: 'validation.answerType' })
    .default(1),
  /**
   * the teacher's switch (decision 054): VIP students may see classmates' handed-in work after their own
   * (decision 051); 1 by default, as before the switch. Takes 0/1, "0"/"1" and booleans.
   */
  classmateswork: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 1 : v === true ? 1 : v === false ? 0 : v),
    z.coerce
      .number({ message: 'validation.classmatesWorkSwitch' })
      .int({ message: 'validation.classmatesWorkSwitch' })
      .min(0, { message: 'validation.classmatesWorkSwitch' })
      .max(1, { message: 'validation.classmatesWorkSwitch' }),
  ),
};

export const homeworkInput = z.object({
  courseid: id,
  ...homeworkFields,
  folderid: optionalId,
  dirid: optionalId,
  publish: z.coerce.number().int().min(0).max(2).default(1),
  publish_time: seconds,
});
export type HomeworkInput = z.infer<typeof homeworkInput>;
export const homeworkEditInput = z.object({ courseid: id, id, ...homeworkFields });

export const homeworkRef = z.object({ courseid: id, id });

/**
 * A submission's state as the answers give it (spec 2 §4 homework states): not submitted,
 * submitted, submitted late, returned, graded with the score not yet published, graded.
 */
export const SUBMISSION_STATES = {
  notSubmitted: 0,
  submitted: 1,
  late: 2,
  returned: 3,
  gradedUnpublished: 4,
  graded: 5,
} as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[keyof typeof SUBMISSION_STATES];

/** A submission row's stored status: handed in, returned for resubmission, graded. */
export const SUBMISSION_STATUS = { submitted: 1, returned: 2, graded: 3 } as const;

/** Submission filters of `/homework/stuUserList` and `/homework/filter` (spec 2 §4 homework states). */
export const SUBMISSION_FILTERS = {
  all: 0,
  notSubmitted: 1,
  submitted: 2,
  overtime: 3,
  returned: 4,
  correctedUnpublished: 5,
  corrected: 6,
  shared: 7,
  expedited: 8,
} as const;
export const submissionListInput = homeworkRef.extend({
  filter: z.coerce.number().int().min(0).max(8).default(0),
  page: wirePage(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const submitInput = homeworkRef.extend({
  fileids: idList,
  message: z.string().trim().max(1000, { message: 'validation.messageLength' }).optional().default(''),
  /**
   * the text answer, rich text (Ketangpai's field name `content`); sanitised with `RICH_TEXT_TAGS`
   * and held to `HOMEWORK_ANSWER_TEXT_MAX` characters by the server
   */
  content: z
    .preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ message: 'validation.answerTooLong' }))
    .pipe(z.string().max(HOMEWORK_ANSWER_INPUT_MAX, { message: 'validation.answerTooLong' })),
});

/** A grade is required: an empty field is not zero. */
const score = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ message: 'validation.gradeRequired' }).min(0, { message: 'validation.gradeRequired' }),
);
export const gradeInput = homeworkRef.extend({
  /** the submissions graded with this score (one, or a batch) */
  sids: idList,
  score,
  comment: z.string().trim().max(1000, { message: 'validation.commentLength' }).optional().default(''),
});
export const repulseInput = homeworkRef.extend({
  sids: idList,
  reason: z
    .string({ message: 'validation.returnReason' })
    .trim()
    .min(1, { message: 'validation.returnReason' })
    .max(200, { message: 'validation.returnReason' }),
});
export const shareInput = homeworkRef.extend({
  sid: id,
  reason: z
    .string({ message: 'validation.shareReason' })
    .trim()
    .min(1, { message: 'validation.shareReason' })
    .max(200, { message: 'validation.shareReason' }),
});
export const submissionRef = homeworkRef.extend({ sid: id });
export const callInput = homeworkRef.extend({ uids: idList });
export const historyInput = homeworkRef.extend({ sid: optionalId });

/**
 * Duplicate-check report and comparison: `open` 1 (the default) opens it, taking a view the first time
 * the caller opens that version; 0 only says whether it is open and how many views are left.
 */
export const recheckingInput = homeworkRef.extend({ open: flag(1) });
export const repeatInput = submissionRef.extend({ other: id, open: flag(1) });

/** Peer review (homework type 3). */
export const reviewInput = homeworkRef.extend({
  rid: id,
  score: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ message: 'validation.gradeRequired' }).min(0, { message: 'validation.gradeRequired' }),
  ),
  comment: z.string().trim().max(1000, { message: 'validation.commentLength' }).optional().default(''),
});
export const reviewDetailInput = homeworkRef.extend({ sid: optionalId });

/** The course score book. */
export const weightsInput = z.object({
  courseid: id,
  weights: z
    .array(
      z.object({
        id,
        weight: z.coerce.number().int().min(0, { message: 'validation.weight' }).max(100, { message: 'validation.weight' }),
      }),
    )
    .max(500),
});
export const scoreDetailInput = z.object({ courseid: id, uid: optionalId });
