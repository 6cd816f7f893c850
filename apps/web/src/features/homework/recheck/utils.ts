import type { Passage } from './types';

/** How a similarity reads against the ceiling: at or over it is high (red), over half of it mid. */
export type Tone = 'high' | 'mid' | 'low';
export function similarityTone(percent: number, ceiling: number): Tone {
  if (percent >= ceiling) return 'high';
  if (percent >= ceiling / 2) return 'mid';
  return 'low';
}

/** A bar's width: the percent, kept within 0–100 and never invisible when above 0. */
export const barWidth = (percent: number) => (percent <= 0 ? 0 : Math.max(2, Math.min(100, percent)));

/** A stretch of one side's text, with the passages (by index) that cover it and the ones that start there. */
export interface Segment {
  text: string;
  start: number;
  covering: number[];
  starts: number[];
}

/**
 * Cuts a text at every passage boundary of one side, so each passage (even overlapping ones) can be
 * marked: the segments cover the whole text in order, each knowing which passages cover it.
 */
export function segments(text: string, passages: Passage[], side: 'a' | 'b'): Segment[] {
  const ranges = passages.map((p, i) => {
    const [s, e] = p[side];
    return { i, s: Math.max(0, Math.min(text.length, s)), e: Math.max(0, Math.min(text.length, e)) };
  });
  const cuts = new Set<number>([0, text.length]);
  for (const r of ranges) {
    if (r.e <= r.s) continue;
    cuts.add(r.s);
    cuts.add(r.e);
  }
  const points = [...cuts].sort((x, y) => x - y);
  const out: Segment[] = [];
  for (let k = 0; k < points.length - 1; k++) {
    const start = points[k]!;
    const end = points[k + 1]!;
    if (end <= start) continue;
    const covering = ranges.filter((r) => r.e > r.s && r.s <= start && r.e >= end).map((r) => r.i);
    const starts = ranges.filter((r) => r.e > r.s && r.s === start).map((r) => r.i);
    out.push({ text: text.slice(start, end), start, covering, starts });
  }
  return out;
}

/** The first characters of a passage, for the list of passages. */
export function passageSnippet(text: string, [s, e]: [number, number], max = 36) {
  const piece = text.slice(Math.max(0, s), Math.max(0, e)).replace(/\s+/g, ' ').trim();
  return [...piece].length > max ? `${[...piece].slice(0, max).join('')}…` : piece;
}

/** Characters in a passage on one side. */
export const passageLength = ([s, e]: [number, number]) => Math.max(0, e - s);
