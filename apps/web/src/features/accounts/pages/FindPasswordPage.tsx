import { accountKind, checkFindCodeInput, resetPasswordInput } from '@paiclass/shared';
import { Button, Steps, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { hasInAppHistory, PageNavBar } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { maskAccount } from '../../../lib/mask';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { accountsApi, type CodeTarget, type FindSign } from '../api';
import { CodeField } from '../components/CodeField';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useSendCode } from '../hooks/useSendCode';
import '../../../lib/antdRender';

type Step = 0 | 1 | 2;

/**
 * /findPassword: 0 get a code, 1 verify it, 2 set a new password, then back to /login (spec 1 §4).
 * Back goes a step down.
 */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const bigTitle = params.get('bigTitle');

  const [step, setStep] = useState<Step>(0);
  const [account, setAccount] = useState('');
  const [target, setTarget] = useState<CodeTarget | null>(null);
  const [code, setCode] = useState('');
  const [sign, setSign] = useState<FindSign | null>(null);
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);

  const sender = useSendCode({
    type: 'find',
    onError: setFormError,
    onSent: (sentTo) => {
      setTarget(sentTo);
      setCode('');
      setStep(1);
    },
  });

  const goTo = (next: Step) => {
    setErrors({});
    setFormError(undefined);
    setStep(next);
  };

  const back = () => {
    if (step > 0) goTo((step - 1) as Step);
    else if (hasInAppHistory()) navigate(-1);
    else navigate('/login', { replace: true });
  };

  const requestCode = () => {
    setFormError(undefined);
    const value = account.trim();
    const kind = accountKind(value);
    if (!kind) {
      setErrors({ email: value ? 'validation.account' : 'validation.accountRequired' });
      return;
    }
    setErrors({});
    sender.request(kind === 'mobile' ? { mobile: value } : { email: value });
  };

  const verifyCode = async () => {
    setFormError(undefined);
    const body = { ...(target ?? {}), code };
    const checked = validate(checkFindCodeInput, body);
    if (!checked.ok) {
      setErrors(checked.errors.code ? { code: checked.errors.code } : checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      setSign(await accountsApi.checkFindCode({ ...(target ?? {}), code: code.trim() }));
      goTo(2);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const reset = async () => {
    setFormError(undefined);
    if (!sign) {
      goTo(0);
      return;
    }
    const checked = validate(resetPasswordInput, { ...sign, password, repassword });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      await accountsApi.resetPassword({ ...sign, password, repassword });
      Toast.show({ icon: 'success', content: t('findPassword.done') });
      navigate('/login', { replace: true });
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const sentTo = target ? Object.values(target)[0] : '';

  return (
    <div className="page" data-testid="findpwd-page">
      <PageNavBar title={bigTitle || t('findPassword.title')} onBack={back} />
      <div className="page-body form-page">
        <Steps current={step} className="find-steps" data-testid="findpwd-steps">
          <Steps.Step title={t('findPassword.step0')} />
          <Steps.Step title={t('findPassword.step1')} />
          <Steps.Step title={t('findPassword.step2')} />
        </Steps>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (step === 0) requestCode();
            else if (step === 1) void verifyCode();
            else void reset();
          }}
        >
          {step === 0 ? (
            <>
              <p className="form-intro">{t('findPassword.intro0')}</p>
              <div className="form-card">
                <TextField
                  testid="findpwd-account"
                  label={t('findPassword.account')}
                  value={account}
                  onChange={(v) => {
                    setAccount(v);
                    clearError('email');
                  }}
                  placeholder={t('findPassword.accountPlaceholder')}
                  error={fieldError('email')}
                  autoComplete="username"
                />
              </div>
              <FormError message={formError} testid="findpwd-error" />
              <SubmitButton testid="findpwd-send" disabled={sender.running}>
                {sender.running ? t('code.resendIn', { seconds: sender.remaining }) : t('findPassword.sendCode')}
              </SubmitButton>
              {sender.running && target ? (
                <Button
                  block
                  fill="none"
                  color="primary"
                  onClick={() => goTo(1)}
                  data-testid="findpwd-have-code"
                  className="link-button"
                >
                  {t('findPassword.haveCode')}
                </Button>
              ) : null}
            </>
          ) : null}
          {step === 1 ? (
            <>
              <p className="form-intro" data-testid="findpwd-target">
                {t('findPassword.intro1', { target: maskAccount(sentTo) })}
              </p>
              <div className="form-card">
                <CodeField
                  testid="findpwd-code"
                  label={t('findPassword.code')}
                  value={code}
                  onChange={(v) => {
                    setCode(v);
                    clearError('code');
                  }}
                  error={fieldError('code')}
                  remaining={sender.remaining}
                  sent
                  onSend={() => target && sender.request(target)}
                />
              </div>
              <FormError message={formError} testid="findpwd-error" />
              <SubmitButton testid="findpwd-verify" loading={submitting}>
                {t('findPassword.next')}
              </SubmitButton>
            </>
          ) : null}
          {step === 2 ? (
            <>
              <p className="form-intro">{t('findPassword.intro2')}</p>
              <div className="form-card">
                <NewPasswordFields
                  prefix="findpwd"
                  passwordLabel={t('findPassword.password')}
                  repasswordLabel={t('findPassword.repassword')}
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
                />
              </div>
              <FormError message={formError} testid="findpwd-error" />
              <SubmitButton testid="findpwd-submit" loading={submitting}>
                {t('findPassword.submit')}
              </SubmitButton>
            </>
          ) : null}
        </form>
      </div>
      {sender.popup}
    </div>
  );
}
