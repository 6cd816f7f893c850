/** Shapes of the duplicate-check calls (docs/api.md "Homework", spec 2 §5, §6, §8). */

/** `recheckRules`: what is checked and how many views the caller has left. */
export interface RecheckRules {
  /** file extensions whose text is read: txt, md, docx, pdf */
  formats: string[];
  /** percent at or over which a submission is flagged */
  ceiling: number;
  /** 1 also compared with the course's earlier homework */
  coursewide: 0 | 1;
  /** VIP members view without limit (spec 2 §6) */
  vip: 0 | 1;
  /** views of a homework's report, and of one document's comparison */
  homeworkviews: number;
  documentviews: number;
  /** -1 unlimited */
  homeworkleft: number;
}

/** A submission in the report; `earlier` 1 when it belongs to an earlier homework of the course. */
export interface DupPerson {
  sid: number;
  uid: number;
  username: string;
  earlier: 0 | 1;
}

/** ok: text read; unsupported: no file of a readable format; failed: could not be read; pending: not read yet. */
export type DupFormat = 'ok' | 'unsupported' | 'failed' | 'pending';

export interface DupRow extends DupPerson {
  format: DupFormat;
  /** percent of this submission found in the most similar other one */
  highest: number;
  highestwith: DupPerson | null;
  flagged: 0 | 1;
}

export interface DupPair {
  a: DupPerson;
  b: DupPerson;
  similarity: number;
  ainb: number;
  bina: number;
}

/** `rechecking`: the report; `done` 0 while the background check is still running. */
export interface DupReport {
  enabled: 0 | 1;
  done: 0 | 1;
  ceiling?: number;
  /** views of the report left after this one; -1 unlimited */
  left?: number;
  list: DupRow[];
  /** the pairs at or over the ceiling */
  pairs: DupPair[];
}

/** A matching passage: [start, end) character ranges into each side's text. */
export interface Passage {
  a: [number, number];
  b: [number, number];
}

export interface RepeatSide {
  sid: number;
  username: string;
  text: string;
}

/** `repeat`: two submissions side by side with the passages they share. */
export interface RepeatResult {
  /** views of this document left; -1 unlimited */
  left: number;
  similarity: number;
  a: RepeatSide;
  b: RepeatSide;
  passages: Passage[];
}
