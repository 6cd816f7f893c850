import { loginByMobileInput, loginInput, PASSWORD_MIN } from '@paiclass/shared';
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/validation';
import { checkAccountLogin, checkMobileLogin } from './loginChecks';

/** What the form said before it stopped loading zod: the schema's first message per field, then the length rule. */
function bySchema(email: string, password: string) {
  const checked = validate(loginInput, { email, password, remember: 1 });
  const errors: Record<string, string> = checked.ok ? {} : checked.errors;
  if (!errors.password && password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  return errors;
}

describe('login form checks', () => {
  it('agree with the shared account-login schema', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['   ', 'secret1'],
      ['13800000000', ''],
      ['13800000000', '    '],
      ['a@b.cn', '12345'],
      ['a@b.cn', '123456'],
      ['teacher', 'pass word'],
    ];
    for (const [email, password] of cases)
      expect(checkAccountLogin({ email, password }), `${email}/${password}`).toEqual(bySchema(email, password));
  });

  it('agree with the shared phone-login schema, the code skipped before it is sent', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['1380000000', '123456'],
      ['12800000000', '1'],
      [' 13800000000 ', ''],
      ['13800000000', ' 123456 '],
      ['138000000001', '123456'],
    ];
    for (const [mobile, code] of cases) {
      const schema = validate(loginByMobileInput, { mobile, code });
      expect(checkMobileLogin({ mobile, code }), `${mobile}/${code}`).toEqual(schema.ok ? {} : schema.errors);
      const early = validate(loginByMobileInput, { mobile, code: '-' }, ['code']);
      expect(checkMobileLogin({ mobile, code }, ['code'])).toEqual(early.ok ? {} : early.errors);
    }
  });
});
