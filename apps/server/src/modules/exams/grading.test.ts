import { describe, expect, it } from 'vitest';
import { fillDraws, generatePaper } from './generate';
import { gradeAnswer, gradePaper, normalizeAnswer } from './grading';

const q = (type: number, answer: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type,
  options: ['甲', '乙', '丙', '丁'],
  answer,
  spec: {},
  score: 4,
  ...extra,
});

describe('answers as kept for each type', () => {
  it.each([
    [1, true, '1'],
    [1, 'false', '0'],
    [1, '对', '1'],
    [1, 'maybe', undefined],
    [2, 'b', 'B'],
    [2, ['C'], 'C'],
    [2, 'A|B', undefined],
    [2, 'E', undefined],
    [3, 'C|A', ['A', 'C']],
    [3, 'ac', ['A', 'C']],
    [3, ['A', 'Z'], undefined],
    [6, 'B', ['B']],
    [11, 'A', 'A'],
    [12, ['A', 'B'], ['A', 'B']],
    [4, '自己的话', '自己的话'],
    [4, 'x'.repeat(10_001), undefined],
    [14, 7, '7'],
    [7, [3, 3, 5], [3, 5]],
    [7, 'abc', undefined],
    [15, Array.from({ length: 10 }, (_, i) => i + 1), undefined],
    [10, 'anything', undefined],
    [2, '', null],
    [3, [], null],
  ])('type %i takes %j as %j', (type, raw, kept) => {
    expect(normalizeAnswer(q(type), raw)).toEqual(kept);
  });

  it('takes a rating inside its range only, and as many blanks as the question has', () => {
    const rating = q(13, {}, { spec: { min: 1, max: 5 } });
    expect(normalizeAnswer(rating, '3')).toBe(3);
    expect(normalizeAnswer(rating, 6)).toBeUndefined();
    expect(normalizeAnswer(rating, 2.5)).toBeUndefined();
    const blanks = q(5, {}, { spec: { blanks: 2 } });
    expect(normalizeAnswer(blanks, ['北京'])).toEqual(['北京', '']);
    expect(normalizeAnswer(blanks, ['a', 'b', 'c'])).toBeUndefined();
    expect(normalizeAnswer(q(5, {}, { spec: { blanks: 1 } }), '上海')).toEqual(['上海']);
  });
});

describe('grading', () => {
  it('scores true/false and single choice against the key', () => {
    expect(gradeAnswer(q(1, { value: '1' }), '1', false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(1, { value: '1' }), '0', false)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(q(2, { keys: ['B'] }), 'B', false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(2, { keys: ['B'] }), 'C', false)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(q(2, { keys: ['B'] }), null, false)).toEqual({ s: 0, c: 0 });
  });

  it('scores multiple and indefinite choice all or nothing, or half for a correct subset with partial credit', () => {
    const multi = q(3, { keys: ['A', 'C'] });
    expect(gradeAnswer(multi, ['A', 'C'], false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(multi, ['A'], false)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(multi, ['A'], true)).toEqual({ s: 2, c: 2 });
    expect(gradeAnswer(multi, ['A', 'B'], true)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(multi, ['A', 'B', 'C'], true)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(q(6, { keys: ['D'] }), ['D'], false)).toEqual({ s: 4, c: 1 });
  });

  it('scores fill in blank per blank against any accepted answer, ignoring case, width and spaces', () => {
    const blank = q(5, { blanks: [['北京', 'Beijing'], ['上海']] }, { score: 3 });
    expect(gradeAnswer(blank, [' beijing ', '上海'], false)).toEqual({ s: 3, c: 1 });
    expect(gradeAnswer(blank, ['ＢＥＩＪＩＮＧ', '上 海'], false)).toEqual({ s: 1.5, c: 2 });
    expect(gradeAnswer(blank, ['北京', ''], false)).toEqual({ s: 1.5, c: 2 });
    expect(gradeAnswer(blank, ['南京', '广州'], false)).toEqual({ s: 0, c: 0 });
  });

  it('gives votes, ratings and anonymous answers their score for answering; the teacher grades written, file and photo answers', () => {
    expect(gradeAnswer(q(11), 'A', false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(12), ['A', 'B'], false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(13), 3, false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(14), '建议', false)).toEqual({ s: 4, c: 1 });
    expect(gradeAnswer(q(14), null, false)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(q(4), '答', false)).toEqual({ s: null, c: 3 });
    expect(gradeAnswer(q(7), [1], false)).toEqual({ s: null, c: 3 });
    expect(gradeAnswer(q(15), [1], false)).toEqual({ s: null, c: 3 });
    expect(gradeAnswer(q(4), null, false)).toEqual({ s: 0, c: 0 });
    expect(gradeAnswer(q(10), null, false)).toBeUndefined();
  });

  it('totals a paper, counts what waits for the teacher, and keeps a grade given by hand', () => {
    const items = [
      { id: 1, ...q(1, { value: '1' }) },
      { id: 2, ...q(4) },
      { id: 3, ...q(10) },
      { id: 4, ...q(2, { keys: ['A'] }) },
    ];
    const answers = new Map<number, string | null>([
      [1, '1'],
      [2, '答'],
      [4, 'B'],
    ]);
    expect(gradePaper(items, answers, false)).toEqual({
      grades: { '1': { s: 4, c: 1 }, '2': { s: null, c: 3 }, '4': { s: 0, c: 0 } },
      score: 4,
      pending: 1,
    });
    const kept = { '2': { s: 3.5, c: 2 as const, m: 1 as const } };
    expect(gradePaper(items, answers, false, kept)).toMatchObject({ score: 7.5, pending: 0 });
  });
});

describe('random draws', () => {
  it('fills every draw with different questions whenever it can, moving earlier choices to make room', () => {
    // draw 1 may take 1 or 2, draw 2 only 1: a greedy first choice of 1 must move to 2
    const filled = fillDraws(
      [
        { count: 1, candidates: [1, 2] },
        { count: 1, candidates: [1] },
      ],
      (n) => n,
    );
    expect(filled).toEqual({ ok: true, chosen: [[2], [1]] });
    expect(fillDraws([{ count: 2, candidates: [1] }], (n) => n)).toEqual({ ok: false, draw: 0, have: 1 });
  });

  it('makes the same paper for the same seed, a question at most once, notes staying at the head of their section', () => {
    const items = [
      { id: 1, questionId: 1, draw: 0, sort: 0, type: 2, options: ['a', 'b', 'c'] },
      { id: 2, questionId: 2, draw: 0, sort: 1, type: 10, options: [] },
      { id: 3, questionId: 3, draw: 0, sort: 2, type: 1, options: [] },
      ...Array.from({ length: 10 }, (_, i) => ({ id: 10 + i, questionId: 10 + i, draw: 1, sort: i, type: 1, options: [] })),
      // the same bank questions as a second draw's pool
      ...Array.from({ length: 10 }, (_, i) => ({ id: 30 + i, questionId: 10 + i, draw: 2, sort: i, type: 1, options: [] })),
    ];
    const settings = { shuffleQuestions: true, shuffleOptions: true };
    const a = generatePaper(items, [4, 4], settings, 'seed-a');
    expect(generatePaper(items, [4, 4], settings, 'seed-a')).toEqual(a);
    expect(a.itemIds).toHaveLength(11);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(new Set(a.itemIds.map((id) => byId.get(id)!.questionId)).size).toBe(11);
    // the note heads the second section: one question before it, nine after
    expect(a.itemIds.indexOf(2)).toBe(1);
    expect(a.optionOrder['1']?.slice().sort()).toEqual(['A', 'B', 'C']);
    const others = new Set(
      Array.from({ length: 20 }, (_, i) => JSON.stringify(generatePaper(items, [4, 4], settings, `seed-${i}`).itemIds)),
    );
    expect(others.size).toBeGreaterThan(10);
  });
});
