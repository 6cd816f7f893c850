import { Button, Result } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

/** spec 1 §4: join failures (101, 102) show this screen with the reason and a way home. */
export function JoinFailure({ message, onHome, onRetry }: { message: string; onHome: () => void; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-body join-failure" data-testid="join-fail">
      <Result
        status="error"
        title={<span data-testid="join-fail-title">{t('courses.join.failTitle')}</span>}
        description={<span data-testid="join-fail-message">{message}</span>}
      />
      <div className="button-stack join-failure-buttons">
        <Button block color="primary" shape="rounded" size="large" onClick={onHome} data-testid="join-fail-home">
          {t('common.backHome')}
        </Button>
        {onRetry ? (
          <Button block shape="rounded" size="large" onClick={onRetry} data-testid="join-fail-retry">
            {t('courses.join.retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
