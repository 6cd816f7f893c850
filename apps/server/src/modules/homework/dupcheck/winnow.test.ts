import { describe, expect, it } from 'vitest';
import { essay, lightlyEdited } from './corpus';
import { comparePairs, comparePairsNaive, passages, tokenize, winnow } from './winnow';

const doc = (id: number, text: string) => ({ id, fingerprints: winnow(tokenize(text)) });
const highest = (pairs: ReturnType<typeof comparePairs>, id: number) =>
  Math.max(0, ...pairs.filter((p) => p.a === id || p.b === id).map((p) => (p.a === id ? p.aInB : p.bInA)));

describe('tokenize', () => {
  it('takes Chinese by character and other languages by word, with their offsets', () => {
    expect(tokenize('极限，Limit theory!').map((t) => [t.text, t.start, t.end])).toEqual([
      ['极', 0, 1],
      ['限', 1, 2],
      ['limit', 3, 8],
      ['theory', 9, 15],
    ]);
  });
  it('ignores punctuation, spacing, width and case', () => {
    const a = tokenize('函数的极限：ＡＢＣ  Def').map((t) => t.text);
    const b = tokenize('函数 的 极限 abc, def').map((t) => t.text);
    expect(a).toEqual(b);
  });
});

describe('duplicate checking among 50 originals and a planted copy', () => {
  const originals = Array.from({ length: 50 }, (_, i) => essay(i + 1, 3000));
  const copy = lightlyEdited(originals[17]!);
  const docs = [...originals.map((t, i) => doc(i + 1, t)), doc(51, copy)];
  const pairs = comparePairs(docs);

  it('finds the copy with light edits', () => {
    const pair = pairs.find((p) => p.a === 18 && p.b === 51);
    expect(pair).toBeDefined();
    expect(pair!.bInA).toBeGreaterThan(0.6);
    expect(highest(pairs, 51)).toBeGreaterThan(0.6);
  });

  it('flags nothing among the originals', () => {
    for (let id = 1; id <= 50; id++) if (id !== 18) expect(highest(pairs, id)).toBeLessThan(0.05);
  });

  it('agrees with the naive all-pairs comparison', () => {
    const key = (p: { a: number; b: number; shared: number }) => `${p.a}:${p.b}:${p.shared}`;
    expect(pairs.map(key).sort()).toEqual(comparePairsNaive(docs).map(key).sort());
  });

  it('shows the matching passages at their places in both texts', () => {
    const found = passages(originals[17]!, copy);
    expect(found.length).toBeGreaterThan(3);
    const covered = found.reduce((n, p) => n + p.a[1] - p.a[0], 0);
    expect(covered / originals[17]!.length).toBeGreaterThan(0.6);
    for (const p of found.slice(0, 10)) {
      const strip = (s: string) =>
        tokenize(s)
          .map((t) => t.text)
          .join('');
      expect(strip(copy.slice(p.b[0], p.b[1]))).toBe(strip(originals[17]!.slice(p.a[0], p.a[1])));
    }
    expect(passages(originals[0]!, originals[1]!)).toEqual([]);
  });
});
