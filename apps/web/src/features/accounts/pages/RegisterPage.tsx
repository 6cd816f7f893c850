import { accountKind, registerInput, STNO_MAX, USERTYPE_STUDENT } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { maskMobile } from '../../../lib/mask';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { accountsApi } from '../api';
import { IdentityPicker } from '../components/IdentityPicker';
import { LoggingInOverlay } from '../components/LoggingInOverlay';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useSendCode } from '../hooks/useSendCode';
import { writeRegisterCache } from '../registerCache';

/**
 * /register: the normal register (account, password, confirm, then a code on /loginVerify) or,
 * with `userCount`, the fast register of a phone that just passed an SMS login (spec 1 §2, §4).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userCount = params.get('userCount');
  const shareClass = params.get('shareClass');
  const fast = Boolean(userCount);
  const loginHref = shareClass ? `/login?shareClass=${encodeURIComponent(shareClass)}` : '/login';

  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [username, setUsername] = useState('');
  const [usertype, setUsertype] = useState<number>(USERTYPE_STUDENT);
  const [school, setSchool] = useState('');
  const [stno, setStno] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);
  const { complete, loggingIn } = useCompleteLogin();
  const ticket = session.get(STORAGE_KEYS.registerTicket);

  const values = () => ({
    username,
    school,
    usertype,
    stno: usertype === USERTYPE_STUDENT ? stno : '',
  });

  const sender = useSendCode({
    type: 'register',
    onError: setFormError,
    onSent: () => {
      writeRegisterCache({
        type: 1,
        email: account.trim(),
        password,
        repassword,
        ...values(),
        username: username.trim(),
        school: school.trim(),
        shareClass,
        countdownEndsAt: Date.now() + 60_000,
      });
      navigate('/loginVerify');
    },
  });

  const submitNormal = () => {
    const checked = validate(registerInput, { type: 1, email: account, password, repassword, code: '-', ...values() }, ['code']);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const kind = accountKind(account.trim());
    // after a valid register form, the code goes to the account (spec 1 §4)
    sender.request(kind === 'mobile' ? { mobile: account.trim() } : { email: account.trim() });
  };

  const submitFast = async () => {
    const body = {
      type: 2 as const,
      ...values(),
      password: password || undefined,
      repassword: password ? repassword : undefined,
    };
    const checked = validate(registerInput, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const result = await accountsApi.register(
        { ...body, username: username.trim(), school: school.trim(), stno: body.stno.trim() },
        ticket ?? undefined,
      );
      session.remove(STORAGE_KEYS.registerTicket);
      await complete(result, shareClass);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const submit = () => {
    setFormError(undefined);
    if (fast) void submitFast();
    else submitNormal();
  };

  if (fast && !ticket) {
    return (
      <div className="page" data-testid="register-page">
        <PageNavBar title={t('register.fastTitle')} onBack={() => navigate(loginHref, { replace: true })} />
        <div className="page-body page-center">
          <ErrorBlock
            status="default"
            title={t('register.ticketMissingTitle')}
            description={<span data-testid="register-ticket-missing">{t('register.ticketMissing')}</span>}
          />
          <Button
            color="primary"
            onClick={() => navigate(loginHref, { replace: true })}
            data-testid="register-back-login"
            className="center-button"
          >
            {t('register.backToLogin')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="page" data-testid="register-page">
      <PageNavBar title={fast ? t('register.fastTitle') : t('register.title')} />
      <form
        className="page-body form-page"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="form-intro">{fast ? t('register.fastIntro') : t('register.intro')}</p>
        <div className="form-card">
          {fast ? (
            <TextField
              testid="register-mobile"
              label={t('register.mobile')}
              value={maskMobile(userCount ?? '')}
              onChange={() => {}}
              readOnly
            />
          ) : (
            <TextField
              testid="register-account"
              label={t('register.account')}
              value={account}
              onChange={(v) => {
                setAccount(v);
                clearError('email');
              }}
              placeholder={t('register.accountPlaceholder')}
              error={fieldError('email')}
              autoComplete="username"
            />
          )}
          <NewPasswordFields
            prefix="register"
            passwordLabel={fast ? t('register.passwordOptional') : t('register.password')}
            repasswordLabel={t('register.repassword')}
            password={password}
            repassword={repassword}
            onPassword={(v) => {
              setPassword(v);
              clearError('password');
            }}
            onRepassword={(v) => {
              setRepassword(v);
              clearError('repassword');
            }}
            fieldError={fieldError}
            showConfirm={!fast || Boolean(password)}
          />
        </div>
        <div className="form-card">
          <TextField
            testid="register-username"
            label={t('register.username')}
            value={username}
            onChange={(v) => {
              setUsername(v);
              clearError('username');
            }}
            placeholder={t('register.usernamePlaceholder')}
            error={fieldError('username')}
            maxLength={30}
            autoComplete="name"
          />
          <IdentityPicker
            value={usertype}
            onChange={(v) => {
              setUsertype(v);
              clearError('usertype');
              clearError('stno');
            }}
            error={fieldError('usertype')}
          />
          <TextField
            testid="register-school"
            label={t('register.school')}
            value={school}
            onChange={(v) => {
              setSchool(v);
              clearError('school');
            }}
            placeholder={t('register.schoolPlaceholder')}
            error={fieldError('school')}
            maxLength={50}
          />
          {usertype === USERTYPE_STUDENT ? (
            <TextField
              testid="register-stno"
              label={t('register.stno')}
              value={stno}
              onChange={(v) => {
                setStno(v);
                clearError('stno');
              }}
              placeholder={t('register.stnoPlaceholder')}
              error={fieldError('stno')}
              maxLength={STNO_MAX}
            />
          ) : null}
        </div>
        <FormError message={formError} testid="register-error" />
        <SubmitButton testid="register-submit" loading={submitting}>
          {fast ? t('register.submitFast') : t('register.submit')}
        </SubmitButton>
        <div className="form-footer-link">
          {t('register.haveAccount')}{' '}
          <Link to={loginHref} className="text-link" data-testid="register-login-link">
            {t('register.goLogin')}
          </Link>
        </div>
      </form>
      {sender.popup}
      {loggingIn ? <LoggingInOverlay /> : null}
    </div>
  );
}
