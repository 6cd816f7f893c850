import { COURSE_AUTH_COOKIE_DAYS } from '@paiclass/shared';
import type { Ability, CourseInfo } from './types';

/**
 * The caller's permissions in a course, kept in a cookie `courseAuth:{id}` for 1 day (spec 2 §6,
 * §9). They only hide controls: the server checks every call itself.
 */
interface StoredAuth {
  /** the course administrator (its owner) may do everything */
  admin: 0 | 1;
  auth: Ability[];
}

const cookieName = (courseId: number) => `courseAuth:${courseId}`;

/** Keeps the permissions getCourseInfo answered for a day. */
export function saveCourseAuth(info: Pick<CourseInfo, 'id' | 'memberRole' | 'authData'>) {
  const value: StoredAuth = { admin: info.memberRole === 'owner' ? 1 : 0, auth: info.authData };
  const maxAge = COURSE_AUTH_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: spec 2 §6 names a cookie; the Cookie Store API is not in every mobile browser
  document.cookie = `${cookieName(info.id)}=${encodeURIComponent(JSON.stringify(value))}; max-age=${maxAge}; path=/; SameSite=Lax`;
}

export function readCourseAuth(courseId: number): StoredAuth | null {
  const prefix = `${cookieName(courseId)}=`;
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as StoredAuth;
    return Array.isArray(parsed.auth) ? parsed : null;
  } catch {
    return null;
  }
}

export function forgetCourseAuth(courseId: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${cookieName(courseId)}=; max-age=0; path=/; SameSite=Lax`;
}

/**
 * spec 2 §6: the course administrator has every permission; otherwise it must be in the list;
 * no cookie means allowed (the server still decides).
 */
export function courseCan(courseId: number, ability: Ability): boolean {
  const stored = readCourseAuth(courseId);
  if (!stored) return true;
  return stored.admin === 1 || stored.auth.includes(ability);
}
