import { useTranslation } from '../lib/translations';
import { Spinner } from './Spinner';

/** A centred spinner with a line of text, for whole-page waits. */
export function LoadingScreen({ text, testid = 'loading' }: { text?: string; testid?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" data-testid={testid} aria-busy="true">
      <Spinner label={text ?? t('common.loading')} />
      {text ? <div className="loading-text">{text}</div> : null}
    </div>
  );
}
