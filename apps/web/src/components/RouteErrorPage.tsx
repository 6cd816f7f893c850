import { Button, ErrorBlock } from 'antd-mobile';
import { isChunkLoadError } from '../lib/chunkReload';
import { useRouteError } from '../lib/router';
import { useTranslation } from '../lib/translations';

/**
 * A page that crashed: say so and offer a reload instead of a blank screen. A page whose code could
 * not be fetched even after the automatic reload shows the spec's ChunkLoadError (spec 2 §8).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(useRouteError());
  return (
    <div className="page" data-testid={chunk ? 'chunk-error-page' : 'route-error-page'}>
      <div className="page-body page-center">
        <ErrorBlock
          status="default"
          title={chunk ? t('common.chunkErrorTitle') : t('common.crashTitle')}
          description={chunk ? t('common.chunkErrorText') : t('common.crashText')}
        />
        <Button
          color="primary"
          onClick={() => window.location.reload()}
          data-testid="route-error-reload"
          className="center-button"
        >
          {chunk ? t('common.retry') : t('common.reload')}
        </Button>
      </div>
    </div>
  );
}
