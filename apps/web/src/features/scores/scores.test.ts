import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../lib/files';
import { scoreDetailPath, scorePath, setScorePath } from './paths';
import { formatScore, isOwnColumn, parseScore, parseWeight, weightShare, weightSum } from './utils';

describe('score pages', () => {
  it('builds the addresses of spec 2 §2 Scores', () => {
    expect(scorePath(4, 0)).toBe('/score?courseId=4&courseRole=0');
    expect(scoreDetailPath(4, 17, 1)).toBe('/scoreDetail?courseId=4&uid=17&courseRole=1');
    expect(setScorePath(4)).toBe('/setScore?courseId=4&courseRole=1');
  });

  it('takes weights as whole numbers from 0 to 100 only', () => {
    expect(parseWeight('0')).toBe(0);
    expect(parseWeight(' 30 ')).toBe(30);
    expect(parseWeight('100')).toBe(100);
    for (const bad of ['', '101', '-1', '2.5', 'abc', '1000']) expect(parseWeight(bad)).toBeNull();
  });

  it("shows each item's share of the total", () => {
    const columns = [{ weight: 30 }, { weight: 70 }, { weight: 0 }];
    expect(weightSum(columns)).toBe(100);
    expect(weightShare(30, 100)).toBe(30);
    expect(weightShare(1, 3)).toBe(33.3);
    expect(weightShare(5, 0)).toBe(0);
    expect(formatScore(null)).toBe('—');
    expect(formatScore(88.25)).toBe('88.3');
  });

  it('names the exported file from content-disposition, the UTF-8 name first', () => {
    const header = `attachment; filename="scores.xlsx"; filename*=UTF-8''${encodeURIComponent('数据结构-成绩册.xlsx')}`;
    expect(fileNameOf(header, 'x.xlsx')).toBe('数据结构-成绩册.xlsx');
    expect(fileNameOf('attachment; filename="scores.xlsx"', 'x.xlsx')).toBe('scores.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('takes a typed score from 0 to the full score, one decimal kept; empty clears it', () => {
    expect(parseScore('', 100)).toBeNull();
    expect(parseScore('  ', 100)).toBeNull();
    expect(parseScore('0', 100)).toBe(0);
    expect(parseScore(' 86.5 ', 100)).toBe(86.5);
    expect(parseScore('86.26', 100)).toBe(86.3);
    expect(parseScore('150', 150)).toBe(150);
    for (const bad of ['100.1', '101', '-1', 'abc', '8,5', '1e2']) expect(parseScore(bad, 100)).toBe('bad');
    expect(isOwnColumn({ contenttype: 0 })).toBe(true);
    expect(isOwnColumn({ contenttype: 4 })).toBe(false);
    // a test, online or offline, is not one of the teacher's columns (issue 25)
    expect(isOwnColumn({ contenttype: 6 })).toBe(false);
  });
});
