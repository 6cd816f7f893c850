import { Button, ErrorBlock } from 'antd-mobile';
import { useGoBack } from '../../../components/PageNavBar';
import { useTranslation } from '../../../lib/translations';

/** spec 2 §6: a control or page the caller lacks: "you have no permission, contact the course administrator". */
export function NoPermission({ text }: { text?: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="page-body page-center" data-testid="no-permission">
      <ErrorBlock
        status="default"
        title={<span data-testid="no-permission-title">{t('courses.noPermission.title')}</span>}
        description={<span data-testid="no-permission-text">{text ?? t('courses.noPermission.text')}</span>}
      />
      <Button color="primary" fill="outline" onClick={goBack} className="center-button" data-testid="no-permission-back">
        {t('common.back')}
      </Button>
    </div>
  );
}

/** A page whose course could not be loaded (bad address, network): say so and offer a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="page-body page-center" data-testid="load-failed">
      <ErrorBlock
        status="default"
        title={t('courses.loadFailed')}
        description={<span data-testid="load-failed-text">{message}</span>}
      />
      {onRetry ? (
        <Button color="primary" onClick={onRetry} className="center-button" data-testid="load-failed-retry">
          {t('common.retry')}
        </Button>
      ) : (
        <Button color="primary" fill="outline" onClick={goBack} className="center-button" data-testid="load-failed-back">
          {t('common.back')}
        </Button>
      )}
    </div>
  );
}
