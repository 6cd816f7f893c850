import { accountKind } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorMessage } from '../../../lib/api';
import { maskAccount } from '../../../lib/mask';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { accountsApi } from '../api';
import { CodeField } from '../components/CodeField';
import { LoggingInOverlay } from '../components/LoggingInOverlay';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useSendCode } from '../hooks/useSendCode';
import { clearRegisterCache, readRegisterCache } from '../registerCache';

/** /loginVerify: the code sent to the new account's phone or email finishes the register (spec 1 §4). */
export default function LoginVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cache] = useState(readRegisterCache);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const { complete, loggingIn } = useCompleteLogin();

  const sender = useSendCode({ type: 'register', onError: setFormError, countdownEndsAt: cache?.countdownEndsAt });

  if (!cache) {
    return (
      <div className="page" data-testid="verify-page">
        <PageNavBar title={t('verify.title')} onBack={() => navigate('/register', { replace: true })} />
        <div className="page-body page-center">
          <ErrorBlock
            status="default"
            title={t('verify.missingTitle')}
            description={<span data-testid="verify-missing">{t('verify.missing')}</span>}
          />
          <Button
            color="primary"
            onClick={() => navigate('/register', { replace: true })}
            data-testid="verify-back-register"
            className="center-button"
          >
            {t('verify.backToRegister')}
          </Button>
        </div>
      </div>
    );
  }

  const isMobile = accountKind(cache.email) === 'mobile';

  const resend = () => {
    setFormError(undefined);
    sender.request(isMobile ? { mobile: cache.email } : { email: cache.email });
  };

  const submit = async () => {
    setFormError(undefined);
    if (!code.trim()) {
      setCodeError(t('validation.codeRequired'));
      return;
    }
    setSubmitting(true);
    try {
      const { shareClass, countdownEndsAt: _ends, ...form } = cache;
      const result = await accountsApi.register({ ...form, code: code.trim() });
      clearRegisterCache();
      await complete(result, shareClass);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page" data-testid="verify-page">
      <PageNavBar title={t('verify.title')} />
      <form
        className="page-body form-page"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="verify-head">
          <div className="verify-icon">{isMobile ? <PhonebookOutline /> : <MailOutline />}</div>
          <p className="verify-sent" data-testid="verify-target">
            {isMobile
              ? t('verify.sentToMobile', { target: maskAccount(cache.email) })
              : t('verify.sentToEmail', { target: maskAccount(cache.email) })}
          </p>
          <p className="muted small">{t('verify.tip')}</p>
        </div>
        <div className="form-card">
          <CodeField
            value={code}
            onChange={(v) => {
              setCode(v);
              setCodeError(undefined);
              setFormError(undefined);
            }}
            error={codeError}
            className="code-field"
            remaining={sender.remaining}
            sent
            onSend={resend}
          />
        </div>
        <FormError message={formError} testid="verify-error" />
        <SubmitButton testid="verify-submit" loading={submitting} disabled={submitting || code.length === 0}>
          {t('verify.submit')}
        </SubmitButton>
      </form>
      {sender.popup}
      {loggingIn ? <LoggingInOverlay /> : null}
    </div>
  );
}
