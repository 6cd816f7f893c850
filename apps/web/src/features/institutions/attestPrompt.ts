import { STORAGE_KEYS, session } from '../../lib/storage';

/**
 * "Later" on the identity-authentication prompt (spec 1 §6: institution-authenticated schools
 * require identity authentication, with a per-day dismissal; §9: suppressed until the end of the
 * day). A cookie that expires at local midnight keeps it for the day, a sessionStorage flag for the
 * browser session (a device that refuses cookies still gets the session). Both hold the user's id,
 * so that another account on the same device is still asked.
 */
export const ATTEST_LATER_COOKIE = 'attestLater';

/** Where the prompt and the join status 103 send the user: the certification form, as a first-time flow. */
export const ATTEST_FIRST_TIME_PATH = '/myAllSetting?detail=myMechanism&atteststate=1';

/** The institution authentication screen. */
export const MECHANISM_PATH = '/myAllSetting?detail=myMechanism';

interface CookieJar {
  cookie: string;
}

interface FlagStore {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
}

interface Where {
  jar?: CookieJar;
  store?: FlagStore;
}

/** The last moment of the local day of `now`. */
export function endOfDay(now: Date): Date {
  const end = new Date(now.getTime());
  end.setHours(23, 59, 59, 999);
  return end;
}

/** The Set-Cookie text of the day dismissal: this user, until the end of today. */
export function laterCookie(userId: number, now: Date = new Date()): string {
  return `${ATTEST_LATER_COOKIE}=${userId}; expires=${endOfDay(now).toUTCString()}; path=/; SameSite=Lax`;
}

/** A cookie's value in a `document.cookie` string, or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** Dismisses the prompt for this user until the end of today (cookie) and for this session (flag). */
export function dismissAttestPrompt(userId: number, { jar = document, store = session }: Where = {}, now: Date = new Date()) {
  jar.cookie = laterCookie(userId, now);
  store.set(STORAGE_KEYS.attestLater, String(userId));
}

/** true when this user chose "later" today (the cookie) or in this session (the flag). */
export function isAttestPromptDismissed(userId: number, { jar = document, store = session }: Where = {}): boolean {
  const id = String(userId);
  return cookieValue(jar.cookie, ATTEST_LATER_COOKIE) === id || store.get(STORAGE_KEYS.attestLater) === id;
}
