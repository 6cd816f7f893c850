import {
  type AdminInvoiceRequest,
  INVOICE_MEDIUM,
  INVOICE_NUMBER_PATTERN,
  INVOICE_REASON_MAX,
  INVOICE_STATE,
  INVOICE_TYPE,
  yuan,
} from '@paiclass/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Tag, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import EmptyBlock from '../../../components/EmptyBlock';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { TextField } from '../../../components/TextField';
import { errorMessage, showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../../courses/components/NoPermission';
import { saveBlob } from '../../scores/api';
import { dayTime } from '../../vip/api';
import { adminApi, adminKeys } from '../api';

/** The states an operator filters by: waiting first (the work), then issued, refused, all (-1). */
const FILTERS = [INVOICE_STATE.requested, INVOICE_STATE.issued, INVOICE_STATE.refused, -1] as const;

/** The invoice requests tab of /admin (decision 053): the list by state, page by page, and one request. */
export function InvoiceRequestsTab() {
  const { t } = useTranslation();
  const [state, setState] = useState<number>(INVOICE_STATE.requested);
  const [openId, setOpenId] = useState<number | null>(null);
  const pages = useInfiniteQuery({
    queryKey: adminKeys.invoices(state),
    queryFn: ({ pageParam }) => adminApi.invoices(state, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
  });
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];

  if (openId !== null) return <InvoiceRequestDetail id={openId} onBack={() => setOpenId(null)} />;

  return (
    <div className="page-body admin-body" data-testid="admin-invoices">
      <fieldset className="admin-filter">
        <legend className="sr-only">{t('admin.invoice.filter')}</legend>
        {FILTERS.map((value) => (
          <Button
            key={value}
            size="small"
            shape="rounded"
            color={state === value ? 'primary' : 'default'}
            fill={state === value ? 'solid' : 'outline'}
            aria-pressed={state === value}
            onClick={() => setState(value)}
            data-testid={`admin-invoice-filter-${value}`}
          >
            {t(`admin.invoice.states.${value === -1 ? 'all' : value}`)}
          </Button>
        ))}
      </fieldset>
      {pages.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : pages.isError ? (
        <LoadFailed message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} />
      ) : rows.length === 0 ? (
        <div data-testid="admin-invoices-empty">
          <EmptyBlock status="empty" title={t(`admin.invoice.empty.${state === -1 ? 'all' : state}`)} description="" />
        </div>
      ) : (
        <>
          <List className="admin-list">
            {rows.map((r) => (
              <List.Item
                key={r.id}
                onClick={() => setOpenId(r.id)}
                data-testid="admin-invoice-row"
                data-id={r.id}
                description={
                  <span className="admin-row-desc">
                    {r.username || r.account} · {dayTime(r.createtime)}
                  </span>
                }
                extra={
                  <div className="admin-row-extra">
                    <span className="admin-amount">¥{yuan(r.amount)}</span>
                    <InvoiceStateTag state={r.state} />
                  </div>
                }
              >
                <span className="admin-row-title" data-testid="admin-invoice-title">
                  #{r.id} {r.title}
                </span>
              </List.Item>
            ))}
          </List>
          {pages.hasNextPage ? (
            <Button
              block
              fill="none"
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
              data-testid="admin-invoices-more"
            >
              {t('admin.more')}
            </Button>
          ) : (
            <p className="muted small center-text" data-testid="admin-invoices-end">
              {t('admin.end')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function InvoiceStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const color = state === INVOICE_STATE.issued ? 'success' : state === INVOICE_STATE.refused ? 'danger' : 'warning';
  return (
    <Tag color={color} fill="outline" data-testid="admin-invoice-state">
      {t(`admin.invoice.states.${state}`)}
    </Tag>
  );
}

/** One request: the form the teacher filled, the orders, and the operator's decision (issue or refuse). */
function InvoiceRequestDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const request = useQuery({ queryKey: adminKeys.invoice(id), queryFn: () => adminApi.invoice(id) });
  const [number, setNumber] = useState('');
  const [reason, setReason] = useState('');
  const [numberError, setNumberError] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState<'issue' | 'refuse' | 'pdf' | null>(null);

  const done = (answer: AdminInvoiceRequest) => {
    client.setQueryData(adminKeys.invoice(id), answer);
    void client.invalidateQueries({ queryKey: ['admin', 'invoices'] });
  };
  const issue = async () => {
    setRefusal('');
    setReasonError('');
    const given = number.trim();
    if (given && !INVOICE_NUMBER_PATTERN.test(given)) return setNumberError(t('validation.invoiceNumber'));
    setNumberError('');
    setBusy('issue');
    try {
      const answer = await adminApi.issue(id, given);
      done(answer);
      Toast.show({ content: t('admin.invoice.issuedToast', { number: answer.number }) });
    } catch (e) {
      setRefusal(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const refuse = async () => {
    setRefusal('');
    setNumberError('');
    const why = reason.trim();
    if (!why || why.length > INVOICE_REASON_MAX) return setReasonError(t('validation.refuseReason'));
    setReasonError('');
    const ok = await confirmDialog({
      title: t('admin.invoice.refuseTitle'),
      content: t('admin.invoice.refuseConfirm', { reason: why }),
      confirmText: t('admin.invoice.refuse'),
      danger: true,
      testid: 'admin-refuse',
    }).result;
    if (!ok) return;
    setBusy('refuse');
    try {
      done(await adminApi.refuse(id, why));
      Toast.show({ content: t('admin.invoice.refusedToast') });
    } catch (e) {
      setRefusal(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const downloadPdf = async (r: AdminInvoiceRequest) => {
    setBusy('pdf');
    try {
      const file = await adminApi.pdf(r.id, r.number);
      saveBlob(file.blob, file.name);
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };

  const back = (
    <Button size="small" fill="none" onClick={onBack} data-testid="admin-invoice-back" className="admin-back">
      ‹ {t('admin.invoice.backToList')}
    </Button>
  );
  if (request.isPending)
    return (
      <div className="page-body admin-body">
        {back}
        <LoadingScreen text={t('common.loading')} />
      </div>
    );
  if (request.isError)
    return (
      <div className="page-body admin-body">
        {back}
        <LoadFailed message={errorMessage(request.error)} onRetry={() => void request.refetch()} />
      </div>
    );
  const r = request.data;
  const line = (label: string, value: string, testid?: string) =>
    value ? (
      <List.Item
        extra={
          <span className="admin-line-value" data-testid={testid}>
            {value}
          </span>
        }
      >
        {label}
      </List.Item>
    ) : null;
  const electronic = r.invoicetype === INVOICE_MEDIUM.electronic;
  return (
    <div className="page-body admin-body" data-testid="admin-invoice-detail" data-id={r.id}>
      {back}
      <div className="admin-head">
        <div className="admin-head-amount" data-testid="admin-invoice-amount">
          ¥{yuan(r.amount)}
        </div>
        <InvoiceStateTag state={r.state} />
      </div>
      <List className="admin-list" header={t('admin.invoice.form')}>
        {line(t('admin.invoice.requester'), `${r.username} (${r.account})`, 'admin-invoice-requester')}
        {line(t('vip.invoice.titleField'), r.title, 'admin-invoice-title-field')}
        {line(
          t('vip.invoice.type'),
          r.type === INVOICE_TYPE.enterprise ? t('vip.invoice.enterprise') : t('vip.invoice.personal'),
        )}
        {line(t('vip.invoice.medium'), electronic ? t('vip.invoice.electronic') : t('vip.invoice.paper'))}
        {line(t('vip.invoice.item'), t(`vip.invoice.items.${r.item}`))}
        {line(t('vip.invoice.taxNo'), r.invoiceno)}
        {line(t('admin.invoice.bank'), [r.bankname, r.bankaccount].filter(Boolean).join(' '))}
        {line(t('admin.invoice.registered'), [r.registeraddress, r.registertel].filter(Boolean).join(' '))}
        {electronic ? line(t('vip.invoice.email'), r.email) : line(t('vip.invoice.recipients'), r.recipients)}
        {electronic ? null : line(t('vip.invoice.address'), r.deliveryaddress)}
        {line(t('vip.invoice.phone'), r.telphone)}
        {electronic
          ? null
          : line(t('admin.invoice.shipping'), r.free_shipping ? t('admin.invoice.free') : t('admin.invoice.collect'))}
        {line(t('admin.invoice.created'), dayTime(r.createtime))}
      </List>
      <List className="admin-list" header={t('admin.invoice.orders', { count: r.orders.length })}>
        {r.orders.map((o) => (
          <List.Item
            key={o.orderno}
            description={<span className="admin-orderno">{o.orderno}</span>}
            extra={<span className="admin-amount">¥{yuan(o.total_fee)}</span>}
            data-testid="admin-invoice-order"
          >
            {o.productname}
          </List.Item>
        ))}
      </List>

      {r.state === INVOICE_STATE.issued ? (
        <section className="admin-result" data-testid="admin-invoice-issued">
          <div>
            {t('admin.invoice.number')}: <strong data-testid="admin-invoice-issued-number">{r.number}</strong>
          </div>
          <div className="muted small">{dayTime(r.handletime)}</div>
          {r.pdf ? (
            <Button
              color="primary"
              fill="outline"
              size="small"
              loading={busy === 'pdf'}
              onClick={() => void downloadPdf(r)}
              data-testid="admin-invoice-pdf"
            >
              {t('admin.invoice.pdf')}
            </Button>
          ) : null}
        </section>
      ) : r.state === INVOICE_STATE.refused ? (
        <section className="admin-result" data-testid="admin-invoice-refused">
          <div>{t('admin.invoice.refusedBecause')}</div>
          <div data-testid="admin-invoice-reason">{r.reason}</div>
          <div className="muted small">{dayTime(r.handletime)}</div>
        </section>
      ) : (
        <section className="admin-actions" data-testid="admin-invoice-actions">
          <TextField
            testid="admin-issue-number"
            label={t('admin.invoice.numberLabel')}
            placeholder={t('admin.invoice.numberPlaceholder')}
            hint={t('admin.invoice.numberHint')}
            value={number}
            onChange={(v) => {
              setNumber(v);
              setNumberError('');
            }}
            inputMode="numeric"
            maxLength={20}
            error={numberError}
          />
          <Button
            block
            color="primary"
            shape="rounded"
            loading={busy === 'issue'}
            disabled={busy !== null}
            onClick={() => void issue()}
            data-testid="admin-issue"
          >
            {t('admin.invoice.issue')}
          </Button>
          <div className={`field${reasonError ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor="admin-refuse-reason">
              {t('admin.invoice.reasonLabel')}
            </label>
            <TextArea
              id="admin-refuse-reason"
              value={reason}
              onChange={(v) => {
                setReason(v);
                setReasonError('');
              }}
              placeholder={t('admin.invoice.reasonPlaceholder')}
              maxLength={INVOICE_REASON_MAX}
              showCount
              rows={2}
              data-testid="admin-refuse-reason"
            />
            {reasonError ? (
              <div className="field-error" role="alert" data-testid="admin-refuse-reason-error">
                {reasonError}
              </div>
            ) : null}
          </div>
          <Button
            block
            color="danger"
            fill="outline"
            shape="rounded"
            loading={busy === 'refuse'}
            disabled={busy !== null}
            onClick={() => void refuse()}
            data-testid="admin-refuse"
          >
            {t('admin.invoice.refuse')}
          </Button>
        </section>
      )}
      <FormError message={refusal} testid="admin-invoice-error" />
    </div>
  );
}
