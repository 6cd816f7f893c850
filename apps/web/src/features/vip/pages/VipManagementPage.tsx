import { VIP_DEFAULT_PRICE_CENTS, VIP_MONTHLY_FROM_YUAN, yuan } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { LoadFailed } from '../../courses/components/NoPermission';
import { day, vipApi, vipKeys } from '../api';
import { CardStateTag } from '../components/CardState';
import { usePayStart } from '../components/PayStart';
import { levelName, privilegesFor } from '../privileges';
import '../vip.css';

/**
 * /vipManagement (spec 1 §2, §6, §9): the membership in force, the plans on sale with their prices in
 * yuan ("from 2.9 yuan" until they are loaded), buying one (an order, then the provider's page), the
 * cards bought, and the privileges, which differ for teachers and students. An institution VIP granted
 * by the teacher's school shows with the school and its end (decision 039).
 */
export default function VipManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const goBack = useGoBack('/ktpMy');
  const products = useQuery({ queryKey: vipKeys.products, queryFn: vipApi.products });
  const info = useQuery({ queryKey: vipKeys.info, queryFn: vipApi.info });
  const payStart = usePayStart(() => void info.refetch());
  const [chosen, setChosen] = useState<number | null>(null);
  const [buying, setBuying] = useState(false);

  if (!user) return <LoadingScreen />;
  const list = products.data?.list ?? [];
  const selected = list.find((p) => p.id === chosen) ?? list[0];
  const privileges = privilegesFor(user.usertype);

  const buy = async () => {
    if (!selected || buying) return;
    setBuying(true);
    try {
      // the price is the server's: the order names the product only
      const order = await vipApi.createOrder(selected.id);
      await payStart.start(order.orderno);
    } catch (e) {
      showApiError(e);
    } finally {
      setBuying(false);
    }
  };

  const from = yuan(products.data?.minprice || VIP_DEFAULT_PRICE_CENTS);

  return (
    <div className="page vip-page" data-testid="vip-page">
      {payStart.popup}
      <PageNavBar title={t('vip.title')} onBack={goBack} />
      <div className="page-body">
        <section className="vip-status" data-testid="vip-status">
          {info.isPending ? (
            <span className="muted">{t('common.loading')}</span>
          ) : info.isError ? (
            <span className="muted">{t('vip.statusFailed')}</span>
          ) : info.data.isvip > 0 ? (
            <>
              <Tag color="warning" fill="solid" round data-testid="vip-level">
                {levelName(t, info.data.isvip)}
              </Tag>
              {info.data.institution ? (
                <div className="vip-status-line" data-testid="vip-institution">
                  {t('vip.institutionUntil', {
                    jigou: info.data.institution.jigou,
                    level: levelName(t, info.data.institution.level),
                    date: day(info.data.institution.endtime),
                    days: info.data.institution.remainDays,
                  })}
                </div>
              ) : null}
              {/* the bought membership beside an institution's grant, when it is still running */}
              {!info.data.institution || info.data.endtime * 1000 > Date.now() ? (
                <div className="vip-status-line" data-testid="vip-until">
                  {info.data.endtime
                    ? t('vip.until', { date: day(info.data.endtime), days: info.data.remainDays })
                    : t('vip.noEnd')}
                </div>
              ) : null}
            </>
          ) : (
            <>
              <div className="vip-status-title" data-testid="vip-none">
                {t('vip.notMember')}
              </div>
              <div className="vip-status-line">{t('vip.fromMonthly', { price: VIP_MONTHLY_FROM_YUAN })}</div>
            </>
          )}
        </section>

        <h3 className="vip-heading">{t('vip.plans')}</h3>
        {products.isError ? (
          <LoadFailed message={t('vip.plansFailed')} onRetry={() => void products.refetch()} />
        ) : products.isPending ? (
          <div className="vip-plans">
            <div className="vip-plan vip-plan-placeholder" data-testid="vip-plan-default">
              <div className="vip-plan-price">{t('vip.priceFrom', { price: from })}</div>
            </div>
          </div>
        ) : (
          <div className="vip-plans">
            {list.map((p) => (
              <button
                type="button"
                key={p.id}
                aria-pressed={selected?.id === p.id}
                className={`vip-plan${selected?.id === p.id ? ' vip-plan-selected' : ''}`}
                onClick={() => setChosen(p.id)}
                data-testid="vip-plan"
                data-id={p.id}
              >
                <div className="vip-plan-name">{p.productname}</div>
                <div className="vip-plan-price">¥{yuan(p.price)}</div>
                <div className="vip-plan-months muted small">{t('vip.months', { count: p.months })}</div>
                {p.pro_rata ? <div className="vip-plan-terms muted small">{t('vip.proRata')}</div> : null}
              </button>
            ))}
          </div>
        )}
        <Button
          block
          color="warning"
          size="large"
          shape="rounded"
          className="vip-buy"
          disabled={!selected}
          loading={buying}
          onClick={() => void buy()}
          data-testid="vip-buy"
        >
          {selected
            ? t(info.data?.isvip ? 'vip.renewFor' : 'vip.buyFor', { price: yuan(selected.price) })
            : t('vip.priceFrom', { price: from })}
        </Button>

        {info.data && info.data.cards.length > 0 ? (
          <List header={t('vip.cards')} className="vip-list" data-testid="vip-cards">
            {info.data.cards.map((c) => (
              <List.Item
                key={c.orderno}
                data-testid="vip-card"
                description={`${day(c.time.begin_time)} ~ ${day(c.time.end_time)}`}
                extra={<CardStateTag card={c} testId="vip-card-state" />}
              >
                {c.productname}
              </List.Item>
            ))}
          </List>
        ) : null}

        <List header={t('vip.privileges')} className="vip-list" data-testid="vip-privileges">
          {privileges.map((p, i) => (
            <List.Item
              key={p}
              arrowIcon
              onClick={() => navigate(`/vipManagement/instruction?index=${i}`)}
              description={t(`vip.privilege.${p}.short`)}
              data-testid={`vip-privilege-${p}`}
            >
              {t(`vip.privilege.${p}.title`)}
            </List.Item>
          ))}
        </List>

        <List className="vip-list">
          <List.Item
            arrowIcon={<RightOutline />}
            onClick={() => navigate('/myAllSetting?detail=myTradeRecord')}
            data-testid="vip-trade-record"
          >
            {t('vip.tradeRecord')}
          </List.Item>
        </List>
      </div>
    </div>
  );
}
