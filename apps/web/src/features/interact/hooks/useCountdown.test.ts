import { describe, expect, it } from 'vitest';
import { clockText, secondsLeft } from './useCountdown';

describe('secondsLeft', () => {
  const server = Date.UTC(2026, 10, 26, 10, 0, 0);
  const closes = server + 60_000;

  it('counts from the server clock when the phone is ten minutes fast', () => {
    const phone = server + 10 * 60_000;
    expect(secondsLeft(closes, server, phone, phone)).toBe(60);
    expect(secondsLeft(closes, server, phone, phone + 15_000)).toBe(45);
  });

  it('counts from the server clock when the phone is an hour slow', () => {
    const phone = server - 3_600_000;
    expect(secondsLeft(closes, server, phone, phone + 59_500)).toBe(1);
    expect(secondsLeft(closes, server, phone, phone + 60_000)).toBe(0);
  });

  it('never goes below zero', () => {
    expect(secondsLeft(closes, server, server, server + 120_000)).toBe(0);
  });
});

describe('clockText', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(clockText(65)).toBe('1:05');
    expect(clockText(9)).toBe('0:09');
  });
});
