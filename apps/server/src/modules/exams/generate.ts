import { createHash } from 'node:crypto';
import { OPTION_TYPES, QUESTION_TYPES } from '@paiclass/shared';

/**
 * Papers made from a frozen composition (decision 017): a pure function of the test, the student and
 * the attempt, so a paper prepared ahead of the start and one made at the start are the same, and two
 * instances make the same paper.
 */

/** A generator of numbers in [0, 1) from a seed (sfc32 over the seed's SHA-256): the same seed, the same numbers. */
export function seededRandom(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher-Yates). */
export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface DrawSlots<T> {
  count: number;
  /** in the order they are to be tried */
  candidates: T[];
}

/**
 * Fills every draw's slots with different questions (`keyOf` says which are the same question: one
 * may fit two draws), by augmenting paths: a slot takes the first free candidate in its order, or
 * one freed by moving another slot to another candidate. Finds a complete paper whenever one exists,
 * whatever the order; otherwise names the first draw (from 0) that cannot be filled and how many of
 * its slots could be.
 */
export function fillDraws<T>(
  draws: DrawSlots<T>[],
  keyOf: (candidate: T) => number,
): { ok: true; chosen: T[][] } | { ok: false; draw: number; have: number } {
  const holder = new Map<number, { draw: number; slot: number }>();
  const taken: (T | undefined)[][] = draws.map((d) => new Array<T | undefined>(d.count).fill(undefined));
  const tryPlace = (draw: number, slot: number, seen: Set<number>): boolean => {
    for (const candidate of draws[draw]!.candidates) {
      const key = keyOf(candidate);
      if (seen.has(key)) continue;
      seen.add(key);
      const held = holder.get(key);
      if (!held || tryPlace(held.draw, held.slot, seen)) {
        holder.set(key, { draw, slot });
        taken[draw]![slot] = candidate;
        return true;
      }
    }
    return false;
  };
  for (let draw = 0; draw < draws.length; draw++) {
    for (let slot = 0; slot < draws[draw]!.count; slot++) {
      // a free candidate first: most slots never need a search
      const free = draws[draw]!.candidates.find((c) => !holder.has(keyOf(c)));
      if (free !== undefined) {
        holder.set(keyOf(free), { draw, slot });
        taken[draw]![slot] = free;
        continue;
      }
      if (!tryPlace(draw, slot, new Set())) return { ok: false, draw, have: slot };
    }
  }
  return { ok: true, chosen: taken.map((slots) => slots as T[]) };
}

export interface PaperSource {
  id: number;
  questionId: number | null;
  draw: number;
  sort: number;
  type: number;
  options: string[];
}

export interface GeneratedPaper {
  itemIds: number[];
  /** item id → option keys in this student's order (only when options are shuffled) */
  optionOrder: Record<string, string[]>;
}

/**
 * One student's paper from the frozen items: the fixed questions in their order, then each draw's
 * questions; shuffled within the sections that paragraph notes mark when asked, options shuffled
 * when asked. `counts` are the draws' counts, in draw order.
 */
export function generatePaper<T extends PaperSource>(
  items: readonly T[],
  counts: readonly number[],
  settings: { shuffleQuestions: boolean; shuffleOptions: boolean },
  seed: string,
): GeneratedPaper {
  const random = seededRandom(seed);
  const fixed = items.filter((i) => i.draw === 0).sort((a, b) => a.sort - b.sort);
  const draws = counts.map((count, n) => ({
    count,
    candidates: shuffled(
      items.filter((i) => i.draw === n + 1),
      random,
    ),
  }));
  const filled = fillDraws(draws, (i) => i.questionId ?? -i.id);
  // publishing checked that every draw can be filled: a failure here is a broken paper, not bad input
  if (!filled.ok) throw new Error(`paper cannot be drawn: draw ${filled.draw + 1}`);
  let order = [...fixed, ...filled.chosen.flat()];
  if (settings.shuffleQuestions) {
    // a paragraph note heads its section: questions move only within their section
    const sections: T[][] = [[]];
    for (const item of order) {
      if (item.type === QUESTION_TYPES.note) sections.push([item], []);
      else sections[sections.length - 1]!.push(item);
    }
    order = sections.flatMap((s) => (s.length === 1 && s[0]!.type === QUESTION_TYPES.note ? s : shuffled(s, random)));
  }
  const optionOrder: Record<string, string[]> = {};
  if (settings.shuffleOptions) {
    for (const item of order) {
      if (!OPTION_TYPES.includes(item.type)) continue;
      optionOrder[String(item.id)] = shuffled(
        item.options.map((_, i) => String.fromCharCode(65 + i)),
        random,
      );
    }
  }
  return { itemIds: order.map((i) => i.id), optionOrder };
}
