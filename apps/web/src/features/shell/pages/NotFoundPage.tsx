import { DEFAULT_TAB } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { PageNavBar } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';

/** /NotFound: where unknown addresses land, with a way home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-found-page">
      <PageNavBar title={t('notFound.navTitle')} />
      <div className="page-body page-center">
        <ErrorBlock
          status="empty"
          title={<span data-testid="not-found-title">{t('notFound.title')}</span>}
          description={t('notFound.description')}
        />
        <Button
          color="primary"
          onClick={() => navigate(DEFAULT_TAB, { replace: true })}
          data-testid="not-found-home"
          className="center-button"
        >
          {t('common.backHome')}
        </Button>
      </div>
    </div>
  );
}
