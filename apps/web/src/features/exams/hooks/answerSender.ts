import { SAVE_BATCH_MAX } from '@paiclass/shared';
import type { AnswerJournal, JournalEntry } from './answerJournal';

/** What the page shows about its answers: all saved, being saved, waiting for the network, refused. */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'failed';

/** The server's answer to a save of a batch (saveAnswer's `saved`, `refused`, and its clock). */
export interface SaveResult {
  saved: { subjectid: number; seq: number }[];
  refused: { subjectid: number; seq: number; message: string }[];
  remaining: number;
  servertime: number;
}

/** Why a save went wrong: the network (try again) or the server's refusal (its message). */
export type SaveFailure = { kind: 'network' } | { kind: 'refused'; code: number; message: string };

export interface SenderOptions {
  journal: AnswerJournal;
  /** sends a batch; throws a SaveFailure-like error (see `classify`) */
  send: (answers: JournalEntry[]) => Promise<SaveResult>;
  classify: (error: unknown) => SaveFailure;
  onStatus: (status: SaveStatus, failure?: SaveFailure) => void;
  onResult?: (result: SaveResult) => void;
  /** a refusal that ends taking the paper (handed in, closed, past the deadline): the page moves on */
  onFinal?: (failure: SaveFailure & { kind: 'refused' }) => void;
  isFinal?: (code: number) => boolean;
  /** the debounce before a save (ms) and its jitter, so that a class does not save in step */
  delay?: number;
  jitter?: number;
  /** waits between tries while the network is down */
  retryDelays?: number[];
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * Sends the journal's answers: a save a little after each change (debounced, jittered), one batch at
 * a time in sequence order; while the network is down it tries again now and then, and at once when
 * the page says the network is back. Nothing leaves the journal until the server has answered for it.
 */
export class AnswerSender {
  private timer: unknown = null;
  private inFlight = false;
  private again = false;
  private tries = 0;
  private stopped = false;
  status: SaveStatus = 'saved';

  constructor(private readonly o: SenderOptions) {
    if (o.journal.pendingCount > 0) this.status = 'saving';
  }

  private set(status: SaveStatus, failure?: SaveFailure) {
    this.status = status;
    this.o.onStatus(status, failure);
  }

  private schedule(ms: number) {
    const clear = this.o.clearTimer ?? ((h: unknown) => window.clearTimeout(h as number));
    const set = this.o.setTimer ?? ((fn: () => void, t: number) => window.setTimeout(fn, t));
    if (this.timer !== null) clear(this.timer);
    this.timer = set(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** An answer was written to the journal: save it soon. */
  changed() {
    if (this.stopped) return;
    if (this.status !== 'offline') this.set('saving');
    const random = this.o.random ?? Math.random;
    // while offline the retry timer is already set; a change does not hurry it
    if (this.status === 'offline') return;
    this.schedule((this.o.delay ?? 600) + Math.floor(random() * (this.o.jitter ?? 600)));
  }

  /** The network is back (the browser's `online`, the socket reconnected): send what waits now. */
  resume() {
    if (this.stopped) return;
    this.tries = 0;
    if (this.o.journal.pendingCount > 0) void this.flush();
  }

  /** Sends every waiting answer now, batch after batch; resolves when the journal is empty or a try failed. */
  async flush(): Promise<boolean> {
    if (this.stopped) return false;
    if (this.inFlight) {
      this.again = true;
      return false;
    }
    this.inFlight = true;
    try {
      for (;;) {
        const batch = this.o.journal.batch(SAVE_BATCH_MAX);
        if (batch.length === 0) {
          this.tries = 0;
          // answers the server refused stay named by the page (journal.refused); the rest is saved
          this.set('saved');
          return true;
        }
        this.set('saving');
        let result: SaveResult;
        try {
          result = await this.o.send(batch);
        } catch (error) {
          const failure = this.o.classify(error);
          if (failure.kind === 'network') {
            this.set('offline', failure);
            const delays = this.o.retryDelays ?? [2000, 4000, 8000, 15000];
            this.schedule(delays[Math.min(this.tries++, delays.length - 1)]!);
            return false;
          }
          if (this.o.isFinal?.(failure.code)) {
            this.stopped = true;
            this.set('failed', failure);
            this.o.onFinal?.(failure);
            return false;
          }
          // one answer the server cannot take refuses its whole batch: each is tried alone, so the
          // others are saved and only that one is set aside (named on the page with the server's words)
          if (batch.length > 1) {
            const ok = await this.sendOneByOne(batch);
            if (!ok) return false;
            continue;
          }
          this.o.journal.settle([], [{ subjectid: batch[0]!.subjectid, seq: batch[0]!.seq, message: failure.message }]);
          continue;
        }
        this.o.journal.settle(result.saved, result.refused);
        this.o.onResult?.(result);
        this.tries = 0;
        if (this.again) this.again = false;
      }
    } finally {
      this.inFlight = false;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.flush();
      }
    }
  }

  /** A hand-in that failed: saving goes on. */
  restart() {
    this.stopped = false;
    this.resume();
  }

  /** Each entry of a refused batch alone; false when the network went or a final refusal came. */
  private async sendOneByOne(batch: JournalEntry[]): Promise<boolean> {
    for (const entry of batch) {
      try {
        const result = await this.o.send([entry]);
        this.o.journal.settle(result.saved, result.refused);
        this.o.onResult?.(result);
      } catch (error) {
        const failure = this.o.classify(error);
        if (failure.kind === 'network') {
          this.set('offline', failure);
          const delays = this.o.retryDelays ?? [2000, 4000, 8000, 15000];
          this.schedule(delays[Math.min(this.tries++, delays.length - 1)]!);
          return false;
        }
        if (this.o.isFinal?.(failure.code)) {
          this.stopped = true;
          this.set('failed', failure);
          this.o.onFinal?.(failure);
          return false;
        }
        this.o.journal.settle([], [{ subjectid: entry.subjectid, seq: entry.seq, message: failure.message }]);
      }
    }
    return true;
  }

  /** Taking the paper ends (handing in): no more saves. */
  stop() {
    this.stopped = true;
    if (this.timer !== null) (this.o.clearTimer ?? ((h: unknown) => window.clearTimeout(h as number)))(this.timer);
    this.timer = null;
  }
}
