import { updatePasswordInput } from '@paiclass/shared';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../../components/FormError';
import { SubmitButton } from '../../../../components/SubmitButton';
import { errorMessage } from '../../../../lib/api';
import { useNavigate } from '../../../../lib/router';
import { endSession } from '../../../../lib/session';
import { useTranslation } from '../../../../lib/translations';
import { useFormErrors } from '../../../../lib/useFormErrors';
import { validate } from '../../../../lib/validation';
import { accountsApi } from '../../api';
import { NewPasswordFields } from '../NewPasswordFields';
import { PasswordField } from '../PasswordField';
import '../../../../lib/antdRender';

/**
 * A new password, entered twice (spec 1 §5). Every session of the account ends on success, so
 * local storage is cleared and the user logs in again.
 */
export function PasswordSection({ forced = false }: { forced?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [oldpassword, setOldpassword] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const { setErrors, formError, setFormError, clearError, fieldError } = useFormErrors();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setFormError(undefined);
    const checked = validate(updatePasswordInput, { oldpassword, password, repassword });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await accountsApi.updatePassword({ oldpassword: oldpassword || undefined, password, repassword });
      endSession();
      Toast.show({ icon: 'success', content: t('bind.passwordChanged') });
      navigate('/login', { replace: true });
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="form-card">
        <PasswordField
          testid="bind-old-password"
          label={t('bind.oldPassword')}
          value={oldpassword}
          onChange={(v) => {
            setOldpassword(v);
            clearError('oldpassword');
          }}
          placeholder={t('bind.oldPasswordPlaceholder')}
          hint={forced ? undefined : t('bind.oldPasswordHint')}
          error={fieldError('oldpassword')}
        />
        <NewPasswordFields
          prefix="bind"
          passwordLabel={t('bind.newPassword')}
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
        />
      </div>
      <FormError message={formError} testid="bind-error" />
      <SubmitButton testid="bind-submit" loading={submitting}>
        {t('bind.passwordSubmit')}
      </SubmitButton>
    </form>
  );
}
