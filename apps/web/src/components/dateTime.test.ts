import { describe, expect, it } from 'vitest';
import { clampDate, columnValue, formatDateTime, fromFieldValue, stepColumn, toFieldValue } from './dateTime';

describe('the date-time field values', () => {
  it('reads and writes the format the forms always sent, in local time', () => {
    const d = fromFieldValue('2026-09-01T08:30');
    expect(d).toEqual(new Date(2026, 8, 1, 8, 30));
    expect(toFieldValue(d!)).toBe('2026-09-01T08:30');
    expect(fromFieldValue('')).toBeNull();
    expect(fromFieldValue('2026-02-30T08:30')).toBeNull();
    expect(fromFieldValue('01/09/2026')).toBeNull();
  });

  it('moves one column as the arrow keys do, keeping the day where the month has it', () => {
    const march31 = new Date(2026, 2, 31, 23, 59);
    expect(toFieldValue(stepColumn(march31, 'month', 1))).toBe('2026-04-30T23:59');
    expect(toFieldValue(stepColumn(march31, 'month', -3))).toBe('2025-12-31T23:59');
    expect(toFieldValue(stepColumn(new Date(2028, 1, 29, 10, 0), 'year', 1))).toBe('2029-02-28T10:00');
    expect(toFieldValue(stepColumn(march31, 'minute', 1))).toBe('2026-04-01T00:00');
    expect(toFieldValue(stepColumn(march31, 'day', 1))).toBe('2026-04-01T23:59');
    expect(columnValue(march31, 'month')).toBe(3);
  });

  it('never leaves the bounds', () => {
    const min = new Date(2026, 8, 1, 8, 30);
    const max = new Date(2026, 8, 3, 8, 30);
    expect(stepColumn(min, 'minute', -1, min, max)).toEqual(min);
    expect(stepColumn(min, 'year', 1, min, max)).toEqual(max);
    expect(clampDate(new Date(2026, 8, 2), min, max)).toEqual(new Date(2026, 8, 2));
  });

  it('shows the value in the app language, not the browser one', () => {
    const d = new Date(2026, 8, 1, 8, 5);
    expect(formatDateTime(d, 'zh')).toContain('2026年9月1日');
    expect(formatDateTime(d, 'zh')).toContain('08:05');
    expect(formatDateTime(d, 'en')).toContain('Sep 1, 2026');
    expect(formatDateTime(d, 'en')).toContain('08:05');
  });
});
