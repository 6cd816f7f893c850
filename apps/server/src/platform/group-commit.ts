/** One call's part of a group: its own answer or its own refusal. */
export type Outcome<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

interface Waiting<In, Out> {
  input: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that each write a few small rows, gathered into one transaction (group commit): while a group
 * is being written, the calls that arrive wait, and go together in the next group. There is no timer:
 * a call that finds nothing running goes at once, alone. A storm of 1,000 saves then costs a few
 * transactions (one locking read, one multi-row write, one commit each) instead of 1,000.
 *
 * `group` writes a whole group in one transaction and answers each call's outcome in order: a call it
 * refuses (a bad entry, a paper already handed in) is refused alone, and must have added nothing to
 * what the group writes. When the group's transaction itself fails (a lost connection, a conflict),
 * each of its calls is run once more on its own through `single`, so one call never fails another.
 * At most `max` calls go in one group. Reads that arrive together gather the same way (a class's
 * check-ins read their admissions in one query): their `group` writes nothing.
 */
export class GroupCommit<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private running = false;

  constructor(
    private readonly group: (inputs: In[]) => Promise<Outcome<Out>[]>,
    private readonly single: (input: In) => Promise<Out>,
    private readonly max = 200,
  ) {}

  /** How many calls wait for the group being written. */
  get queued() {
    return this.waiting.length;
  }

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.waiting.length) {
        const calls = this.waiting.splice(0, this.max);
        await this.write(calls);
      }
    } finally {
      this.running = false;
    }
  }

  private async write(calls: Waiting<In, Out>[]) {
    let outcomes: Outcome<Out>[] | undefined;
    try {
      if (calls.length > 1) outcomes = await this.group(calls.map((c) => c.input));
    } catch {
      outcomes = undefined;
    }
    if (!outcomes) {
      // alone, or the group's transaction failed: each call on its own, side by side, as without grouping
      await Promise.all(
        calls.map((c) =>
          this.single(c.input).then(
            (value) => c.resolve(value),
            (error) => c.reject(error),
          ),
        ),
      );
      return;
    }
    calls.forEach((c, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) c.resolve(outcome.value);
      else c.reject(outcome.error);
    });
  }
}

/**
 * One group commit per database handle, made on its first use from the app's context: an app's calls gather
 * while its group is written, and apps on other databases (the tests' twin instances) keep their own.
 */
export function groupsPerDatabase<Ctx extends { db: object }, In, Out>(make: (ctx: Ctx) => GroupCommit<In, Out>) {
  const made = new WeakMap<object, GroupCommit<In, Out>>();
  return (ctx: Ctx) => {
    const groups = made.get(ctx.db) ?? make(ctx);
    made.set(ctx.db, groups);
    return groups;
  };
}
