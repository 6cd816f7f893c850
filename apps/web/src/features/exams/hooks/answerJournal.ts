/**
 * The answer journal of one attempt (issue 14, decision 017): every answer a student gives is written
 * here first, with a sequence number (per attempt, increasing) and `elapsed` (ms since the attempt's
 * start by the device's monotonic clock), and stays until the server says it took it or refused it.
 * After a network drop the entries still waiting are sent again, in sequence order; the server keeps
 * the highest sequence number per question, so a replay of the same entry changes nothing.
 *
 * Kept in localStorage under the attempt's id, so a reload or a closed tab loses nothing either.
 */

/** An answer as the calls take it: `1`/`0`, a key, keys, a number, the blanks' texts, text, file ids, or null (cleared). */
export type AnswerValue = string | number | string[] | number[] | null;

export interface JournalEntry {
  subjectid: number;
  answer: AnswerValue;
  seq: number;
  elapsed: number;
}

/** An entry the server refused (past the deadline): the page names these questions. */
export interface RefusedEntry {
  subjectid: number;
  seq: number;
  message: string;
}

interface Stored {
  /** the next sequence number to give */
  next: number;
  /** answers not yet acknowledged, in the order given */
  pending: JournalEntry[];
  /** the last answer of each question, acknowledged or not: "unchanged" is judged against it */
  last: Record<string, { seq: number; answer: AnswerValue }>;
  refused: RefusedEntry[];
}

/** The part of the Storage interface the journal uses (localStorage in the page, a map in tests). */
export interface JournalStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const journalKey = (attemptId: number) => `paiclass.exam.journal.${attemptId}`;

/** Two answers are the same when they say the same thing: `['A','C']` and `['A','C']`, `'1'` and `1`. */
export function sameAnswer(a: AnswerValue, b: AnswerValue): boolean {
  const norm = (v: AnswerValue): string => {
    if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) return '';
    if (Array.isArray(v)) return JSON.stringify(v.map(String));
    return JSON.stringify(String(v));
  };
  return norm(a) === norm(b);
}

/** Whether an answer says anything (a cleared answer counts as unanswered). */
export function isAnswered(v: AnswerValue | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.some((x) => String(x).trim() !== '');
  return true;
}

export class AnswerJournal {
  private state: Stored;

  constructor(
    readonly attemptId: number,
    private readonly storage: JournalStorage,
  ) {
    this.state = this.read();
  }

  private read(): Stored {
    const empty: Stored = { next: 1, pending: [], last: {}, refused: [] };
    try {
      const raw = this.storage.getItem(journalKey(this.attemptId));
      if (!raw) return empty;
      const parsed = JSON.parse(raw) as Partial<Stored>;
      return {
        next: Number(parsed.next) > 0 ? Number(parsed.next) : 1,
        pending: Array.isArray(parsed.pending) ? parsed.pending : [],
        last: parsed.last && typeof parsed.last === 'object' ? parsed.last : {},
        refused: Array.isArray(parsed.refused) ? parsed.refused : [],
      };
    } catch {
      return empty;
    }
  }

  private write() {
    try {
      this.storage.setItem(journalKey(this.attemptId), JSON.stringify(this.state));
    } catch {
      // storage full or refused (private mode): the journal still holds the answers in memory
    }
  }

  /**
   * What the server already holds (doSubjectList's `myanswer` and `myseq`): new sequence numbers
   * start above every one it has seen, so a new answer is never taken for an older one, even when
   * this device's storage was cleared. Answers still pending here stay: they are newer.
   */
  adopt(saved: { subjectid: number; answer: AnswerValue; seq: number }[]) {
    let top = this.state.next - 1;
    for (const s of saved) {
      top = Math.max(top, s.seq);
      const mine = this.state.last[s.subjectid];
      if (!mine || mine.seq < s.seq) this.state.last[s.subjectid] = { seq: s.seq, answer: s.answer };
    }
    for (const p of this.state.pending) top = Math.max(top, p.seq);
    this.state.next = top + 1;
    this.write();
  }

  /** The answer shown for a question: the newest given on this device or saved on the server. */
  current(subjectid: number): AnswerValue | undefined {
    return this.state.last[subjectid]?.answer;
  }

  /**
   * Writes an answer down. An answer equal to the question's last one is skipped (nothing to send):
   * answers false; else the new entry.
   */
  record(subjectid: number, answer: AnswerValue, elapsed: number): JournalEntry | false {
    const last = this.state.last[subjectid];
    if (last && sameAnswer(last.answer, answer)) return false;
    if (!last && !isAnswered(answer)) return false;
    const entry: JournalEntry = { subjectid, answer, seq: this.state.next++, elapsed: Math.max(0, Math.round(elapsed)) };
    this.state.pending.push(entry);
    this.state.last[subjectid] = { seq: entry.seq, answer };
    this.write();
    return entry;
  }

  /**
   * The entries to send, in sequence order: each question's newest only (the server keeps the
   * highest sequence number anyway), at most `max`.
   */
  batch(max = 200): JournalEntry[] {
    const newest = new Map<number, JournalEntry>();
    for (const e of this.state.pending) {
      const had = newest.get(e.subjectid);
      if (!had || had.seq < e.seq) newest.set(e.subjectid, e);
    }
    return [...newest.values()].sort((a, b) => a.seq - b.seq).slice(0, max);
  }

  get pendingCount() {
    return new Set(this.state.pending.map((e) => e.subjectid)).size;
  }

  get refused(): readonly RefusedEntry[] {
    return this.state.refused;
  }

  /**
   * The server's answer to a save: every entry of a question up to the sequence number it took (or
   * refused) is settled and leaves the journal; a newer one given meanwhile stays to be sent.
   */
  settle(saved: { subjectid: number; seq: number }[], refused: { subjectid: number; seq: number; message: string }[] = []) {
    const upTo = new Map<number, number>();
    for (const s of [...saved, ...refused]) upTo.set(s.subjectid, Math.max(upTo.get(s.subjectid) ?? 0, s.seq));
    this.state.pending = this.state.pending.filter((e) => e.seq > (upTo.get(e.subjectid) ?? 0));
    // a question saved later is no longer a refused one; a question refused again keeps its newest word
    const savedUpTo = new Map<number, number>();
    for (const x of saved) savedUpTo.set(x.subjectid, Math.max(savedUpTo.get(x.subjectid) ?? 0, x.seq));
    this.state.refused = this.state.refused.filter((x) => x.seq > (savedUpTo.get(x.subjectid) ?? 0));
    for (const r of refused) {
      this.state.refused = this.state.refused.filter((x) => x.subjectid !== r.subjectid);
      this.state.refused.push({ subjectid: r.subjectid, seq: r.seq, message: r.message });
    }
    this.write();
  }

  /** The paper is handed in: nothing more to send. */
  clear() {
    this.state = { next: this.state.next, pending: [], last: {}, refused: [] };
    try {
      this.storage.removeItem(journalKey(this.attemptId));
    } catch {
      // nothing kept to remove
    }
  }
}
