import { bindEmailInput, bindMobileInput, type UserInfo } from '@paiclass/shared';
import { Button, Toast } from 'antd-mobile';
import { MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../../components/dialogs';
import { FormError } from '../../../../components/FormError';
import { SubmitButton } from '../../../../components/SubmitButton';
import { TextField } from '../../../../components/TextField';
import { errorMessage } from '../../../../lib/api';
import { maskEmail, maskMobile } from '../../../../lib/mask';
import { useTranslation } from '../../../../lib/translations';
import { useFormErrors } from '../../../../lib/useFormErrors';
import { type Schema, validate } from '../../../../lib/validation';
import { accountsApi } from '../../api';
import { useAuth } from '../../authStore';
import { useSendCode } from '../../hooks/useSendCode';
import { CodeField } from '../CodeField';
import '../../../../lib/antdRender';

type Kind = 'mobile' | 'email';
type Mode = 'view' | 'edit' | 'unbind';

export interface BindContactSectionProps {
  kind: Kind;
  user: UserInfo;
  /** called with the updated user after a bind (a forced page routes on) */
  onBound: (user: UserInfo) => void;
}

/**
 * Binding a phone or an email (spec 1 §4): new value, format check, picture code, code sent,
 * code entered, bound. A bound phone can be unbound: picture code, SMS code to it, unbind.
 */
export function BindContactSection({ kind, user, onBound }: BindContactSectionProps) {
  const { t } = useTranslation();
  const current = kind === 'mobile' ? user.mobile : user.email;
  const [mode, setMode] = useState<Mode>(current ? 'view' : 'edit');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);

  const schema: Schema<Record<string, string>> = kind === 'mobile' ? bindMobileInput : bindEmailInput;
  const bindSender = useSendCode({ type: 'bind', onError: setFormError });
  const unbindSender = useSendCode({ type: 'unbind', onError: setFormError });

  const switchMode = (next: Mode) => {
    setMode(next);
    setValue('');
    setCode('');
    setErrors({});
    setFormError(undefined);
  };

  const requestBindCode = () => {
    setFormError(undefined);
    const checked = validate(schema, { [kind]: value, code: '-' }, ['code']);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    bindSender.request(kind === 'mobile' ? { mobile: value.trim() } : { email: value.trim() });
  };

  const submitBind = async () => {
    setFormError(undefined);
    const checked = validate(schema, { [kind]: value, code });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      const next =
        kind === 'mobile'
          ? await accountsApi.bindMobile({ mobile: value.trim(), code: code.trim() })
          : await accountsApi.bindEmail({ email: value.trim(), code: code.trim() });
      useAuth.getState().setUser(next);
      Toast.show({ icon: 'success', content: t('bind.bound') });
      switchMode('view');
      onBound(next);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const submitUnbind = async () => {
    setFormError(undefined);
    if (!code.trim()) {
      setErrors({ code: 'validation.codeRequired' });
      return;
    }
    setSubmitting(true);
    try {
      const next = await accountsApi.unbindMobile({ code: code.trim() });
      useAuth.getState().setUser(next);
      Toast.show({ icon: 'success', content: t('bind.unbound') });
      switchMode('edit');
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  const startUnbind = () => {
    void confirmDialog({
      title: t('bind.unbindTitle'),
      content: t('bind.unbindConfirm'),
      confirmText: t('bind.unbind'),
      danger: true,
      testid: 'unbind',
    }).result.then((ok) => {
      if (ok) switchMode('unbind');
    });
  };

  const Icon = kind === 'mobile' ? PhonebookOutline : MailOutline;
  const masked = current ? (kind === 'mobile' ? maskMobile(current) : maskEmail(current)) : '';

  return (
    <>
      {current && mode !== 'edit' ? (
        <div className="bound-card" data-testid="bind-current-card">
          <div className="bound-icon">
            <Icon />
          </div>
          <div className="bound-text">
            <div className="muted small">{kind === 'mobile' ? t('bind.currentMobile') : t('bind.currentEmail')}</div>
            <div className="bound-value" data-testid="bind-current">
              {masked}
            </div>
          </div>
        </div>
      ) : null}

      {current && mode === 'view' ? (
        <div className="button-stack">
          <Button block color="primary" size="large" shape="rounded" onClick={() => switchMode('edit')} data-testid="bind-change">
            {kind === 'mobile' ? t('bind.changeMobile') : t('bind.changeEmail')}
          </Button>
          {kind === 'mobile' ? (
            <Button
              block
              fill="outline"
              color="danger"
              size="large"
              shape="rounded"
              onClick={startUnbind}
              data-testid="bind-unbind"
            >
              {t('bind.unbind')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {mode === 'edit' ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitBind();
          }}
        >
          <p className="form-intro">{kind === 'mobile' ? t('bind.introMobile') : t('bind.introEmail')}</p>
          <div className="form-card">
            <TextField
              testid="bind-target"
              type={kind === 'mobile' ? 'tel' : 'email'}
              inputMode={kind === 'mobile' ? 'numeric' : 'email'}
              label={kind === 'mobile' ? t('bind.newMobile') : t('bind.newEmail')}
              value={value}
              onChange={(v) => {
                setValue(kind === 'mobile' ? v.replace(/\D/g, '') : v);
                clearError(kind);
              }}
              placeholder={kind === 'mobile' ? t('login.mobilePlaceholder') : t('bind.emailPlaceholder')}
              maxLength={kind === 'mobile' ? 11 : 100}
              error={fieldError(kind)}
            />
            <CodeField
              label={t('bind.code')}
              value={code}
              onChange={(v) => {
                setCode(v);
                clearError('code');
              }}
              error={fieldError('code')}
              remaining={bindSender.remaining}
              sent={bindSender.sent}
              onSend={requestBindCode}
            />
          </div>
          <FormError message={formError} testid="bind-error" />
          <SubmitButton testid="bind-submit" loading={submitting}>
            {t('bind.submit')}
          </SubmitButton>
          {current ? (
            <Button block fill="none" onClick={() => switchMode('view')} data-testid="bind-cancel" className="link-button">
              {t('common.cancel')}
            </Button>
          ) : null}
        </form>
      ) : null}

      {mode === 'unbind' ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitUnbind();
          }}
        >
          <p className="form-intro">{t('bind.unbindIntro', { target: masked })}</p>
          <div className="form-card">
            <CodeField
              label={t('bind.code')}
              value={code}
              onChange={(v) => {
                setCode(v);
                clearError('code');
              }}
              error={fieldError('code')}
              remaining={unbindSender.remaining}
              sent={unbindSender.sent}
              onSend={() => {
                setFormError(undefined);
                unbindSender.request({});
              }}
            />
          </div>
          <FormError message={formError} testid="bind-error" />
          <SubmitButton testid="bind-unbind-submit" color="danger" loading={submitting}>
            {t('bind.unbindSubmit')}
          </SubmitButton>
          <Button block fill="none" onClick={() => switchMode('view')} data-testid="bind-cancel" className="link-button">
            {t('common.cancel')}
          </Button>
        </form>
      ) : null}
      {bindSender.popup}
      {unbindSender.popup}
    </>
  );
}
