/**
 * Where to go back to after a detour (the join-code step offered for a shared course link, issue 12
 * item 7). The target travels in the address (`?redirect=`), so anyone can write it: only a path of
 * this site is accepted, never an absolute or protocol-relative URL (an open redirect).
 */

/** A stand-in origin: a target that resolves anywhere else was not a plain path of this site. */
const HERE = 'https://paiclass.invalid';

/** Pages that must not be the target: the join step itself (a loop) and the login. */
const NOT_TARGETS = ['/joincourse', '/joincourses', '/login'];

/**
 * The same-origin relative path (`/path?query#hash`) that `raw` names, or null when it is missing,
 * absolute (`https://…`, `//host`, `/\host`, `javascript:`), carries control characters, or is the
 * join step or the login.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  // a single leading slash, then not a second slash or a backslash (browsers read "/\host" as "//host")
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  if (NOT_TARGETS.includes(url.pathname.toLowerCase())) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The course a path's query names (`courseId` or `courseid`), or null. */
export function courseIdOfPath(path: string): number | null {
  const url = new URL(path, HERE);
  const raw = url.searchParams.get('courseId') ?? url.searchParams.get('courseid') ?? '';
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The join-code step offered for a course link the caller is not a member of, returning to `from`. */
export function joinOfferPath(from: string): string | null {
  const target = safeReturnPath(from);
  if (target === null || courseIdOfPath(target) === null) return null;
  return `/joinCourse?redirect=${encodeURIComponent(target)}`;
}

/** Adds the return target to a path of the join flow (`&redirect=…`), when there is one. */
export function withReturnPath(path: string, from: string | null): string {
  if (!from) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(from)}`;
}
