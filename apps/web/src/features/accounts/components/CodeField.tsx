import { VERIFY_CODE_LENGTH } from '@paiclass/shared';
import type { ReactNode } from 'react';
import { TextField } from '../../../components/TextField';
import { useTranslation } from '../../../lib/translations';
import { SendCodeButton } from './SendCodeButton';

/**
 * The verification-code field with its send button, as login, registration, password recovery and
 * binding ask for it: digits only, VERIFY_CODE_LENGTH long, the phone's one-time-code autofill,
 * "Get code" then the 60 s countdown (spec 1 §4, §9).
 */
export function CodeField({
  testid = 'sms-code',
  label,
  value,
  onChange,
  error,
  placeholder,
  remaining,
  sent,
  onSend,
  onEnterPress,
  className,
}: {
  testid?: string;
  label?: ReactNode;
  value: string;
  /** called with digits only */
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  /** seconds left before another code may be asked for */
  remaining: number;
  /** a code was sent already ("Resend" instead of "Get code") */
  sent: boolean;
  onSend: () => void;
  onEnterPress?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      testid={testid}
      label={label}
      inputMode="numeric"
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, ''))}
      placeholder={placeholder ?? t('verify.codePlaceholder', { length: VERIFY_CODE_LENGTH })}
      maxLength={VERIFY_CODE_LENGTH}
      error={error}
      autoComplete="one-time-code"
      onEnterPress={onEnterPress}
      className={className}
      extra={<SendCodeButton remaining={remaining} sent={sent} onClick={onSend} />}
    />
  );
}
