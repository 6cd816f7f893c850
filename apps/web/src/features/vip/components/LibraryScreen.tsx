import type { LibraryItem } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import EmptyBlock from '../../../components/EmptyBlock';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { day, vipApi, vipKeys } from '../api';
import { levelName } from '../privileges';
import { CardStateTag } from './CardState';
import '../vip.css';

/** What a card is called: its product, or for an institution's grant, the institution and the level. */
function title(t: TFunction, c: LibraryItem) {
  return c.kind === 'institutionVip' ? t('vip.library.grant', { jigou: c.jigou, level: levelName(t, c.level) }) : c.productname;
}

/**
 * /myAllSetting?detail=myLibrary (issue 28): what the user owns, each card with its validity: in
 * force (with the days left), bought for the future, or ended; the VIP cards and study cards their
 * payments bought, and a school's VIP grant. Nothing owned yet leads to the VIP page.
 */
export function LibraryScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/ktpMy');
  const navigate = useNavigate();
  const library = useQuery({ queryKey: vipKeys.library, queryFn: vipApi.library });
  const list = library.data?.list ?? [];

  return (
    <div className="page vip-page">
      <PageNavBar title={t('vip.library.title')} onBack={goBack} />
      {library.isPending ? (
        <LoadingScreen />
      ) : library.isError ? (
        <LoadFailed message={errorMessage(library.error)} onRetry={() => void library.refetch()} />
      ) : list.length === 0 ? (
        <div className="page-body library-empty" data-testid="library-empty">
          <EmptyBlock status="empty" title={t('vip.library.empty')} description={t('vip.library.emptyHint')} />
          <Button block color="primary" onClick={() => navigate('/vipManagement')} data-testid="library-open-vip">
            {t('vip.library.openVip')}
          </Button>
        </div>
      ) : (
        <div className="page-body">
          <List className="vip-list" data-testid="library-list">
            {list.map((c) => (
              <List.Item
                key={`${c.kind}-${c.orderno || c.jigou}`}
                data-testid="library-item"
                data-kind={c.kind}
                description={
                  <div className="library-item-lines">
                    <div className="library-item-tags">
                      <Tag color="primary" fill="outline">
                        {t(`vip.library.kind.${c.kind}`)}
                      </Tag>
                      <CardStateTag card={c} testId="library-item-state" />
                    </div>
                    <div>{`${day(c.time.begin_time)} ~ ${day(c.time.end_time)}`}</div>
                    {c.paytime ? <div>{t('vip.library.paid', { date: day(c.paytime) })}</div> : null}
                  </div>
                }
              >
                {title(t, c)}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </div>
  );
}
