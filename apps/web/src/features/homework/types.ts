import type {
  attachmentAnswer,
  classmateWorkAnswer,
  contentFileAnswer,
  homeworkAnswer,
  homeworkCountsAnswer,
  homeworkSettingsAnswer,
  ownerPageAnswer,
  submissionAnswer,
  workHistoryAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';

/** Shapes of the homework calls (docs/api.md "Homework", spec 2 §3, §4), from the server's answer schemas. */

/** The homework's own settings (`getHomework` `settings`). */
export type HomeworkSettings = z.output<typeof homeworkSettingsAnswer>;

/** spec 2 §3: 1 personal, 2 group, 3 peer review */
export type HomeworkType = HomeworkSettings['type'];

/** What a submission is made of: 1 attachments only (the spec's rule), 2 a written answer only, 3 either. */
export type AnswerType = HomeworkSettings['answertype'];

/** A teacher's counts of where the submissions stand (owners: students, or groups). */
export type HomeworkCounts = z.output<typeof homeworkCountsAnswer>;

/**
 * A file of a submission (always with its signed addresses: the submitter's and the graders'), or
 * of the homework itself (a catalogue attachment).
 */
export type WorkFile = z.output<typeof contentFileAnswer> | z.output<typeof attachmentAnswer>;

/** A submission as the server presents it; a student gets `score` and `comment` only once published. */
export type Submission = z.output<typeof submissionAnswer>;

/**
 * spec 2 §4 homework states as the server numbers them: 0 not submitted, 1 submitted, 2 submitted
 * overtime, 3 returned for resubmission, 4 corrected with the score not published, 5 corrected with score.
 */
export type WorkState = Submission['state'];

/** `getHomework`: the item with its body, files and settings; and for its reader, more. */
export type Homework = z.output<typeof homeworkAnswer>;

/** `stuUserList`: a page of students (or groups) with their submission, if any. */
export type OwnerPage = z.output<typeof ownerPageAnswer>;
export type OwnerRow = OwnerPage['list'][number];
export type Member = OwnerRow['members'][number];

/** `stuWorkHistory`: one version of a submission. */
export type WorkVersion = z.output<typeof workHistoryAnswer>['list'][number];

/** The homework fields of `addHomework` and `editHomework` (packages/shared homework schemas). */
export interface HomeworkFields {
  courseid: number;
  title: string;
  content: string;
  fileids: number[];
  type: HomeworkType;
  fullscore: number;
  endtime: number;
  allowlate: 0 | 1;
  groupsetid: number;
  dupcheck: 0 | 1;
  dupceiling: number;
  dupcoursewide: 0 | 1;
  reviewers: number;
  anonymous: 0 | 1;
  mincomment: number;
  scoremode: 1 | 2;
  answertype: AnswerType;
  /** VIP students may see classmates' work after their own (decision 054) */
  classmateswork: 0 | 1;
}

/** `addHomework`: the fields and when to publish: 0 draft, 1 now, 2 at `publish_time`. */
export interface HomeworkAddBody extends HomeworkFields {
  publish: 0 | 1 | 2;
  publish_time: number;
}

/** A classmate's work as the VIP view shows it (`classmatesWork`, decision 051): no grading, no student number. */
export type ClassmateWork = z.output<typeof classmateWorkAnswer>;
