import { STUDY_CARD_PAY_STATE, type StudyCardOrder, yuan } from '@paiclass/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Card, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import EmptyBlock from '../../../components/EmptyBlock';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { errorMessage, showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { day, dayTime, vipApi, vipKeys } from '../api';
import { usePayStart } from './PayStart';

const STATE_COLOR: Record<number, 'warning' | 'success' | 'default'> = {
  [STUDY_CARD_PAY_STATE.pending]: 'warning',
  [STUDY_CARD_PAY_STATE.completed]: 'success',
  [STUDY_CARD_PAY_STATE.refunded]: 'default',
  [STUDY_CARD_PAY_STATE.closed]: 'default',
};

/**
 * The students' pre-career study-card tab of the trade record (spec 1 §2, §3 Study-card order, §4
 * pay_state, §6): the cards on sale to buy, then the student's orders of them with their state and
 * amount in yuan, or the empty text. A pending order can be paid from here.
 */
export function StudyCardTab() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | number | null>(null);
  const products = useQuery({ queryKey: vipKeys.studyCards, queryFn: vipApi.studyCards });
  const pages = useInfiniteQuery({
    queryKey: vipKeys.studyCardOrders,
    queryFn: ({ pageParam }) => vipApi.studyCardOrders(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pagesize < last.total ? last.page + 1 : undefined),
  });
  const payStart = usePayStart(() => void pages.refetch());

  const run = async (key: string | number, action: () => Promise<unknown>) => {
    if (busy !== null) return;
    setBusy(key);
    try {
      await action();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };
  const buy = (id: number) => run(id, async () => payStart.start((await vipApi.createOrder(id)).orderno));
  const pay = (o: StudyCardOrder) => run(o.orderno, () => payStart.start(o.orderno));

  if (pages.isPending || products.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (pages.isError || products.isError)
    return (
      <LoadFailed
        message={errorMessage(pages.error ?? products.error)}
        onRetry={() => void Promise.all([pages.refetch(), products.refetch()])}
      />
    );
  const rows = pages.data.pages.flatMap((p) => p.list);

  return (
    <div className="page-body" data-testid="study-card-tab">
      {payStart.popup}
      {products.data.list.length > 0 ? (
        <Card title={t('vip.studyCard.buyTitle')} className="study-card-shop">
          {products.data.list.map((p) => (
            <div key={p.id} className="study-card-product" data-testid="study-card-product">
              <div>
                <div className="study-card-name">{p.productname}</div>
                <div className="muted">{t('vip.studyCard.validity', { count: p.months })}</div>
                {p.pro_rata ? <div className="muted small">{t('vip.proRata')}</div> : null}
              </div>
              <Button
                size="small"
                color="primary"
                shape="rounded"
                loading={busy === p.id}
                disabled={busy !== null && busy !== p.id}
                onClick={() => void buy(p.id)}
                data-testid="study-card-buy"
              >
                ¥{yuan(p.price)}
              </Button>
            </div>
          ))}
        </Card>
      ) : null}
      {rows.length === 0 ? (
        <div data-testid="study-card-empty">
          <EmptyBlock status="empty" title={t('vip.studyCard.empty')} description="" />
        </div>
      ) : (
        <List className="vip-list" header={t('vip.studyCard.orders')}>
          {rows.map((o) => (
            <List.Item
              key={o.orderno}
              data-testid="study-card-order"
              data-orderno={o.orderno}
              description={
                <>
                  <div>{t('vip.studyCard.orderno', { orderno: o.orderno })}</div>
                  <div>{dayTime(o.createtime)}</div>
                  {o.pay_state === STUDY_CARD_PAY_STATE.completed ? (
                    <div>{t('vip.studyCard.validUntil', { date: day(o.end_time) })}</div>
                  ) : null}
                </>
              }
              extra={
                <div className="trade-extra">
                  <span className="trade-fee">¥{yuan(o.pay_amount)}</span>
                  <Tag color={STATE_COLOR[o.pay_state] ?? 'default'} fill="outline" data-testid="study-card-state">
                    {t(`vip.studyCard.state.${o.pay_state}`)}
                  </Tag>
                  {o.pay_state === STUDY_CARD_PAY_STATE.pending ? (
                    <Button
                      size="mini"
                      color="primary"
                      fill="outline"
                      loading={busy === o.orderno}
                      onClick={() => void pay(o)}
                      data-testid="study-card-pay"
                    >
                      {t('vip.record.pay')}
                    </Button>
                  ) : null}
                </div>
              }
            >
              {o.product_name}
            </List.Item>
          ))}
        </List>
      )}
      {pages.hasNextPage ? (
        <Button block fill="none" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('vip.record.more')}
        </Button>
      ) : null}
    </div>
  );
}
