import { type CallOutput, type commerceCalls, firstInvoiceProblem, INVOICE_ITEMS, yuan } from '@paiclass/shared';
import { Button, Result, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { PageNavBar } from '../../../components/PageNavBar';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { type TradeRecord, vipApi } from '../api';

type Invoice = CallOutput<typeof commerceCalls.applyInvoice>;

const EMPTY = {
  title: '',
  invoiceno: '',
  bankname: '',
  bankaccount: '',
  registeraddress: '',
  registertel: '',
  email: '',
  telphone: '',
  recipients: '',
  deliveryaddress: '',
};
type Fields = typeof EMPTY;

/**
 * The invoice form (spec 1 §3, §4, §5): enterprise or personal, electronic or paper, the item 0-3,
 * checked in the spec's order before sending (the server checks the same, `firstInvoiceProblem`);
 * then the success panel and back to the record.
 */
export function InvoiceForm({ chosen, onBack, onDone }: { chosen: TradeRecord[]; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<0 | 1>(1);
  const [medium, setMedium] = useState<0 | 1>(0);
  const [item, setItem] = useState<number>(0);
  const [f, setF] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<Invoice | null>(null);
  const total = chosen.reduce((sum, o) => sum + Number(o.total_fee), 0);
  const dirty = Object.values(f).some(Boolean);
  // confirmation before loss: what was typed goes when leaving the form
  const leave = async () => {
    if (dirty) {
      const ok = await confirmDialog({
        title: t('vip.invoice.leaveTitle'),
        content: t('vip.invoice.leaveText'),
        confirmText: t('vip.invoice.leave'),
        cancelText: t('vip.invoice.stay'),
        danger: true,
        testid: 'invoice-leave-ask',
      }).result;
      if (!ok) return;
    }
    onBack();
  };

  const set = (k: keyof Fields) => (v: string) => {
    setF((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
    setFormError(undefined);
  };

  const submit = async () => {
    const problem = firstInvoiceProblem({ type, invoicetype: medium, ...f });
    if (problem) {
      setErrors({ [problem.field]: t(problem.message) });
      Toast.show({ content: t(problem.message) });
      return;
    }
    setSubmitting(true);
    try {
      setDone(
        await vipApi.applyInvoice({
          orderno: chosen.map((o) => o.orderno),
          type,
          invoicetype: medium,
          item,
          ...f,
        }),
      );
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  if (done)
    return (
      <div className="page vip-page" data-testid="invoice-success-page">
        <PageNavBar title={t('vip.invoice.title')} onBack={onDone} />
        <div className="page-body">
          <Result
            status="success"
            title={<span data-testid="invoice-success">{t('vip.invoice.success')}</span>}
            description={
              <span data-testid="invoice-success-text">
                {t('vip.invoice.successText', { count: done.orderno.length, amount: yuan(done.amount) })}
                {done.invoicetype === 1
                  ? ` ${t(done.free_shipping ? 'vip.invoice.freeShipping' : 'vip.invoice.collectShipping')}`
                  : ''}
              </span>
            }
          />
          <Button block color="primary" shape="rounded" onClick={onDone} data-testid="invoice-back">
            {t('vip.invoice.backToRecord')}
          </Button>
        </div>
      </div>
    );

  const field = (k: keyof Fields, label: string, extra: { type?: 'tel' | 'email'; max?: number } = {}) => (
    <TextField
      testid={`invoice-${k}`}
      label={label}
      value={f[k]}
      onChange={set(k)}
      error={errors[k]}
      type={extra.type}
      maxLength={extra.max ?? 100}
    />
  );

  return (
    <div className="page vip-page" data-testid="invoice-form-page">
      <PageNavBar title={t('vip.invoice.title')} onBack={() => void leave()} />
      <div className="page-body">
        <div className="invoice-summary" data-testid="invoice-summary">
          {t('vip.invoice.summary', { count: chosen.length, amount: yuan(total) })}
        </div>
        <div className="invoice-section">
          <div className="invoice-label">{t('vip.invoice.type')}</div>
          <Selector
            columns={2}
            value={[type]}
            onChange={(v) => v[0] !== undefined && setType(v[0])}
            options={[
              { label: t('vip.invoice.enterprise'), value: 0 as const },
              { label: t('vip.invoice.personal'), value: 1 as const },
            ]}
            data-testid="invoice-type"
          />
          <div className="invoice-label">{t('vip.invoice.medium')}</div>
          <Selector
            columns={2}
            value={[medium]}
            onChange={(v) => v[0] !== undefined && setMedium(v[0])}
            options={[
              { label: t('vip.invoice.electronic'), value: 0 as const },
              { label: t('vip.invoice.paper'), value: 1 as const },
            ]}
            data-testid="invoice-medium"
          />
          <div className="invoice-label">{t('vip.invoice.item')}</div>
          <Selector
            columns={2}
            value={[item]}
            onChange={(v) => v[0] !== undefined && setItem(v[0])}
            options={INVOICE_ITEMS.map((i) => ({ label: t(`vip.invoice.items.${i}`), value: i as number }))}
            data-testid="invoice-item"
          />
        </div>
        <div className="invoice-section">
          {field('title', t('vip.invoice.titleField'))}
          {type === 0 ? (
            <>
              {field('invoiceno', t('vip.invoice.taxNo'), { max: 30 })}
              {field('bankname', t('vip.invoice.bankname'))}
              {field('bankaccount', t('vip.invoice.bankaccount'), { max: 40 })}
              {field('registeraddress', t('vip.invoice.registeraddress'), { max: 200 })}
              {field('registertel', t('vip.invoice.registertel'), { type: 'tel', max: 30 })}
            </>
          ) : null}
        </div>
        <div className="invoice-section">
          {medium === 0 ? (
            field('email', t('vip.invoice.email'), { type: 'email' })
          ) : (
            <>
              {field('recipients', t('vip.invoice.recipients'), { max: 50 })}
              {field('deliveryaddress', t('vip.invoice.address'), { max: 200 })}
            </>
          )}
          {field('telphone', t('vip.invoice.phone'), { type: 'tel', max: 30 })}
          {medium === 1 ? <p className="muted small">{t('vip.invoice.shippingNote')}</p> : null}
        </div>
        <FormError message={formError} testid="invoice-error" />
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          className="vip-buy"
          loading={submitting}
          onClick={() => void submit()}
          data-testid="invoice-submit"
        >
          {t('vip.invoice.submit')}
        </Button>
      </div>
    </div>
  );
}
