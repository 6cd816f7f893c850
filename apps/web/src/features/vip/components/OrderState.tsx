import { ORDER_STATE } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';

const COLORS: Record<number, string> = {
  [ORDER_STATE.toPay]: 'warning',
  [ORDER_STATE.paid]: 'success',
  [ORDER_STATE.unpaid]: 'danger',
  [ORDER_STATE.refunded]: 'primary',
  [ORDER_STATE.closed]: 'default',
};

/** An order's state (spec 1 §4): to be paid, paid, unpaid, refunded, closed. */
export function OrderStateTag({ paystate }: { paystate: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[paystate] ?? 'default'} data-testid="order-state" data-state={paystate}>
      {t(`vip.orderState.${paystate}`)}
    </Tag>
  );
}
