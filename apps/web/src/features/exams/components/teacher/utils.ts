import { PUBLISH_STATES, QUESTION_TYPE_VALUES, SHOW_ANSWERS } from '@paiclass/shared';

/** The question types in the spec's order (spec 2 §3). */
export const TYPE_VALUES: readonly number[] = QUESTION_TYPE_VALUES;

/** A test's state for its teacher (spec 2 §4): draft, not started, in progress, ended. */
export type TeacherTestState = 'draft' | 'notStarted' | 'inProgress' | 'ended';

export function teacherTestState(
  test: { publishState: number; begintime: number; endtime: number },
  nowSeconds = Math.floor(Date.now() / 1000),
): TeacherTestState {
  if (test.publishState === PUBLISH_STATES.draft) return 'draft';
  if (test.publishState === PUBLISH_STATES.ended) return 'ended';
  if (test.endtime > 0 && test.endtime <= nowSeconds) return 'ended';
  if (test.publishState === PUBLISH_STATES.scheduled) return 'notStarted';
  if (test.begintime > nowSeconds) return 'notStarted';
  return 'inProgress';
}

/**
 * Whether saving these settings asks first (issue 24): answers shown right after hand-in, newly
 * chosen, for a test published and open now — a student handing in early would read every key while
 * classmates are still sitting it. The server takes the setting as chosen; the teacher is only told.
 */
export function asksBeforeShowingAnswers(
  test: { published: number; publishState: number; settings: { begintime: number; endtime: number; showanswer: number } },
  chosen: number,
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  if (chosen !== SHOW_ANSWERS.afterSubmit || test.settings.showanswer === SHOW_ANSWERS.afterSubmit) return false;
  const state = teacherTestState(
    { publishState: Number(test.publishState), begintime: test.settings.begintime, endtime: test.settings.endtime },
    nowSeconds,
  );
  return test.published === 1 && state === 'inProgress';
}

/** Text of a rich-text stem for a one-line summary. */
export const plainText = (html: string) =>
  html
    .replace(/<img[^>]*>/gi, ' ▣ ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** A score as typed: a number of 0-`max` with at most one decimal, or the message key of what is wrong. */
export function checkMark(text: string, max: number): { ok: true; score: number } | { ok: false; key: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, key: 'exams.teacher.review.scoreRequired' };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return { ok: false, key: 'exams.teacher.review.scoreInvalid' };
  if (value > max) return { ok: false, key: 'exams.teacher.review.scoreTooHigh' };
  return { ok: true, score: Math.round(value * 10) / 10 };
}

/** Knowledge points as typed: split on commas (either width) and new lines, trimmed, once each. */
export const splitPoints = (text: string) => [
  ...new Set(
    text
      .split(/[,，、\n]+/)
      .map((p) => p.trim())
      .filter(Boolean),
  ),
];

/** Question ids from the address, `questionids=1,2,3` (the questions /courseware/importFile just added). */
export const parseIds = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
