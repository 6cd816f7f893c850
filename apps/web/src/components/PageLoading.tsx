import { useTranslation } from '../lib/translations';
import { Spinner } from './Spinner';

/**
 * What a page shows while its code arrives: the same centred spinner as index.html's placeholder,
 * on a full-height page (inside the home shell, the space above the tab bar), so nothing jumps.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page page-loading" data-testid="page-loading" aria-busy="true">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
