import { api, apiFile } from '../../lib/api';
import type { ScoreBook, ScoreDetail } from './types';

export const scoresApi = {
  book: (courseid: number) => api<ScoreBook>('/ScoreApi/getScoreBook', { courseid }),
  /** a teacher names the student; a student always gets their own */
  detail: (courseid: number, uid: number) => api<ScoreDetail>('/ScoreApi/scoreDetail', { courseid, uid }),
  /** answers the score book with the new weights and totals */
  setWeights: (courseid: number, weights: { id: number; weight: number }[]) =>
    api<ScoreBook>('/ScoreApi/setWeights', { courseid, weights }),
};

export const scoreKeys = {
  all: (courseId: number) => ['scores', courseId] as const,
  book: (courseId: number) => ['scores', courseId, 'book'] as const,
  detail: (courseId: number, uid: number) => ['scores', courseId, 'detail', uid] as const,
};

/**
 * `/ScoreApi/exportScores`: the score book as .xlsx bytes (not an envelope). The call carries the
 * token header like every other; a refusal comes back as the usual envelope and throws its message.
 */
export const exportScores = (courseid: number) => apiFile('/ScoreApi/exportScores', { courseid }, 'scores.xlsx');

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
