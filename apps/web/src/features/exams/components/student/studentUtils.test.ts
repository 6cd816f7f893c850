import { describe, expect, it } from 'vitest';
import { answerText, clockText, keyText, normaliseAnswer } from './studentUtils';

const t = (key: string) => ({ 'exams.common.true': '正确', 'exams.common.false': '错误' })[key] ?? key;

describe('a saved answer as the page shows it', () => {
  it('reads multiple-choice keys in each form the server may keep them', () => {
    expect(normaliseAnswer(3, 'A|C')).toEqual(['A', 'C']);
    expect(normaliseAnswer(6, 'CA')).toEqual(['A', 'C']);
    expect(normaliseAnswer(12, ['B', 'A'])).toEqual(['A', 'B']);
    expect(normaliseAnswer(3, '')).toBeNull();
  });

  it('reads true/false, blanks, ratings and files', () => {
    expect(normaliseAnswer(1, 1)).toBe('1');
    expect(normaliseAnswer(1, 'true')).toBe('1');
    expect(normaliseAnswer(1, '0')).toBe('0');
    expect(normaliseAnswer(5, '北京')).toEqual(['北京']);
    expect(normaliseAnswer(5, ['7', '物理'])).toEqual(['7', '物理']);
    expect(normaliseAnswer(13, '4')).toBe(4);
    expect(normaliseAnswer(15, [12, '13'])).toEqual([12, 13]);
    expect(normaliseAnswer(4, null)).toBeNull();
  });

  it('says answers and keys in words', () => {
    expect(answerText(t, 1, '1')).toBe('正确');
    expect(answerText(t, 5, ['7', '物理'])).toBe('7 / 物理');
    expect(answerText(t, 3, ['A', 'C'])).toBe('AC');
    expect(answerText(t, 4, null)).toBe('');
    expect(keyText(t, 3, 'A|C')).toBe('AC');
    expect(keyText(t, 1, '0')).toBe('错误');
  });

  it('shows the time left as mm:ss, and h:mm:ss from an hour', () => {
    expect(clockText(59_001)).toBe('01:00');
    expect(clockText(61_000)).toBe('01:01');
    expect(clockText(3_600_000 + 5_000)).toBe('1:00:05');
    expect(clockText(-5)).toBe('00:00');
  });
});
