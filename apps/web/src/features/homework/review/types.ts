import type { myReviewsAnswer, reviewDetailAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import type { Homework, OwnerRow } from '../types';

/** Shapes of the peer-review calls (docs/api.md "Homework", spec 2 §3 homework fields), from the server's answer schemas. */

export type { HomeworkSettings, Submission } from '../types';

/** `getHomework`: the item, its settings, and the student's own submission. */
export type HomeworkInfo = Homework;

/** `myReviews`: the submissions a student is to review; no author when the homework is anonymous. */
export type MyReviews = z.output<typeof myReviewsAnswer>;
export type ReviewTask = MyReviews['list'][number];

/** `reviewDetail`: the reviews of a submission; the reviewer only where the caller may know them. */
export type ReviewDetail = z.output<typeof reviewDetailAnswer>;
export type ReceivedReview = ReviewDetail['list'][number];

/** A row of `stuUserList`: a student (or group) and their submission, if any. */
export type SubmissionRow = OwnerRow;

export interface ReviewBody {
  courseid: number;
  id: number;
  rid: number;
  score: number;
  comment: string;
}
