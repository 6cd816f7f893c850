import { z } from 'zod';
import { LANGUAGES, STNO_MAX, USERTYPE_STUDENT, USERTYPE_TEACHER } from '../constants';
import { EPOCH_SECONDS_MAX, INT_MAX } from '../wire';
import { EMAIL_RE, PHONE_RE, passwordProblem } from './rules';

/**
 * Inputs of the account calls. Messages are keys of `validationMessages` so the server answers
 * them in the caller's language and the forms show the same words.
 * Numbers and flags may arrive as strings (form-encoded clients), so they are coerced.
 */

const text = (key: string) => z.string({ message: key }).trim().min(1, { message: key });
/** 1/0, "1"/"0", true/false, absent: the ways clients send a flag. */
export const flag = z.preprocess(
  (v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0),
  z.union([z.literal(0), z.literal(1)]),
);
const phone = z.string({ message: 'validation.phone' }).trim().regex(PHONE_RE, { message: 'validation.phone' });
const email = z
  .string({ message: 'validation.email' })
  .trim()
  .regex(EMAIL_RE, { message: 'validation.email' })
  .transform((v) => v.toLowerCase());
const smsCode = text('validation.codeRequired');
const strongPassword = z.string({ message: 'validation.passwordRequired' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/** Register's account field: a phone or an email (spec 1 §5). */
const phoneOrEmail = z
  .string({ message: 'validation.account' })
  .trim()
  .refine((v) => PHONE_RE.test(v) || EMAIL_RE.test(v), { message: 'validation.account' });

export const codeTypes = ['login', 'register', 'find', 'bind', 'unbind'] as const;
export type CodeType = (typeof codeTypes)[number];

export const loginInput = z.object({
  email: text('validation.accountRequired'),
  password: text('validation.passwordMin'),
  remember: flag.optional(),
  source_type: z.coerce.string().optional(),
  encryption: flag.optional(),
  /** the picture code, once the server asks for it (21020) after failed logins of the account */
  sessionid: z.string().trim().max(100).optional(),
  verify: z.string().trim().max(10).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const loginByMobileInput = z.object({
  mobile: phone,
  code: smsCode,
  remember: flag.optional(),
  type: z.coerce.string().optional(),
});

export const figureCodeCheckInput = z.object({
  sessionid: text('validation.figureCodeRequired'),
  code: text('validation.figureCodeRequired'),
});

export const sendCodeInput = z
  .object({
    mobile: z.string().trim().optional(),
    email: z.string().trim().optional(),
    type: z.enum(codeTypes, { message: 'validation.codeType' }),
    verify: text('validation.figureCodeRequired'),
    sessionid: text('validation.figureCodeRequired'),
  })
  .superRefine((v, ctx) => {
    if (v.mobile) {
      if (!PHONE_RE.test(v.mobile)) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
    } else if (v.email) {
      if (!EMAIL_RE.test(v.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' });
    } else if (v.type !== 'unbind') {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.account' });
    }
  });
export type SendCodeInput = z.infer<typeof sendCodeInput>;

/** type 1: normal register (account, password, code); type 2: fast register after loginByMobile. */
export const registerInput = z
  .object({
    type: z.coerce.number().int().min(1).max(2).default(1),
    email: z.string().trim().optional(),
    password: z.string().optional(),
    repassword: z.string().optional(),
    username: text('validation.usernameRequired').pipe(z.string().max(30, { message: 'validation.usernameLength' })),
    school: z.string().trim().max(50, { message: 'validation.schoolLength' }).optional().default(''),
    stno: z.string().trim().optional().default(''),
    usertype: z.coerce
      .number({ message: 'validation.usertype' })
      .int()
      .max(INT_MAX)
      .refine((v) => v === USERTYPE_STUDENT || v === USERTYPE_TEACHER, { message: 'validation.usertype' })
      .default(USERTYPE_STUDENT),
    code: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 1) {
      if (!v.email || !(PHONE_RE.test(v.email) || EMAIL_RE.test(v.email))) add('email', 'validation.account');
      if (!v.code) add('code', 'validation.codeRequired');
    }
    if (v.type === 1 || v.password) {
      const problem = passwordProblem(v.password ?? '');
      if (problem) add('password', problem);
      else if (v.repassword !== undefined && v.repassword !== v.password) add('repassword', 'validation.passwordMismatch');
    }
    if (v.usertype === USERTYPE_STUDENT && !v.stno) add('stno', 'validation.stnoRequired');
    if (v.stno.length > STNO_MAX) add('stno', 'validation.stnoLength');
  });
export type RegisterInput = z.infer<typeof registerInput>;

export const checkFindCodeInput = z
  .object({ email: z.string().trim().optional(), mobile: z.string().trim().optional(), code: smsCode })
  .superRefine((v, ctx) => {
    const target = v.mobile || v.email || '';
    if (!(PHONE_RE.test(target) || EMAIL_RE.test(target)))
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.account' });
  });

export const resetPasswordInput = z
  .object({
    uid: z.coerce
      .number({ message: 'validation.resetLink' })
      .int()
      .positive({ message: 'validation.resetLink' })
      .max(INT_MAX, { message: 'validation.resetLink' }),
    key: text('validation.resetLink'),
    sign: text('validation.resetLink'),
    expires: z.coerce
      .number({ message: 'validation.resetLink' })
      .int()
      .max(EPOCH_SECONDS_MAX, { message: 'validation.resetLink' }),
    password: strongPassword,
    repassword: z.string().optional(),
  })
  .refine((v) => v.repassword === undefined || v.repassword === v.password, {
    path: ['repassword'],
    message: 'validation.passwordMismatch',
  });

export const updatePasswordInput = z
  .object({
    oldpassword: z.string().optional(),
    password: strongPassword,
    repassword: z.string().optional(),
  })
  .refine((v) => v.repassword === undefined || v.repassword === v.password, {
    path: ['repassword'],
    message: 'validation.passwordMismatch',
  });

export const bindEmailInput = z.object({ email, code: smsCode });
export const bindMobileInput = z.object({ mobile: phone, code: smsCode });
export const unbindMobileInput = z.object({ code: smsCode });
export const setLanguageInput = z.object({ lang: z.enum(LANGUAGES, { message: 'validation.language' }) });
export const checkWechatCodeInput = z.object({ code_key: text('validation.codeKey') });
export const bindWechatInput = z.object({
  email: phoneOrEmail,
  password: text('validation.passwordMin'),
  code_key: text('validation.codeKey'),
});
export const lastCodeInput = z.object({ target: text('validation.accountRequired') });
