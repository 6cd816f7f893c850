import { SUBMISSION_STATES, SUBMISSION_STATUS } from '@paiclass/shared';
import type { ContentRole } from '../content/content.policy';
import { managesContent } from '../content/content.policy';

/**
 * Homework rules (spec 2 §4, §5): who grades, who submits, and when a submission is still taken.
 * Teachers and assistants grade; students submit, never grade.
 */
export const grades = (role: ContentRole) => managesContent(role);
export const submits = (role: ContentRole) => role === 'student';

export interface Deadline {
  endAt: Date | null;
  allowLate: boolean;
}

/**
 * Whether a submission is taken now: before the deadline always; after it only when the teacher
 * allows late work, or when the teacher returned the submission for resubmission.
 */
export function takesSubmission(hw: Deadline, returned: boolean, now = Date.now()) {
  return !hw.endAt || now <= hw.endAt.getTime() || hw.allowLate || returned;
}

/** A submission after the deadline is marked overtime (spec 2 §4). */
export const isOvertime = (hw: Deadline, now = Date.now()) => Boolean(hw.endAt && now > hw.endAt.getTime());

/** A graded submission is final unless the teacher returns it. */
export const mayResubmit = (status: number | undefined) => status !== SUBMISSION_STATUS.graded;

/**
 * The student-facing state of a submission (spec 2 §4 homework states):
 * 0 not submitted, 1 submitted, 2 submitted overtime, 3 returned, 4 corrected with the score not
 * published, 5 corrected with score.
 */
export function submissionState(s: { status: number; overtime: boolean; scorePublished: boolean } | undefined) {
  if (!s) return SUBMISSION_STATES.notSubmitted;
  if (s.status === SUBMISSION_STATUS.returned) return SUBMISSION_STATES.returned;
  if (s.status === SUBMISSION_STATUS.graded)
    return s.scorePublished ? SUBMISSION_STATES.graded : SUBMISSION_STATES.gradedUnpublished;
  return s.overtime ? SUBMISSION_STATES.late : SUBMISSION_STATES.submitted;
}

/** Who a refusal of the classmates' work view names (decision 051); `undefined` when it is shown. */
export type ClassmatesWorkRefusal = 'forbidden' | 'classmatesWorkClosed' | 'classmatesWorkOff' | 'vipRequired' | 'notSubmitted';

/**
 * Whether a caller sees classmates' work of a homework (decision 051, spec 2 §6 "VIP gives … live view
 * of classmates' submissions"): students only (the staff grade from the submissions list); never for
 * peer-reviewed homework, whose work classmates see through their assigned, possibly anonymous reviews;
 * never when the teacher turned the homework's switch off (decision 054);
 * a VIP membership in force at this moment; and the caller's own work handed in and not returned, so
 * that nothing is seen before one's own is in.
 */
export function classmatesWorkRefusal(v: {
  role: ContentRole;
  homeworkType: number;
  /** the teacher's switch (decision 054) */
  classmatesWork: boolean;
  vipLevel: number;
  ownStatus: number | undefined;
}): ClassmatesWorkRefusal | undefined {
  if (!submits(v.role)) return 'forbidden';
  if (v.homeworkType === 3) return 'classmatesWorkClosed';
  if (!v.classmatesWork) return 'classmatesWorkOff';
  if (v.vipLevel <= 0) return 'vipRequired';
  if (v.ownStatus === undefined || v.ownStatus === SUBMISSION_STATUS.returned) return 'notSubmitted';
  return undefined;
}
