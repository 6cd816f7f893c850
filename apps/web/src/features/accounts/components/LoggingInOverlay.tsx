import { Spinner } from '../../../components/Spinner';
import { useTranslation } from '../../../lib/translations';

/** The "logging in" holding screen (spec 1 §2), drawn over the page while the user loads. */
export function LoggingInOverlay({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="logging-in" data-testid="logging-in" role="status" aria-live="polite">
      <div className="brand-mark brand-mark-large">P</div>
      <Spinner size={32} label={text ?? t('auth.loggingIn')} />
      <div className="logging-in-text">{text ?? t('auth.loggingIn')}</div>
    </div>
  );
}
