/**
 * Duplicate checking by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
 * document fingerprinting", 2003). Text is normalised and cut into tokens (Chinese by character,
 * other languages by word); every run of K tokens is hashed, and from every window of W hashes the
 * smallest is kept. Any match of at least K + W - 1 tokens is then guaranteed to share a
 * fingerprint, while a document keeps only about 2 / (W + 1) of its hashes.
 */

/** Tokens per k-gram and hashes per window. */
export const K = 8;
export const W = 6;

export interface Token {
  /** normalised text of the token */
  text: string;
  /** where it starts and ends in the original text */
  start: number;
  end: number;
}

/** CJK ideographs, kana and hangul: one token per character. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
const WORD = /[\p{L}\p{N}]/u;

/**
 * Splits text into tokens with their offsets: each CJK character is a token; a run of other
 * letters and digits is a word token, lower-cased. Punctuation and spaces separate and vanish, so
 * reformatting, punctuation changes and case changes do not hide a copy.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let word = -1;
  // offsets stay those of the original text; only each token's text is normalised (NFKC, lower case)
  const flush = (i: number) => {
    if (word >= 0) tokens.push({ text: text.slice(word, i).normalize('NFKC').toLowerCase(), start: word, end: i });
    word = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (CJK.test(ch)) {
      flush(i);
      tokens.push({ text: ch.normalize('NFKC'), start: i, end: i + 1 });
    } else if (WORD.test(ch)) {
      if (word < 0) word = i;
    } else {
      flush(i);
    }
  }
  flush(text.length);
  return tokens;
}

/** FNV-1a, 32 bits: fast, stable across runs and instances. */
function fnv1a(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A kept hash and the index of the first token of its k-gram. */
export type Fingerprint = [hash: number, token: number];

/** The winnowed fingerprints of a token list (rightmost minimum per window, each kept once). */
export function winnow(tokens: Token[], k = K, w = W): Fingerprint[] {
  const n = tokens.length - k + 1;
  if (n <= 0) return tokens.length > 0 ? [[fnv1a(tokens.map((t) => t.text).join('\u0001')), 0]] : [];
  const hashes = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let gram = tokens[i]!.text;
    for (let j = 1; j < k; j++) gram += `\u0001${tokens[i + j]!.text}`;
    hashes[i] = fnv1a(gram);
  }
  const out: Fingerprint[] = [];
  let last = -1;
  const windows = Math.max(1, n - w + 1);
  for (let start = 0; start < windows; start++) {
    let min = start;
    for (let i = start; i < Math.min(n, start + w); i++) if (hashes[i]! <= hashes[min]!) min = i;
    if (min !== last) {
      out.push([hashes[min]!, min]);
      last = min;
    }
  }
  return out;
}

export interface Document {
  id: number;
  fingerprints: Fingerprint[];
}

export interface PairScore {
  a: number;
  b: number;
  /** shared distinct hashes */
  shared: number;
  /** share of a's fingerprints found in b, and of b's in a, 0–1 */
  aInB: number;
  bInA: number;
}

const distinct = (d: Document) => new Set(d.fingerprints.map((f) => f[0]));

/**
 * Compares every document with every other through an inverted index from hash to documents, so
 * only pairs that share something are ever counted: near-linear for dissimilar documents, where a
 * naive all-pairs comparison is quadratic.
 */
export function comparePairs(docs: Document[], only?: ReadonlySet<number>): PairScore[] {
  const sets = new Map(docs.map((d) => [d.id, distinct(d)]));
  const index = new Map<number, number[]>();
  for (const [id, set] of sets) {
    for (const h of set) {
      const list = index.get(h);
      if (list) list.push(id);
      else index.set(h, [id]);
    }
  }
  const shared = new Map<string, number>();
  for (const ids of index.values()) {
    if (ids.length < 2) continue;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const [a, b] = ids[i]! < ids[j]! ? [ids[i]!, ids[j]!] : [ids[j]!, ids[i]!];
        if (only && !only.has(a) && !only.has(b)) continue;
        const key = `${a}:${b}`;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  return [...shared].map(([key, n]) => {
    const [a, b] = key.split(':').map(Number) as [number, number];
    return { a, b, shared: n, aInB: n / Math.max(1, sets.get(a)!.size), bInA: n / Math.max(1, sets.get(b)!.size) };
  });
}

/** The naive all-pairs comparison of the same fingerprints: the benchmark's baseline. */
export function comparePairsNaive(docs: Document[]): PairScore[] {
  const sets = docs.map((d) => ({ id: d.id, set: distinct(d) }));
  const out: PairScore[] = [];
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      let n = 0;
      for (const h of sets[i]!.set) if (sets[j]!.set.has(h)) n++;
      if (n > 0) {
        const [x, y] = sets[i]!.id < sets[j]!.id ? [sets[i]!, sets[j]!] : [sets[j]!, sets[i]!];
        out.push({ a: x.id, b: y.id, shared: n, aInB: n / Math.max(1, x.set.size), bInA: n / Math.max(1, y.set.size) });
      }
    }
  }
  return out;
}

/** A matching passage: character ranges in the two original texts. */
export interface Passage {
  a: [number, number];
  b: [number, number];
}

/**
 * The passages two texts share, for showing side by side: the k-grams of shared fingerprints,
 * extended token by token while the texts keep agreeing, merged where they touch.
 */
export function passages(textA: string, textB: string, k = K, w = W): Passage[] {
  const ta = tokenize(textA);
  const tb = tokenize(textB);
  const fb = new Map<number, number[]>();
  for (const [h, pos] of winnow(tb, k, w)) {
    const list = fb.get(h);
    if (list) list.push(pos);
    else fb.set(h, [pos]);
  }
  const runs: { a: [number, number]; b: [number, number] }[] = [];
  for (const [h, pa] of winnow(ta, k, w)) {
    for (const pb of fb.get(h) ?? []) {
      if (runs.some((r) => pa >= r.a[0] && pa < r.a[1] && pb - pa === r.b[0] - r.a[0])) continue;
      let s = 0;
      while (pa - s - 1 >= 0 && pb - s - 1 >= 0 && ta[pa - s - 1]!.text === tb[pb - s - 1]!.text) s++;
      let e = 0;
      while (pa + e < ta.length && pb + e < tb.length && ta[pa + e]!.text === tb[pb + e]!.text) e++;
      if (e >= Math.min(k, ta.length)) runs.push({ a: [pa - s, pa + e], b: [pb - s, pb + e] });
    }
  }
  runs.sort((x, y) => x.a[0] - y.a[0]);
  const merged: typeof runs = [];
  for (const r of runs) {
    const last = merged.at(-1);
    if (last && r.a[0] <= last.a[1] && r.b[0] - last.b[1] <= 1 && r.b[0] >= last.b[0]) {
      last.a[1] = Math.max(last.a[1], r.a[1]);
      last.b[1] = Math.max(last.b[1], r.b[1]);
    } else {
      merged.push({ a: [...r.a], b: [...r.b] });
    }
  }
  return merged.map((r) => ({ a: [ta[r.a[0]]!.start, ta[r.a[1] - 1]!.end], b: [tb[r.b[0]]!.start, tb[r.b[1] - 1]!.end] }));
}
