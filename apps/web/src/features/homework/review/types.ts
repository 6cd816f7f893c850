import type { UploadedFile } from '../../../lib/upload';

/** Shapes of the peer-review calls (docs/api.md "Homework", spec 2 §3 homework fields). */

/** The homework's settings as `getHomework` answers them. */
export interface HomeworkSettings {
  /** 1 personal, 2 group, 3 peer review */
  type: number;
  fullscore: number;
  allowlate: 0 | 1;
  dupcheck: 0 | 1;
  /** percent */
  dupceiling: number;
  dupcoursewide: 0 | 1;
  /** reviewers per submission */
  reviewers: number;
  anonymous: 0 | 1;
  /** characters a review's comment needs at least */
  mincomment: number;
  /** 1 peer average, 2 the teacher's own grade overrides it */
  scoremode: 1 | 2;
  scorespublished: 0 | 1;
}

/** A submission as the teacher (or, for their own, the student) sees it. */
export interface Submission {
  sid: number;
  uid: number;
  username: string;
  stno: string;
  groupname: string;
  /** spec 2 §4: 0 not submitted, 1 submitted, 2 overtime, 3 returned, 4 corrected (unpublished), 5 corrected */
  state: number;
  message: string;
  attachment: UploadedFile[];
  submittime: number;
  overtime: 0 | 1;
  /** null until graded (and, for a student, until published) */
  score: number | null;
  comment: string;
  scorepublished: 0 | 1;
}

/** `getHomework`: the item, its settings, and the student's own submission. */
export interface HomeworkInfo {
  id: number;
  title: string;
  /** epoch seconds, 0 none */
  endtime: number;
  publishState: number;
  settings: HomeworkSettings;
  /** students: their submission, or null */
  mine?: Submission | null;
}

/** One submission a student is to review (`myReviews`); no author when the homework is anonymous. */
export interface ReviewTask {
  rid: number;
  sid: number;
  uid?: number;
  username?: string;
  message: string;
  attachment: UploadedFile[];
  reviewed: 0 | 1;
  score: number | null;
  comment: string;
  reviewtime: number;
}

export interface MyReviews {
  anonymous: 0 | 1;
  mincomment: number;
  fullscore: number;
  list: ReviewTask[];
}

/** A review of a submission (`reviewDetail`); the reviewer only where the caller may know them. */
export interface ReceivedReview {
  /** teachers only */
  rid?: number;
  reviewerid?: number;
  reviewer?: string;
  score: number | null;
  comment: string;
  reviewed: 0 | 1;
  overridden: 0 | 1;
  reviewtime: number;
}

export interface ReviewDetail {
  sid: number;
  scoremode: 1 | 2;
  /** one decimal; null while nobody has reviewed */
  peeraverage: number | null;
  list: ReceivedReview[];
}

/** A row of `stuUserList`: a student (or group) and their submission, if any. */
export interface SubmissionRow {
  owner: string;
  name: string;
  state: number;
  submission: Submission | null;
}

export interface ReviewBody {
  courseid: number;
  id: number;
  rid: number;
  score: number;
  comment: string;
}
