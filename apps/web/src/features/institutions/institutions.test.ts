import { describe, expect, it } from 'vitest';
import {
  ATTEST_LATER_COOKIE,
  cookieValue,
  dismissAttestPrompt,
  endOfDay,
  isAttestPromptDismissed,
  laterCookie,
} from './attestPrompt';
import { bindingList, unchosen } from './utils';

/** A browser's cookie jar and sessionStorage, with a clock: cookies past their expiry are gone. */
function browser(start: Date) {
  let now = start;
  const cookies = new Map<string, { value: string; expires: number }>();
  let flags = new Map<string, string>();
  const jar = {
    get cookie() {
      return [...cookies]
        .filter(([, c]) => c.expires > now.getTime())
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
      cookies.set(name.trim(), { value, expires: expires ? Date.parse(expires.slice(8)) : Number.POSITIVE_INFINITY });
    },
  };
  const store = { get: (key: string) => flags.get(key) ?? null, set: (key: string, value: string) => void flags.set(key, value) };
  return {
    where: { jar, store },
    setNow: (next: Date) => {
      now = next;
    },
    /** a new tab or a restarted browser: sessionStorage starts empty, cookies stay */
    newSession: () => {
      flags = new Map();
    },
  };
}

describe('the identity-authentication prompt\'s "later"', () => {
  it('keeps the prompt away until the end of the local day, and asks again the next morning', () => {
    const b = browser(new Date(2026, 10, 20, 9, 30));
    expect(isAttestPromptDismissed(7, b.where)).toBe(false);
    dismissAttestPrompt(7, b.where, new Date(2026, 10, 20, 9, 30));
    expect(isAttestPromptDismissed(7, b.where)).toBe(true);

    // a new session the same evening: the cookie still holds
    b.newSession();
    b.setNow(new Date(2026, 10, 20, 23, 59, 58));
    expect(isAttestPromptDismissed(7, b.where)).toBe(true);

    // the next morning, in a new session, the prompt comes back
    b.newSession();
    b.setNow(new Date(2026, 10, 21, 0, 0, 1));
    expect(isAttestPromptDismissed(7, b.where)).toBe(false);
  });

  it('keeps the session flag when the device refuses cookies', () => {
    const b = browser(new Date(2026, 10, 20, 9, 30));
    const refusing = { cookie: '' };
    const where = { jar: refusing, store: b.where.store };
    dismissAttestPrompt(7, where);
    expect(refusing.cookie).toContain(`${ATTEST_LATER_COOKIE}=7`);
    refusing.cookie = '';
    expect(isAttestPromptDismissed(7, where)).toBe(true);
  });

  it('still asks another account on the same device', () => {
    const b = browser(new Date(2026, 10, 20, 9, 30));
    dismissAttestPrompt(7, b.where);
    expect(isAttestPromptDismissed(8, b.where)).toBe(false);
  });

  it('writes a cookie for the whole site that expires at 23:59:59 local time', () => {
    const now = new Date(2026, 0, 31, 18, 5);
    const end = endOfDay(now);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([
      2026, 0, 31, 23, 59, 59,
    ]);
    const text = laterCookie(12, now);
    expect(text).toMatch(/^attestLater=12; expires=.+ GMT; path=\/; SameSite=Lax$/);
    expect(Date.parse(text.split('; ')[1]!.slice(8))).toBe(Math.floor(end.getTime() / 1000) * 1000);
  });

  it('reads its cookie among others', () => {
    expect(cookieValue('a=1; attestLater=12; b=x', 'attestLater')).toBe('12');
    expect(cookieValue('xattestLater=12', 'attestLater')).toBeNull();
    expect(cookieValue('', 'attestLater')).toBeNull();
  });
});

describe('binding scheduled courses', () => {
  it('binds the chosen courses and creates the ones set to automatic', () => {
    expect(bindingList([1, 2, 3], { 1: 40, 2: 'auto', 3: null }, false)).toEqual([
      { id: 1, classid: 40 },
      { id: 2, classid: 0 },
    ]);
  });

  it('creates the unchosen ones too when the teacher accepts automatic creation', () => {
    expect(unchosen([1, 2, 3], { 1: 40 })).toEqual([2, 3]);
    expect(bindingList([1, 2, 3], { 1: 40 }, true)).toEqual([
      { id: 1, classid: 40 },
      { id: 2, classid: 0 },
      { id: 3, classid: 0 },
    ]);
  });

  it('sends nothing when nothing is chosen and creation is declined', () => {
    expect(bindingList([1, 2], {}, false)).toEqual([]);
  });
});
