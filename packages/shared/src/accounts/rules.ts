import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

/** spec 1 §5: 11 digits, starting with 1, second digit 1-9. */
export const PHONE_RE = /^1[1-9]\d{9}$/;
/** spec 1 §5: local part, @, dotted domain. */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export const isPhone = (v: string) => PHONE_RE.test(v);
export const isEmail = (v: string) => EMAIL_RE.test(v);

/**
 * spec 1 §5: 6-20 characters and at least two of letter, digit, symbol.
 * Returns the first broken rule's message key, or null when strong enough.
 */
export function passwordProblem(password: string): 'validation.passwordLength' | 'validation.passwordWeak' | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'validation.passwordLength';
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
  return kinds >= 2 ? null : 'validation.passwordWeak';
}

/** Account kind of a login identifier: phone, email or neither. */
export function accountKind(value: string): 'mobile' | 'email' | null {
  if (isPhone(value)) return 'mobile';
  if (isEmail(value)) return 'email';
  return null;
}
