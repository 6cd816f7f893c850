import { Button } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** "Get code", then "Resend in 59 s" while the countdown runs (spec 1 §4). */
export function SendCodeButton({
  remaining,
  sent,
  onClick,
  disabled,
}: {
  remaining: number;
  sent: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className="send-code-button"
      disabled={disabled || remaining > 0}
      onClick={onClick}
      data-testid="send-code"
    >
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : sent ? t('code.resend') : t('code.get')}
    </Button>
  );
}
