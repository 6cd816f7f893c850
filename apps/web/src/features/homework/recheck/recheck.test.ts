import { describe, expect, it } from 'vitest';
import { recheckingPath, recheckRulesPath, repeatPath } from './paths';
import { barWidth, passageLength, passageSnippet, segments, similarityTone } from './utils';

const marked = (text: string, parts: ReturnType<typeof segments>) =>
  parts.filter((p) => p.covering.length).map((p) => text.slice(p.start, p.start + p.text.length));

describe('duplicate-check pages', () => {
  it('builds the teacher addresses of spec 2 §2', () => {
    expect(recheckingPath(4, 9)).toBe('/homework/rechecking?courseId=4&id=9&courseRole=1');
    expect(recheckRulesPath(4, 9)).toBe('/homework/recheckRules?courseId=4&id=9&courseRole=1');
    expect(repeatPath(4, 9, 31, 32)).toBe('/homework/repeat?courseId=4&id=9&sid=31&other=32&courseRole=1');
  });

  it('colours a similarity red at or over the ceiling, orange over half of it', () => {
    expect(similarityTone(40, 40)).toBe('high');
    expect(similarityTone(39, 40)).toBe('mid');
    expect(similarityTone(20, 40)).toBe('mid');
    expect(similarityTone(19, 40)).toBe('low');
    expect(barWidth(0)).toBe(0);
    expect(barWidth(1)).toBe(2);
    expect(barWidth(140)).toBe(100);
  });

  it('cuts a text into plain and marked stretches that rebuild it exactly', () => {
    const text = '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。';
    const parts = segments(
      text,
      [
        { a: [0, 5], b: [0, 0] },
        { a: [12, 17], b: [0, 0] },
      ],
      'a',
    );
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(marked(text, parts)).toEqual(['春眠不觉晓', '夜来风雨声']);
    expect(parts.find((p) => p.start === 12)?.starts).toEqual([1]);
  });

  it('marks overlapping passages once each stretch, knowing every passage that covers it', () => {
    const text = 'abcdefghij';
    const parts = segments(
      text,
      [
        { a: [0, 0], b: [1, 6] },
        { a: [0, 0], b: [4, 9] },
      ],
      'b',
    );
    expect(parts.map((p) => p.text)).toEqual(['a', 'bcd', 'ef', 'ghi', 'j']);
    expect(parts.map((p) => p.covering)).toEqual([[], [0], [0, 1], [1], []]);
    expect(parts.map((p) => p.starts)).toEqual([[], [0], [1], [], []]);
  });

  it('keeps ranges inside the text and ignores empty ones', () => {
    const parts = segments(
      'abc',
      [
        { a: [-5, 2], b: [0, 0] },
        { a: [2, 99], b: [0, 0] },
        { a: [1, 1], b: [0, 0] },
      ],
      'a',
    );
    expect(parts.map((p) => [p.text, p.covering])).toEqual([
      ['ab', [0]],
      ['c', [1]],
    ]);
    expect(segments('', [], 'a')).toEqual([]);
  });

  it('lists a passage by its first characters and its length', () => {
    expect(passageSnippet('前言\n\n  一二三四五六', [2, 12], 4)).toBe('一二三四…');
    expect(passageSnippet('abc', [0, 3])).toBe('abc');
    expect(passageLength([3, 10])).toBe(7);
  });
});
