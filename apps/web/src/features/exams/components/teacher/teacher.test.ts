import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf } from './questionDraft';
import { asksBeforeShowingAnswers, checkMark, plainText, splitPoints, teacherTestState } from './utils';

const NOW = 1_800_000_000;

describe('teacherTestState', () => {
  it('names a draft, a scheduled and a published test before its opening "not started"', () => {
    expect(teacherTestState({ publishState: 0, begintime: 0, endtime: 0 }, NOW)).toBe('draft');
    expect(teacherTestState({ publishState: 1, begintime: 0, endtime: 0 }, NOW)).toBe('notStarted');
    expect(teacherTestState({ publishState: 2, begintime: NOW + 60, endtime: 0 }, NOW)).toBe('notStarted');
  });
  it('is in progress while open, and ended when closed or ended by hand', () => {
    expect(teacherTestState({ publishState: 2, begintime: NOW - 60, endtime: NOW + 60 }, NOW)).toBe('inProgress');
    expect(teacherTestState({ publishState: 2, begintime: 0, endtime: NOW }, NOW)).toBe('ended');
    expect(teacherTestState({ publishState: 3, begintime: 0, endtime: 0 }, NOW)).toBe('ended');
  });
});

describe('asksBeforeShowingAnswers (issue 24)', () => {
  const test = (over: {
    published?: number;
    publishState?: number;
    begintime?: number;
    endtime?: number;
    showanswer?: number;
  }) => ({
    published: over.published ?? 1,
    publishState: over.publishState ?? 2,
    settings: { begintime: over.begintime ?? 0, endtime: over.endtime ?? NOW + 600, showanswer: over.showanswer ?? 2 },
  });
  it('asks when answers after hand-in are chosen for a test students may be sitting now', () => {
    expect(asksBeforeShowingAnswers(test({}), 1, NOW)).toBe(true);
    expect(asksBeforeShowingAnswers(test({ endtime: 0 }), 1, NOW)).toBe(true);
  });
  it('does not ask for a draft, a test not open yet or closed, another choice, or a choice already saved', () => {
    expect(asksBeforeShowingAnswers(test({ published: 0, publishState: 0 }), 1, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({ begintime: NOW + 60 }), 1, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({ endtime: NOW - 1 }), 1, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({ publishState: 3 }), 1, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({}), 2, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({}), 3, NOW)).toBe(false);
    expect(asksBeforeShowingAnswers(test({ showanswer: 1 }), 1, NOW)).toBe(false);
  });
});

describe('checkMark', () => {
  it('refuses a score above the question’s, an empty one and a negative one (spec 2 §5)', () => {
    expect(checkMark('10.5', 10)).toEqual({ ok: false, key: 'exams.teacher.review.scoreTooHigh' });
    expect(checkMark(' ', 10)).toEqual({ ok: false, key: 'exams.teacher.review.scoreRequired' });
    expect(checkMark('-1', 10)).toEqual({ ok: false, key: 'exams.teacher.review.scoreInvalid' });
    expect(checkMark('abc', 10)).toEqual({ ok: false, key: 'exams.teacher.review.scoreInvalid' });
  });
  it('takes 0 to the full score, kept to one decimal', () => {
    expect(checkMark('0', 10)).toEqual({ ok: true, score: 0 });
    expect(checkMark('10', 10)).toEqual({ ok: true, score: 10 });
    expect(checkMark('7.25', 10)).toEqual({ ok: true, score: 7.3 });
  });
});

describe('the question editor’s body', () => {
  it('sends only what the type uses: keys for choices, accepted answers for blanks', () => {
    const single = { ...draftOf(null), type: 2, title: '<p>1+1?</p>', options: ['1', '2'], keys: ['B'], score: '2' };
    expect(bodyOf(single)).toMatchObject({ type: 2, options: ['1', '2'], answer: 'B', blanks: [], score: 2 });
    const blank = { ...draftOf(null), type: 5, title: 'x', blanks: [[' 北京 ', 'Beijing', '']], keys: ['A'] };
    expect(bodyOf(blank)).toMatchObject({ options: [], answer: '', blanks: [['北京', 'Beijing']] });
    const note = { ...draftOf(null), type: 10, title: 'Part two', score: '5' };
    expect(bodyOf(note).score).toBe(0);
  });
  it('drops a key whose option was removed', () => {
    const d = { ...draftOf(null), type: 3, title: 'x', options: ['a', 'b'], keys: ['A', 'B', 'D'] };
    expect(bodyOf(d).answer).toBe('A|B');
  });
});

describe('text helpers', () => {
  it('reads a stem as one line of text', () => {
    expect(plainText('<p>a &amp; b</p><p>c&nbsp;d</p>')).toBe('a & b c d');
  });
  it('splits knowledge points on either width of comma, once each', () => {
    expect(splitPoints('加法，减法, 加法\n乘法')).toEqual(['加法', '减法', '乘法']);
  });
});
