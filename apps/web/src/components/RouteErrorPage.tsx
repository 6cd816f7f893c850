import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A page that crashed: say so and offer a reload instead of a blank screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="route-error-page">
      <div className="page-body page-center">
        <ErrorBlock status="default" title={t('common.crashTitle')} description={t('common.crashText')} />
        <Button
          color="primary"
          onClick={() => window.location.reload()}
          data-testid="route-error-reload"
          className="center-button"
        >
          {t('common.reload')}
        </Button>
      </div>
    </div>
  );
}
