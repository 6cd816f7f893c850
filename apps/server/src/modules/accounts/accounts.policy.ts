import type { Restriction, User } from '../../platform/auth';

/** Rules of the account area, as small pure functions. */

/** What a new session may reach: a weak password must be changed first, then a contact bound. */
export function restrictionFor(user: Pick<User, 'mobile' | 'email'>, weakPassword: boolean): Restriction | null {
  if (weakPassword) return 'password';
  if (!user.mobile && !user.email) return 'bind';
  return null;
}

/** An account keeps at least one way to reach it, so the phone goes only when an email stays. */
export const canUnbindMobile = (user: Pick<User, 'mobile' | 'email'>) => Boolean(user.mobile && user.email);

/** Codes for binding and unbinding go to the logged-in caller; the others are sent before login. */
export const codeNeedsLogin = (purpose: string) => purpose === 'bind' || purpose === 'unbind';
