import { PASSWORD_MAX } from '@paiclass/shared';
import type { ReactNode } from 'react';
import { TextField } from '../../../components/TextField';
import { useTranslation } from '../../../lib/translations';

/**
 * A password field, written once for every page that asks for one (login, WeChat binding, the
 * current and the new password): masked with a show/hide eye, the browser's password manager told
 * whether it is the current or a new password; a new one at most PASSWORD_MAX characters (spec 1 §5).
 */
export function PasswordField({
  testid,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  isNew = false,
  onEnterPress,
}: {
  testid: string;
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  /** a password being chosen (new-password autofill), not the one the account has */
  isNew?: boolean;
  onEnterPress?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      testid={testid}
      type="password"
      label={label}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? t('login.passwordPlaceholder')}
      hint={hint}
      error={error}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      // a new password is cut at the rule's length; the current one is taken as typed
      maxLength={isNew ? PASSWORD_MAX : undefined}
      onEnterPress={onEnterPress}
    />
  );
}
