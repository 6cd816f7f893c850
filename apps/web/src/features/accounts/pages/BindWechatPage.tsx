import { bindWechatInput } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useFormErrors } from '../../../lib/useFormErrors';
import { validate } from '../../../lib/validation';
import { accountsApi } from '../api';
import { LoggingInOverlay } from '../components/LoggingInOverlay';
import { PasswordField } from '../components/PasswordField';
import { WechatIcon } from '../components/WechatIcon';
import { useCompleteLogin } from '../hooks/useCompleteLogin';

/** /bindWechat: ties a scanned WeChat identity (code_key) to an existing account (spec 1 §4, §5). */
export default function BindWechatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [codeKey] = useState(() => local.get(STORAGE_KEYS.codeKey));
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);
  const { complete, loggingIn } = useCompleteLogin();

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(bindWechatInput, { email: account, password, code_key: codeKey ?? '' });
    if (!checked.ok) {
      if (checked.errors.code_key) setFormError(t(checked.errors.code_key));
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      const result = await accountsApi.bindWechat({ email: account.trim(), password, code_key: codeKey ?? '' });
      local.remove(STORAGE_KEYS.codeKey);
      await complete(result);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="page" data-testid="bindwx-page">
      <PageNavBar title={t('bindWechat.title')} onBack={() => navigate('/login', { replace: true })} />
      {codeKey ? (
        <form
          className="page-body form-page"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="verify-head">
            <div className="verify-icon wechat-green">
              <WechatIcon size={30} />
            </div>
            <p className="form-intro">{t('bindWechat.intro')}</p>
          </div>
          <div className="form-card">
            <TextField
              testid="bindwx-account"
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
            <PasswordField
              testid="bindwx-password"
              label={t('register.password')}
              value={password}
              onChange={(v) => {
                setPassword(v);
                clearError('password');
              }}
              error={fieldError('password')}
            />
          </div>
          <FormError message={formError} testid="bindwx-error" />
          <SubmitButton testid="bindwx-submit" loading={submitting}>
            {t('bindWechat.submit')}
          </SubmitButton>
        </form>
      ) : (
        <div className="page-body page-center">
          <ErrorBlock
            status="default"
            title={t('bindWechat.missingTitle')}
            description={<span data-testid="bindwx-missing">{t('validation.codeKey')}</span>}
          />
          <Button
            color="primary"
            onClick={() => navigate('/login', { replace: true })}
            data-testid="bindwx-back-login"
            className="center-button"
          >
            {t('register.backToLogin')}
          </Button>
        </div>
      )}
      {loggingIn ? <LoggingInOverlay /> : null}
    </div>
  );
}
