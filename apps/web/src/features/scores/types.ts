/** Shapes of the score-book calls (docs/api.md "Scores"). */

/** A scored item of the course: homework now (tests and attendance register here later). */
export interface ScoreColumn {
  id: number;
  title: string;
  contenttype: number;
  fullscore: number;
  /** 0–100; 0 leaves the item out of the total */
  weight: number;
}

export interface ScoreRow {
  uid: number;
  username: string;
  stno: string;
  /** by column id; null not graded (or, for a student, not published) */
  scores: Record<string, number | null>;
  /** weighted, out of 100; null when every weight is 0 */
  total: number | null;
}

/** `getScoreBook`: a teacher gets every student, a student their own row. */
export interface ScoreBook {
  columns: ScoreColumn[];
  rows: ScoreRow[];
}

/** `scoreDetail`: one student's items and total. */
export interface ScoreDetail {
  uid: number;
  username: string;
  stno: string;
  list: (ScoreColumn & { score: number | null })[];
  total: number | null;
}
