import { Spinner } from '../../../components/Spinner';
import { useTranslation } from '../../../lib/translations';

/** The "logging in" holding screen (spec 1 §2), drawn over the page while the user loads. */
export function LoggingInOverlay({ text }: { text?: string }) {
  const { t } = useTranslation();
  const words = text ?? t('auth.loggingIn');
  return (
    <div className="logging-in" data-testid="logging-in" role="status" aria-live="polite">
      <div className="brand-mark brand-mark-large">P</div>
      <Spinner size={32} label={words} />
      <div className="logging-in-text">{words}</div>
    </div>
  );
}
