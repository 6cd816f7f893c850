import { PASSWORD_MIN, PHONE_RE } from '@paiclass/shared';
import type { FieldErrors } from '../../lib/validation';

/**
 * The login form's checks, with the shared rules and the same message keys as the shared
 * `loginInput` and `loginByMobileInput` schemas (loginChecks.test.ts holds them to it): /login does
 * not load zod before its first render (issue 10); the server checks with the schemas themselves.
 */

/** Account and password: both given; the password has at least 6 characters (spec 1 §5). */
export function checkAccountLogin(values: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.email.trim()) errors.email = 'validation.accountRequired';
  if (!values.password.trim() || values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  return errors;
}

/** Phone and SMS code; `ignore` skips fields checked later in the flow (the code, before it is sent). */
export function checkMobileLogin(values: { mobile: string; code: string }, ignore: string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  if (!PHONE_RE.test(values.mobile.trim())) errors.mobile = 'validation.phone';
  if (!values.code.trim()) errors.code = 'validation.codeRequired';
  for (const field of ignore) delete errors[field];
  return errors;
}
