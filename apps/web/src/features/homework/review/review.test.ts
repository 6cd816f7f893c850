import { describe, expect, it } from 'vitest';
import { reviewDetailPath } from './paths';
import { checkScore, commentLength, formatScore, pastDeadline, scoreCap, sharedMessage } from './utils';

describe('peer review page', () => {
  it('builds /homework/reviewDetail with courseId, id, courseRole and the submission for teachers', () => {
    expect(reviewDetailPath(4, 9, 0)).toBe('/homework/reviewDetail?courseId=4&id=9&courseRole=0');
    expect(reviewDetailPath(4, 9, 1, 31)).toBe('/homework/reviewDetail?courseId=4&id=9&courseRole=1&sid=31');
  });

  it('counts a comment as the server does: trimmed, an emoji or a Chinese character as one', () => {
    expect(commentLength('  写得很好  ')).toBe(4);
    expect(commentLength('👍👍 good')).toBe(7);
    expect(commentLength('   ')).toBe(0);
  });

  it('requires a score and refuses one over the full score, never above 100', () => {
    expect(checkScore('', 100)).toEqual({ ok: false, key: 'validation.gradeRequired' });
    expect(checkScore('abc', 100)).toEqual({ ok: false, key: 'validation.gradeRequired' });
    expect(checkScore('-3', 100)).toEqual({ ok: false, key: 'validation.gradeRequired' });
    expect(checkScore('11', 10)).toEqual({ ok: false, key: 'validation.gradeOverFull', values: { full: 10 } });
    expect(checkScore('8.5', 10)).toEqual({ ok: true, score: 8.5 });
    expect(checkScore('0', 10)).toEqual({ ok: true, score: 0 });
    expect(scoreCap(150)).toBe(100);
  });

  it("fills a shared message's {name} values, as the server words it", () => {
    const t = ((key: string) => (key === 'validation.commentTooShort' ? '评语至少 {min} 个字' : key)) as never;
    expect(sharedMessage(t, 'validation.commentTooShort', { min: 10 })).toBe('评语至少 10 个字');
  });

  it('shows scores with one decimal at most and knows when the deadline has passed', () => {
    expect(formatScore(85)).toBe('85');
    expect(formatScore(85.55)).toBe('85.6');
    expect(formatScore(null)).toBe('');
    expect(pastDeadline(100, 100_000)).toBe(true);
    expect(pastDeadline(101, 100_000)).toBe(false);
    expect(pastDeadline(0, 100_000)).toBe(false);
  });
});
