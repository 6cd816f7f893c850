interface Runs {
  running: Promise<void>;
  /** the run that starts after `running`, shared by every call made meanwhile */
  queued?: Promise<void>;
}

/**
 * Work whose latest result is all that matters, such as "tell the staff how many have answered":
 * at most one run per key at a time, and every call made while one runs shares the single run queued
 * after it. That run starts after each of those calls was made, so it sees what their callers wrote
 * first; a burst of 2,000 callers costs a few runs, not 2,000.
 */
export class Coalescer {
  private readonly keys = new Map<string, Runs>();

  run(key: string, work: () => Promise<void>): Promise<void> {
    const runs = this.keys.get(key);
    if (runs?.queued) return runs.queued;
    if (!runs) {
      const fresh: Runs = { running: Promise.resolve() };
      this.keys.set(key, fresh);
      fresh.running = this.track(key, fresh, work());
      return fresh.running;
    }
    const queued = runs.running
      .catch(() => {}) // the earlier run's callers hear its failure; this run still happens
      .then(() => {
        runs.queued = undefined;
        runs.running = this.track(key, runs, work());
        return runs.running;
      });
    runs.queued = queued;
    return queued;
  }

  /** Forgets the key once its last run ends, whether it worked or not. */
  private track(key: string, runs: Runs, run: Promise<void>): Promise<void> {
    const tracked = run.finally(() => {
      if (runs.running === tracked && !runs.queued) this.keys.delete(key);
    });
    return tracked;
  }
}
