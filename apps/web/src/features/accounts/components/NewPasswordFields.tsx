import { useTranslation } from '../../../lib/translations';
import { PasswordField } from './PasswordField';

/**
 * A new password and its confirmation (spec 1 §5: 6-20 characters, two of letter, digit, symbol;
 * the confirmation must match), as register, password reset and password change ask for them.
 */
export function NewPasswordFields({
  prefix,
  passwordLabel,
  repasswordLabel,
  password,
  repassword,
  onPassword,
  onRepassword,
  fieldError,
  showConfirm = true,
}: {
  /** test ids become `${prefix}-password` and `${prefix}-repassword` */
  prefix: string;
  passwordLabel: string;
  repasswordLabel: string;
  password: string;
  repassword: string;
  onPassword: (value: string) => void;
  onRepassword: (value: string) => void;
  fieldError: (field: 'password' | 'repassword') => string | undefined;
  showConfirm?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        testid={`${prefix}-password`}
        isNew
        label={passwordLabel}
        value={password}
        onChange={onPassword}
        placeholder={t('register.passwordPlaceholder')}
        hint={t('register.passwordHint')}
        error={fieldError('password')}
      />
      {showConfirm ? (
        <PasswordField
          testid={`${prefix}-repassword`}
          isNew
          label={repasswordLabel}
          value={repassword}
          onChange={onRepassword}
          placeholder={t('register.repasswordPlaceholder')}
          error={fieldError('repassword')}
        />
      ) : null}
    </>
  );
}
