/**
 * Every key the web app keeps in the browser, in one place (spec 1 §3, spec 2 §7).
 * localStorage: the session token and the language; sessionStorage: values of one flow.
 */
export const STORAGE_KEYS = {
  token: 'token',
  lang: 'lang',
  /** the WeChat identity waiting to be bound (spec 1 §5) */
  codeKey: 'code_key',
  /** the address a logged-out user tried to open (spec 2 §8) */
  redirect: 'redirect',
  /** the fast-register ticket from loginByMobile is_new 1 */
  registerTicket: 'registerTicket',
  /** the normal register form between /register and /loginVerify (spec 1 §3) */
  registerCache: 'registerCache',
  /** the course being visited (spec 2 §7 page-level storage); removed on 30202 (spec 2 §8) */
  courseId: 'courseId',
  /** "later" on the unread-announcement dialog: not again in this browser session (spec 1 §2) */
  unreadNoticesLater: 'unreadNoticesLater',
  /** "later" on the identity-authentication prompt: not again in this browser session (spec 1 §6, §9); a cookie keeps it till midnight */
  attestLater: 'attestLater',
  /** the classroom socket's hash sub-protocol: a 32-bit fold of the token and the time (spec 2 §7) */
  wsHash: 'wsHash',
  /** the class time being visited (spec 2 §7 page-level storage) */
  classTimeId: 'classTimeId',
  /** the interactive-answer steps a student was asked to join, in this tab (decision 029) */
  askedSteps: 'askedSteps',
  /** the attendances a student was asked to check in to, in this tab (decision 029) */
  askedAttendances: 'askedAttendances',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // storage can be unavailable (private mode, blocked cookies); the app still works for this page
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
  getJSON<T>(key: string): T | null {
    const raw = session.get(key);
    if (!raw) return null;
    return safe(() => JSON.parse(raw) as T, null);
  },
  setJSON: (key: string, value: unknown) => session.set(key, JSON.stringify(value)),
};

export const getToken = () => local.get(STORAGE_KEYS.token);

/**
 * Ids a tab has asked the user about (a "join?" or "check in now?" question), kept in the session's
 * storage so that neither another page nor a reload asks again; the newest 200.
 */
export function askedInTab<T extends number | string>(key: string) {
  const read = () => new Set(session.getJSON<T[]>(key) ?? []);
  return {
    has: (id: T) => read().has(id),
    add: (id: T) => {
      const ids = read();
      if (ids.has(id)) return;
      ids.add(id);
      session.setJSON(key, [...ids].slice(-200));
    },
  };
}
