import { PAYABLE_ORDER_STATES, USERTYPE_STUDENT, USERTYPE_TEACHER, yuan } from '@paiclass/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import EmptyBlock from '../../../components/EmptyBlock';
import { LightTabs } from '../../../components/LightTabs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { errorMessage, showApiError } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { LoadFailed } from '../../courses/components/NoPermission';
import { saveBlob } from '../../scores/api';
import { day, dayTime, type TradeRecord, vipApi, vipKeys } from '../api';
import { InvoiceForm } from './InvoiceForm';
import { OrderStateTag } from './OrderState';
import { usePayStart } from './PayStart';
import { StudyCardTab } from './StudyCardTab';
import '../vip.css';

/**
 * /myAllSetting?detail=myTradeRecord (spec 1 §2 trade record): the caller's orders page by page,
 * newest first, each with its state; tapping one shows its detail, where an order still payable can
 * be paid. Teachers invoice (spec 1 §4 invoice flow, §6): the header button toggles selection mode
 * (select all, the count and total, Next), then the form and its success panel. Students also get
 * the pre-career study-card tab (`&tab=studyCard`, spec 1 §2, §6). An order's detail shows its
 * invoice's state, the issued invoice's number and PDF, or why it was refused (decision 039).
 */
export function TradeRecordScreen() {
  const { t } = useTranslation();
  const goBack = useGoBack('/ktpMy');
  const user = useUser();
  const queryClient = useQueryClient();
  const isTeacher = Number(user?.usertype) === USERTYPE_TEACHER;
  const isStudent = Number(user?.usertype) === USERTYPE_STUDENT;
  const [params, setParams] = useSearchParams();
  const tab = isStudent && params.get('tab') === 'studyCard' ? 'studyCard' : 'trade';
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'studyCard') next.set('tab', 'studyCard');
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  const [open, setOpen] = useState<TradeRecord | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [invoicing, setInvoicing] = useState<TradeRecord[] | null>(null);
  const pages = useInfiniteQuery({
    queryKey: vipKeys.orders,
    queryFn: ({ pageParam }) => vipApi.tradeRecord(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pagesize < last.total ? last.page + 1 : undefined),
  });

  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const invoiceable = rows.filter((o) => o.invoiceable);

  if (invoicing)
    return (
      <InvoiceForm
        chosen={invoicing}
        onBack={() => setInvoicing(null)}
        onDone={() => {
          setInvoicing(null);
          setSelecting(false);
          setSelected([]);
          void queryClient.invalidateQueries({ queryKey: vipKeys.orders });
        }}
      />
    );
  if (open) return <OrderDetail order={open} onBack={() => setOpen(null)} />;

  // spec 1 §5: starting with nothing to invoice, and Next with nothing chosen, each say so
  const toggleSelecting = () => {
    if (selecting) {
      setSelecting(false);
      setSelected([]);
    } else if (!invoiceable.length) Toast.show({ content: t('vip.invoice.noOrders') });
    else setSelecting(true);
  };
  const next = () => {
    const chosen = invoiceable.filter((o) => selected.includes(o.orderno));
    if (!chosen.length) Toast.show({ content: t('validation.invoiceChooseOrders') });
    else setInvoicing(chosen);
  };
  const allChosen = invoiceable.length > 0 && invoiceable.every((o) => selected.includes(o.orderno));
  const chosenTotal = invoiceable.filter((o) => selected.includes(o.orderno)).reduce((sum, o) => sum + Number(o.total_fee), 0);

  return (
    <div className={`page vip-page${selecting ? ' trade-selecting' : ''}`} data-testid="trade-record-page">
      <PageNavBar
        title={t('vip.record.title')}
        onBack={goBack}
        right={
          isTeacher && !pages.isPending && !pages.isError ? (
            <button type="button" className="nav-text-button" onClick={toggleSelecting} data-testid="trade-invoice-toggle">
              {selecting ? t('vip.invoice.cancel') : t('vip.invoice.start')}
            </button>
          ) : null
        }
      />
      {isStudent ? (
        <LightTabs
          tabs={[
            { key: 'trade', title: t('vip.studyCard.tradeTab') },
            { key: 'studyCard', title: <span data-testid="study-card-tab-title">{t('vip.studyCard.tab')}</span> },
          ]}
          activeKey={tab}
          onChange={setTab}
        />
      ) : null}
      {tab === 'studyCard' ? (
        <StudyCardTab />
      ) : pages.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : pages.isError ? (
        <LoadFailed message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} />
      ) : rows.length === 0 ? (
        <div className="page-body" data-testid="trade-record-empty">
          <EmptyBlock status="empty" title={t('vip.record.empty')} description="" />
        </div>
      ) : (
        <div className="page-body">
          <List className="vip-list">
            {rows.map((o) => (
              <List.Item
                key={o.orderno}
                arrowIcon={!selecting}
                prefix={
                  selecting ? (
                    <Checkbox
                      checked={selected.includes(o.orderno)}
                      disabled={!o.invoiceable}
                      data-testid="trade-check"
                      onChange={(on) => setSelected((s) => (on ? [...s, o.orderno] : s.filter((n) => n !== o.orderno)))}
                    />
                  ) : undefined
                }
                onClick={selecting ? undefined : () => setOpen(o)}
                data-testid="trade-row"
                data-orderno={o.orderno}
                description={dayTime(o.createtime)}
                extra={
                  <div className="trade-extra">
                    <span className="trade-fee">¥{yuan(o.total_fee)}</span>
                    <OrderStateTag paystate={o.paystate} />
                    {o.invoice ? (
                      <span className="muted small" data-testid="trade-invoice">
                        {o.invoice}
                      </span>
                    ) : null}
                  </div>
                }
              >
                <span data-testid="trade-row-name">{o.productname}</span>
              </List.Item>
            ))}
          </List>
          {pages.hasNextPage ? (
            <Button
              block
              fill="none"
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
              data-testid="trade-more"
            >
              {t('vip.record.more')}
            </Button>
          ) : (
            <p className="muted small center-text" data-testid="trade-end">
              {t('vip.record.end')}
            </p>
          )}
          {selecting ? (
            <div className="trade-select-bar" data-testid="trade-select-bar">
              <Checkbox
                checked={allChosen}
                onChange={(on) => setSelected(on ? invoiceable.map((o) => o.orderno) : [])}
                data-testid="trade-select-all"
              >
                {t('vip.invoice.selectAll')}
              </Checkbox>
              <span className="trade-select-sum" data-testid="trade-select-sum">
                {t('vip.invoice.chosen', { count: selected.length, amount: yuan(chosenTotal) })}
              </span>
              <Button size="small" color="primary" shape="rounded" onClick={next} data-testid="trade-next">
                {t('vip.invoice.next')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** One order: what was bought, its amount, number, times and state; payable ones can be paid. */
function OrderDetail({ order, onBack }: { order: TradeRecord; onBack: () => void }) {
  const { t } = useTranslation();
  const [paying, setPaying] = useState(false);
  const payStart = usePayStart(onBack);
  const payable = PAYABLE_ORDER_STATES.includes(order.paystate);
  const [downloading, setDownloading] = useState(false);
  // the issued invoice's PDF (decision 039)
  const downloadPdf = async () => {
    setDownloading(true);
    try {
      const file = await vipApi.downloadInvoice(order.orderno, order.invoice_number);
      saveBlob(file.blob, file.name);
    } catch (e) {
      showApiError(e);
    } finally {
      setDownloading(false);
    }
  };
  const pay = async () => {
    setPaying(true);
    try {
      await payStart.start(order.orderno);
    } catch (e) {
      showApiError(e);
    } finally {
      setPaying(false);
    }
  };
  const line = (label: string, value: string, testid?: string) => (
    <List.Item
      extra={
        <span className="order-line-value" data-testid={testid}>
          {value}
        </span>
      }
    >
      {label}
    </List.Item>
  );
  return (
    <div className="page vip-page" data-testid="order-detail-page">
      {payStart.popup}
      <PageNavBar title={t('vip.record.detail')} onBack={onBack} />
      <div className="page-body">
        <div className="order-head">
          <div className="pay-amount" data-testid="order-amount">
            ¥{yuan(order.total_fee)}
          </div>
          <OrderStateTag paystate={order.paystate} />
        </div>
        <List className="vip-list">
          {line(t('vip.pay.product'), order.productname, 'order-product')}
          {line(t('vip.record.type'), order.desc)}
          {line(t('vip.pay.orderno'), order.orderno, 'order-no')}
          {line(t('vip.record.created'), dayTime(order.createtime))}
          {order.paytime ? line(t('vip.record.paid'), dayTime(order.paytime), 'order-paytime') : null}
          {order.refundtime ? line(t('vip.record.refunded'), dayTime(order.refundtime)) : null}
          {order.refundtime ? line(t('vip.record.refundFee'), `¥${yuan(order.refund_fee)}`, 'order-refund-fee') : null}
          {order.vip_end
            ? line(t('vip.record.validity'), `${day(order.vip_begin)} ~ ${day(order.vip_end)}`, 'order-validity')
            : null}
          {payable && order.closetime ? line(t('vip.record.closesAt'), dayTime(order.closetime)) : null}
          {order.invoicestate ? line(t('vip.record.invoice'), order.invoice, 'order-invoice') : null}
          {order.invoicestate === 2 ? line(t('vip.record.invoiceNumber'), order.invoice_number, 'order-invoice-number') : null}
          {order.invoicestate === 3 ? line(t('vip.record.invoiceReason'), order.invoice_reason, 'order-invoice-reason') : null}
        </List>
        {order.invoicestate === 2 ? (
          <Button
            block
            color="primary"
            fill="outline"
            shape="rounded"
            className="vip-buy"
            loading={downloading}
            onClick={() => void downloadPdf()}
            data-testid="order-invoice-download"
          >
            {t('vip.record.invoiceDownload')}
          </Button>
        ) : null}
        {payable ? (
          <Button
            block
            color="primary"
            shape="rounded"
            className="vip-buy"
            loading={paying}
            onClick={() => void pay()}
            data-testid="order-pay"
          >
            {t('vip.record.pay')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
