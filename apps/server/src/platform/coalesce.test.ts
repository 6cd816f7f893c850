import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce';

/** A run that waits until released, and remembers how many writes it saw when it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('Coalescer', () => {
  it('runs once for the first call and once more for every call made while that run was going', async () => {
    const tally = new Coalescer();
    let writes = 0;
    const seen: number[] = [];
    const first = gate();
    const work = async () => {
      seen.push(writes);
      if (seen.length === 1) await first.opened;
    };
    writes++;
    const calls = [tally.run('step', work)];
    for (let i = 0; i < 99; i++) {
      writes++;
      calls.push(tally.run('step', work));
    }
    first.open();
    await Promise.all(calls);
    // two runs for 100 callers, and the last saw every write made before its callers called
    expect(seen).toEqual([1, 100]);
    // a call after the burst has ended starts a run of its own
    writes++;
    await tally.run('step', work);
    expect(seen).toEqual([1, 100, 101]);
  });

  it('keeps keys apart', async () => {
    const tally = new Coalescer();
    const ran: string[] = [];
    await Promise.all(['a', 'b', 'a', 'b'].map((key) => tally.run(key, async () => void ran.push(key))));
    expect(ran.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('tells a failure to the callers of the run that failed, and still runs the queued one', async () => {
    const tally = new Coalescer();
    const first = gate();
    let runs = 0;
    const work = async () => {
      runs++;
      if (runs === 1) {
        await first.opened;
        throw new Error('bus down');
      }
    };
    const failing = tally.run('step', work);
    const queued = tally.run('step', work);
    first.open();
    await expect(failing).rejects.toThrow('bus down');
    await expect(queued).resolves.toBeUndefined();
    expect(runs).toBe(2);
  });
});
