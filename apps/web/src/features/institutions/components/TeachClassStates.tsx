import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';

/** Scheduled courses still loading: two card-shaped placeholders. `<testid>-loading` on the list. */
export function TeachClassSkeleton({ testid }: { testid: string }) {
  return (
    <ul className="tc-list" data-testid={`${testid}-loading`} aria-busy="true">
      {[0, 1].map((i) => (
        <li className="tc-card tc-card-skeleton" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </li>
      ))}
    </ul>
  );
}

/** Scheduled courses that could not load, with the reason and a retry. `<testid>-error`, `<testid>-retry`. */
export function TeachClassLoadError({ testid, error, onRetry }: { testid: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-center attest-state" data-testid={`${testid}-error`}>
      <ErrorBlock status="default" title={t('institutions.loadFailed')} description={errorMessage(error)} />
      <Button color="primary" fill="outline" className="center-button" onClick={onRetry} data-testid={`${testid}-retry`}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
