import { GRADE_MAX, homeworkInput, SUBMISSION_FILTERS, SUBMISSION_STATES } from '@paiclass/shared';
import { type FieldErrors, validate } from '../../lib/validation';
import type { AnswerType, HomeworkAddBody, HomeworkType, OwnerRow, Submission, WorkState } from './types';

/** The submission filters of `/homework/stuUserList` in the order the tabs show them (spec 2 §4). */
export const FILTERS = [
  SUBMISSION_FILTERS.all,
  SUBMISSION_FILTERS.notSubmitted,
  SUBMISSION_FILTERS.submitted,
  SUBMISSION_FILTERS.overtime,
  SUBMISSION_FILTERS.returned,
  SUBMISSION_FILTERS.correctedUnpublished,
  SUBMISSION_FILTERS.corrected,
  SUBMISSION_FILTERS.shared,
  SUBMISSION_FILTERS.expedited,
] as const;

/** A filter from the address: a whole number 0-8, else 0 (all). */
export function parseFilter(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 8 ? n : 0;
}

/** Submission ids from the address ("3,5,8"): positive whole numbers, each once. */
export function parseIds(raw: string | null): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    if (!/^\d+$/.test(part)) continue;
    const n = Number(part);
    if (n > 0 && Number.isSafeInteger(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

/** The antd-mobile tag colour of a homework state. */
export function stateColor(state: WorkState): 'default' | 'primary' | 'success' | 'warning' | 'danger' {
  switch (state) {
    case 1:
      return 'primary';
    case 2:
      return 'warning';
    case 3:
      return 'danger';
    case 4:
      return 'primary';
    case 5:
      return 'success';
    default:
      return 'default';
  }
}

/** A submission the teacher may grade: one that is in and not returned (graded ones may be graded again). */
export const gradable = (s: Pick<Submission, 'state'> | null | undefined) =>
  Boolean(s && s.state !== SUBMISSION_STATES.returned && s.state !== SUBMISSION_STATES.notSubmitted);
/** A submission the teacher may return: one that is in and not already returned. */
export const returnable = gradable;
/** A submission the teacher may share: the same. */
export const shareable = gradable;

/** The submissions among the rows (rows without one have nothing to grade or return). */
export const submissionsOf = (rows: OwnerRow[]) => rows.flatMap((r) => (r.submission ? [r.submission] : []));

/** The highest score a grader may give: the full score, never above 100 (spec 2 §5). */
export const maxScore = (fullscore: number) => Math.min(Number(fullscore) || GRADE_MAX, GRADE_MAX);

/**
 * Why a score may not be given (spec 2 §5: required, at most the full score and at most 100), as
 * a message key and its values, or null. At most one decimal, as the server keeps it.
 */
export function scoreProblem(raw: string, fullscore: number): { key: string; values?: Record<string, number> } | null {
  const text = raw.trim();
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return { key: 'validation.gradeRequired' };
  const full = maxScore(fullscore);
  if (Number(text) > full) return { key: 'validation.gradeOverFull', values: { full } };
  return null;
}

/**
 * A shared validation message with its `{name}` values filled in (the shared messages use single
 * braces, as the server fills them), so page and server say the same words.
 */
export function fillMessage(text: string, values: Record<string, string | number> = {}) {
  return Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{${name}}`, String(value)), text);
}

/** A score as people read it: 85, 92.5. */
export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '' : String(Math.round(Number(score) * 10) / 10);

/** The form's values as the page holds them (numbers as typed). */
export interface HomeworkFormValues {
  title: string;
  content: string;
  fileids: number[];
  type: HomeworkType;
  fullscore: string;
  /** epoch seconds, 0 none */
  endtime: number;
  allowlate: boolean;
  groupsetid: number;
  dupcheck: boolean;
  dupceiling: string;
  dupcoursewide: boolean;
  reviewers: string;
  anonymous: boolean;
  mincomment: string;
  scoremode: 1 | 2;
  /** 1 attachments only, 2 a written answer only, 3 either */
  answertype: AnswerType;
  /** VIP students may see classmates' work after their own (decision 054) */
  classmateswork: boolean;
  /** 0 draft, 1 now, 2 at `publish_time` (new homework only) */
  publish: 0 | 1 | 2;
  publish_time: number;
}

/**
 * Checks the homework form as the server will (packages/shared `homeworkInput`, spec 2 §5): a title,
 * a deadline in the future and after the publish time, a full score of 1-100, a grouping for group
 * homework, the peer review settings in range. `keptDeadline` is the saved deadline of a homework
 * being edited: left unchanged, it is not checked against the clock again.
 */
export function checkHomework(
  courseid: number,
  v: HomeworkFormValues,
  { now = Date.now() / 1000, editing = false, keptDeadline = 0 }: { now?: number; editing?: boolean; keptDeadline?: number } = {},
): { ok: true; body: HomeworkAddBody } | { ok: false; errors: FieldErrors } {
  const body = {
    courseid,
    title: v.title.trim(),
    content: v.content,
    fileids: v.fileids,
    type: v.type,
    fullscore: v.fullscore.trim(),
    endtime: v.endtime,
    allowlate: v.allowlate ? 1 : 0,
    groupsetid: v.type === 2 ? v.groupsetid : 0,
    dupcheck: v.dupcheck ? 1 : 0,
    dupceiling: v.dupceiling.trim(),
    dupcoursewide: v.dupcoursewide ? 1 : 0,
    reviewers: v.reviewers.trim(),
    anonymous: v.anonymous ? 1 : 0,
    mincomment: v.mincomment.trim(),
    scoremode: v.scoremode,
    answertype: v.answertype,
    classmateswork: v.classmateswork ? 1 : 0,
    publish: editing ? 1 : v.publish,
    publish_time: !editing && v.publish === 2 ? v.publish_time : 0,
  };
  const checked = validate(homeworkInput, body);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  // whole numbers only: "85.5" as a full score or "3.5" reviewers are refused as the server does
  const whole = (value: string) => /^\d+$/.test(value);
  if (!errors.fullscore && !whole(body.fullscore)) errors.fullscore = 'validation.fullScore';
  if (body.dupcheck && !errors.dupceiling && !whole(body.dupceiling)) errors.dupceiling = 'validation.percent';
  if (body.type === 3 && !errors.reviewers && !whole(body.reviewers)) errors.reviewers = 'validation.reviewers';
  if (body.type === 3 && !errors.mincomment && !whole(body.mincomment)) errors.mincomment = 'validation.minComment';
  // settings of other kinds are not sent as the user left them: only this kind's are checked
  if (body.type !== 3) {
    delete errors.reviewers;
    delete errors.mincomment;
  }
  if (!body.dupcheck) delete errors.dupceiling;
  if (body.type === 2 && !body.groupsetid) errors.groupsetid = 'validation.groupSetRequired';
  if (!editing && body.publish === 2) {
    if (!body.publish_time) errors.publish_time = 'homework.form.publishTimeRequired';
    else if (body.publish_time <= now) errors.publish_time = 'validation.timePast';
  }
  if (!body.endtime) errors.endtime = 'validation.deadlineRequired';
  else if (!(editing && body.endtime === keptDeadline) && body.endtime <= now) errors.endtime = 'validation.timePast';
  else if (!editing && body.publish === 2 && body.publish_time && body.endtime <= body.publish_time)
    errors.endtime = 'validation.endBeforePublish';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      ...body,
      fullscore: Number(body.fullscore),
      dupceiling: body.dupcheck ? Number(body.dupceiling) : 40,
      reviewers: body.type === 3 ? Number(body.reviewers) : 3,
      mincomment: body.type === 3 ? Number(body.mincomment) : 0,
      allowlate: body.allowlate as 0 | 1,
      dupcheck: body.dupcheck as 0 | 1,
      dupcoursewide: body.dupcoursewide as 0 | 1,
      anonymous: body.anonymous as 0 | 1,
      classmateswork: body.classmateswork as 0 | 1,
    },
  };
}

export type PreviewKind = 'image' | 'pdf' | 'text' | 'video' | 'audio' | 'none';

const TEXT_EXTENSIONS = [
  'txt',
  'md',
  'csv',
  'json',
  'log',
  'py',
  'js',
  'ts',
  'java',
  'c',
  'cpp',
  'h',
  'sql',
  'xml',
  'yml',
  'yaml',
];

/**
 * How a submitted file opens in the page: images, PDF and text inline, video and audio in their
 * players; anything else (office documents, archives) has no viewer here and is downloaded.
 */
export function previewKind(file: { mime?: string; name?: string }): PreviewKind {
  const mime = (file.mime ?? '').toLowerCase();
  const ext = (file.name ?? '').toLowerCase().split('.').pop() ?? '';
  if (/^image\/(png|jpeg|gif|webp|bmp)/.test(mime)) return 'image';
  if (mime.startsWith('application/pdf')) return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('text/') || (mime === 'application/octet-stream' && TEXT_EXTENSIONS.includes(ext))) return 'text';
  if (mime === 'application/json') return 'text';
  return 'none';
}

/** Text files larger than this are shown in part (the rest is in the download). */
export const TEXT_PREVIEW_BYTES = 256 * 1024;
