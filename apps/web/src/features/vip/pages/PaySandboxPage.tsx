import { ORDER_STATE, PAYABLE_ORDER_STATES, yuan } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { accountsApi } from '../../accounts/api';
import { useAuth } from '../../accounts/authStore';
import { LoadFailed } from '../../courses/components/NoPermission';
import { day, vipApi, vipKeys } from '../api';
import { OrderStateTag } from '../components/OrderState';
import '../vip.css';

/**
 * /paySandbox?orderno= (issue 28, decision 035): the sandbox payment provider's page, used when no
 * real provider is configured. The payer chooses to pay or to fail; the choice comes back to the
 * server as the sandbox's signed notification. A failed payment may be tried again until the order
 * closes.
 */
export default function PaySandboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderno = params.get('orderno') ?? '';
  const goBack = useGoBack('/vipManagement');
  const order = useQuery({ queryKey: vipKeys.order(orderno), queryFn: () => vipApi.order(orderno), enabled: Boolean(orderno) });
  const [busy, setBusy] = useState<'pay' | 'fail' | 'retry' | null>(null);
  const [failed, setFailed] = useState(false);
  // an order already unpaid opens on its failure; "try again" goes back to the choice
  const [retried, setRetried] = useState(false);

  const choose = async (result: 'pay' | 'fail') => {
    setBusy(result);
    try {
      const updated = await vipApi.sandboxPay(orderno, result);
      queryClient.setQueryData(vipKeys.order(orderno), updated);
      void queryClient.invalidateQueries({ queryKey: vipKeys.all });
      if (updated.paystate === ORDER_STATE.paid) {
        // the privileges follow at once: the user's membership as every page reads it
        useAuth.getState().setUser(await accountsApi.getUserInfo());
      } else setFailed(true);
    } catch (e) {
      showApiError(e);
      void order.refetch();
    } finally {
      setBusy(null);
    }
  };

  const retry = async () => {
    setBusy('retry');
    try {
      const pay = await vipApi.pay(orderno);
      setFailed(false);
      setRetried(true);
      if (pay.payurl !== `/paySandbox?orderno=${orderno}`) navigate(pay.payurl);
    } catch (e) {
      showApiError(e);
      void order.refetch();
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (!orderno) body = <LoadFailed message={t('validation.ordernoInvalid')} />;
  else if (order.isPending) body = <LoadingScreen text={t('common.loading')} />;
  else if (order.isError) body = <LoadFailed message={errorMessage(order.error)} onRetry={() => void order.refetch()} />;
  else {
    const o = order.data;
    const payable = PAYABLE_ORDER_STATES.includes(o.paystate);
    const showFailed = failed || (o.paystate === ORDER_STATE.unpaid && !retried);
    body = (
      <div className="page-body">
        <Card className="pay-card" data-testid="pay-order">
          <div className="pay-sandbox-note" data-testid="pay-sandbox-note">
            {t('vip.pay.sandboxNote')}
          </div>
          <div className="pay-amount" data-testid="pay-amount">
            ¥{yuan(o.total_fee)}
          </div>
          <div className="pay-line">
            <span className="muted">{t('vip.pay.product')}</span>
            <span data-testid="pay-product">{o.productname}</span>
          </div>
          <div className="pay-line">
            <span className="muted">{t('vip.pay.orderno')}</span>
            <span className="pay-orderno">{o.orderno}</span>
          </div>
          <div className="pay-line">
            <span className="muted">{t('vip.pay.state')}</span>
            <OrderStateTag paystate={o.paystate} />
          </div>
        </Card>
        {o.paystate === ORDER_STATE.paid ? (
          <Result
            status="success"
            title={<span data-testid="pay-success">{t('vip.pay.success')}</span>}
            description={
              o.from_type === 1
                ? t('vip.studyCard.paidText', { date: day(o.vip_end) })
                : t('vip.pay.successText', { date: day(o.vip_end) })
            }
          />
        ) : showFailed ? (
          <Result
            status="error"
            title={<span data-testid="pay-failed">{t('vip.pay.failed')}</span>}
            description={t('vip.pay.failedText')}
          />
        ) : !payable ? (
          <Result status="info" title={<span data-testid="pay-not-payable">{t(`vip.orderState.${o.paystate}`)}</span>} />
        ) : null}
        <div className="pay-actions">
          {o.paystate === ORDER_STATE.paid && o.from_type === 1 ? (
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => navigate('/myAllSetting?detail=myTradeRecord&tab=studyCard')}
              data-testid="pay-back-cards"
            >
              {t('vip.studyCard.backToCards')}
            </Button>
          ) : o.paystate === ORDER_STATE.paid ? (
            <>
              <Button block color="primary" shape="rounded" onClick={() => navigate('/vipManagement')} data-testid="pay-back-vip">
                {t('vip.pay.backToVip')}
              </Button>
              <Button block shape="rounded" onClick={() => navigate('/ktpCourse')} data-testid="pay-to-courses">
                {t('vip.pay.toCourses')}
              </Button>
            </>
          ) : payable && showFailed ? (
            <Button
              block
              color="primary"
              shape="rounded"
              loading={busy === 'retry'}
              onClick={() => void retry()}
              data-testid="pay-retry"
            >
              {t('vip.pay.retry')}
            </Button>
          ) : payable ? (
            <>
              <Button
                block
                color="success"
                size="large"
                shape="rounded"
                loading={busy === 'pay'}
                disabled={busy !== null}
                onClick={() => void choose('pay')}
                data-testid="pay-confirm"
              >
                {t('vip.pay.confirm', { price: yuan(o.total_fee) })}
              </Button>
              <Button
                block
                color="danger"
                fill="outline"
                shape="rounded"
                loading={busy === 'fail'}
                disabled={busy !== null}
                onClick={() => void choose('fail')}
                data-testid="pay-fail"
              >
                {t('vip.pay.simulateFail')}
              </Button>
            </>
          ) : o.from_type === 1 ? (
            <Button
              block
              shape="rounded"
              onClick={() => navigate('/myAllSetting?detail=myTradeRecord&tab=studyCard')}
              data-testid="pay-back-cards"
            >
              {t('vip.studyCard.backToCards')}
            </Button>
          ) : (
            <Button block shape="rounded" onClick={() => navigate('/vipManagement')} data-testid="pay-back-vip">
              {t('vip.pay.backToVip')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="page vip-page" data-testid="pay-sandbox-page">
      <PageNavBar title={t('vip.pay.title')} onBack={goBack} />
      {body}
    </div>
  );
}
