import { describe, expect, it } from 'vitest';
import { GroupCommit, type Outcome } from './group-commit';

/** A writer that records each group it is given; `failGroups` makes every group's transaction fail. */
function writer({ failGroups = false } = {}) {
  const groups: number[][] = [];
  const alone: number[] = [];
  let release: () => void = () => {};
  const commit = new GroupCommit<number, string>(
    async (inputs) => {
      groups.push(inputs);
      if (failGroups) throw new Error('connection lost');
      return inputs.map(
        (n): Outcome<string> => (n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: `g${n}` }),
      );
    },
    async (n) => {
      alone.push(n);
      // the first call alone holds the writer until released, as a slow transaction would
      if (alone.length === 1) await new Promise<void>((done) => (release = done));
      if (n < 0) throw new Error(`refused ${n}`);
      return `a${n}`;
    },
    3,
  );
  return { commit, groups, alone, release: () => release() };
}

describe('group commit', () => {
  it('sends a call that finds nothing running at once, alone, and the calls that arrive meanwhile together, at most `max` a group', async () => {
    const w = writer();
    const first = w.commit.submit(1);
    const rest = [2, -3, 4, 5].map((n) => w.commit.submit(n).catch((e: Error) => e.message));
    expect(w.alone).toEqual([1]);
    w.release();
    expect(await first).toBe('a1');
    expect(await Promise.all(rest)).toEqual(['g2', 'refused -3', 'g4', 'a5']);
    // 2, -3 and 4 in one group; 5 left alone after it
    expect(w.groups).toEqual([[2, -3, 4]]);
    expect(w.alone).toEqual([1, 5]);
  });

  it('runs each call of a group whose transaction failed on its own, so one call never fails another', async () => {
    const w = writer({ failGroups: true });
    const first = w.commit.submit(1);
    const rest = [2, -3, 4].map((n) => w.commit.submit(n).catch((e: Error) => e.message));
    w.release();
    await first;
    expect(await Promise.all(rest)).toEqual(['a2', 'refused -3', 'a4']);
    expect(w.groups).toEqual([[2, -3, 4]]);
    expect(w.alone).toEqual([1, 2, -3, 4]);
  });
});
