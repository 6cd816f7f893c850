import { scoresCalls } from '@paiclass/shared';
import { call, callFile } from '../../lib/api';
import type { ScoreColumnForm } from './types';

export const scoresApi = {
  book: (courseid: number) => call(scoresCalls.getScoreBook, { courseid }),
  /** a teacher names the student; a student always gets their own */
  detail: (courseid: number, uid: number) => call(scoresCalls.scoreDetail, { courseid, uid }),
  /** answers the score book with the new weights and totals */
  setWeights: (courseid: number, weights: { key: string; weight: number }[]) =>
    call(scoresCalls.setWeights, { courseid, weights }),
  /** the teacher's own columns (issue 12) */
  addColumn: (courseid: number, form: ScoreColumnForm) => call(scoresCalls.addColumn, { courseid, ...form }),
  editColumn: (courseid: number, id: number, form: Partial<ScoreColumnForm>) =>
    call(scoresCalls.editColumn, { courseid, id, ...form }),
  deleteColumn: (courseid: number, id: number) => call(scoresCalls.deleteColumn, { courseid, id }),
  /** answers the score book with the new scores and totals; null clears a score */
  setColumnScores: (courseid: number, id: number, scores: { uid: number; score: number | null }[]) =>
    call(scoresCalls.setColumnScores, { courseid, id, scores }),
  /** an .xlsx of the course's own columns; nothing is written when any row is wrong */
  importScores: (courseid: number, file: File) => {
    const form = new FormData();
    form.append('courseid', String(courseid));
    form.append('file', file, file.name);
    return call(scoresCalls.importScores, form);
  },
};

/** `/ScoreApi/importTemplate`: the students and the course's own columns, to fill in. */
export const importTemplate = (courseid: number) => callFile(scoresCalls.importTemplate, { courseid }, 'score-import.xlsx');

export const scoreKeys = {
  all: (courseId: number) => ['scores', courseId] as const,
  book: (courseId: number) => ['scores', courseId, 'book'] as const,
  detail: (courseId: number, uid: number) => ['scores', courseId, 'detail', uid] as const,
};

/**
 * `/ScoreApi/exportScores`: the score book as .xlsx bytes (not an envelope). The call carries the
 * token header like every other; a refusal comes back as the usual envelope and throws its message.
 */
export const exportScores = (courseid: number) => callFile(scoresCalls.exportScores, { courseid }, 'scores.xlsx');

/** Hands a file made in the page to the browser's download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has its own copy once started
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
