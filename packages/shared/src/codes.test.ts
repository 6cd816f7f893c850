import { describe, expect, it } from 'vitest';
import { CODES } from './constants';

describe('the answer codes', () => {
  // two areas built side by side once took the same numbers (31913-31914: the admin page's and WeChat JSAPI's)
  it('give every code one meaning', () => {
    const byValue = new Map<number, string[]>();
    for (const [name, value] of Object.entries(CODES)) byValue.set(value, [...(byValue.get(value) ?? []), name]);
    expect([...byValue.entries()].filter(([, names]) => names.length > 1)).toEqual([]);
  });
});
