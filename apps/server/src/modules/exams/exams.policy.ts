import {
  ANSWER_GRACE_SECONDS,
  ATTEMPT_STATUS,
  PUBLISH_STATES,
  SHOW_ANSWERS,
  TEST_STATES,
  type TestState,
} from '@paiclass/shared';
import { type ContentRole, managesContent } from '../content/content.policy';

/**
 * Test rules (spec 2 §4, §5; decision 017) as small pure functions over the caller's course role,
 * the test, the attempt and the server's clock. Nothing here reads the device's clock.
 */

/** A bank question as a random draw matches it: type, difficulty (0 any), knowledge point ('' any). */
export const fitsDraw = (
  q: { type: number; difficulty: number; points: string[] },
  d: { type: number; difficulty: number; point: string },
) => q.type === d.type && (!d.difficulty || q.difficulty === d.difficulty) && (!d.point || q.points.includes(d.point));

/** The course's teacher and assistants keep the bank, make papers and grade; students never see the bank. */
export const managesTests = (role: ContentRole) => managesContent(role);
/** Copying questions between banks (issue 14) needs the bank of both courses: teacher or assistant of each. */
export const copiesQuestions = (from: ContentRole, to: ContentRole) => managesTests(from) && managesTests(to);
/** Only students take tests. */
export const takesTests = (role: ContentRole) => role === 'student';

export interface TestTimes {
  publishState: number;
  /** the content's end time: the close */
  endAt: Date | null;
  beginAt: Date | null;
  endedAt: Date | null;
  timeLimit: number;
  offline: boolean;
}

const GRACE_MS = ANSWER_GRACE_SECONDS * 1000;

/** Closed: ended by hand, or its close time has passed. */
export const isClosed = (t: TestTimes, now = Date.now()) =>
  Boolean(t.endedAt) || t.publishState === PUBLISH_STATES.ended || Boolean(t.endAt && t.endAt.getTime() <= now);
export const hasBegun = (t: TestTimes, now = Date.now()) => !t.beginAt || t.beginAt.getTime() <= now;

/**
 * An attempt's deadline by the server's clock: the earliest of start + time limit + extra, close +
 * extra, and the moment the teacher ended the test (ending by hand gives no extra); null when none.
 */
export function deadlineOf(t: TestTimes, startedAt: Date, extraMinutes: number): Date | null {
  const extra = extraMinutes * 60_000;
  const limits: number[] = [];
  if (t.timeLimit > 0) limits.push(startedAt.getTime() + t.timeLimit * 60_000 + extra);
  if (t.endAt) limits.push(t.endAt.getTime() + extra);
  if (t.endedAt) limits.push(t.endedAt.getTime());
  return limits.length ? new Date(Math.min(...limits)) : null;
}

/** Until when journalled answers are taken on the device's word (decision 017): the deadline and the grace. */
export const graceEnd = (deadline: Date) => new Date(deadline.getTime() + GRACE_MS);

/** How an answer received now fares against the deadline: on time, late on the device's word, or refused. */
export function answerTiming(
  deadline: Date | null,
  startedAt: Date,
  elapsedMs: number,
  now = Date.now(),
): 'onTime' | 'late' | 'tooLate' {
  if (!deadline || now <= deadline.getTime()) return 'onTime';
  if (now > deadline.getTime() + GRACE_MS) return 'tooLate';
  // within the grace: only an answer the device timed before the deadline, and not in the future
  if (elapsedMs < 0) return 'tooLate';
  const claimed = startedAt.getTime() + elapsedMs;
  if (claimed > deadline.getTime() || elapsedMs > now - startedAt.getTime()) return 'tooLate';
  return 'late';
}

/** Past the deadline and the grace: the paper is handed in whatever arrives. */
export const pastGrace = (deadline: Date | null, now = Date.now()) => Boolean(deadline && now > deadline.getTime() + GRACE_MS);

export interface AnswerPolicy {
  showAnswers: number;
  attempts: number;
}

/**
 * Whether a student sees the keys, the analysis and which answers were right (decision 017): after
 * submitting only once no attempt is left or the test has closed (else a retake would know them),
 * after the close, or never.
 */
export function answersVisible(t: AnswerPolicy & TestTimes, attemptsUsed: number, handedIn: boolean, now = Date.now()) {
  if (t.showAnswers === SHOW_ANSWERS.never) return false;
  if (t.showAnswers === SHOW_ANSWERS.afterClose) return isClosed(t, now);
  return handedIn && (attemptsUsed >= t.attempts || isClosed(t, now));
}

/** Whether a handed-in attempt's score reaches its student: released or published, and nothing left to grade by hand. */
export const scoreReleased = (t: { releaseScores: boolean; scoresPublished: boolean }, pending: number) =>
  (t.scoresPublished || t.releaseScores) && pending === 0;

export interface AttemptLike {
  status: number;
  pending: number;
  deadlineAt: Date | null;
}

/**
 * A student's state in a test (spec 2 §4) from their latest attempt: offline test, in progress,
 * returned, pending correction, score unpublished, submitted; with none, ended once closed, else not
 * started. A paper past its deadline and grace counts as handed in even before the job has run.
 */
export function studentState(
  t: TestTimes & { releaseScores: boolean; scoresPublished: boolean },
  latest: AttemptLike | undefined,
  now = Date.now(),
): TestState {
  if (t.offline) return TEST_STATES.offline;
  if (!latest || latest.status === ATTEMPT_STATUS.prepared) return isClosed(t, now) ? TEST_STATES.ended : TEST_STATES.notStarted;
  if (latest.status === ATTEMPT_STATUS.inProgress && !pastGrace(latest.deadlineAt, now)) return TEST_STATES.inProgress;
  if (latest.status === ATTEMPT_STATUS.returned) return TEST_STATES.returned;
  if (latest.status === ATTEMPT_STATUS.inProgress) return TEST_STATES.scoreUnpublished;
  if (latest.pending > 0) return TEST_STATES.pendingCorrection;
  return scoreReleased(t, latest.pending) ? TEST_STATES.submitted : TEST_STATES.scoreUnpublished;
}
