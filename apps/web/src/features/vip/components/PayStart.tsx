import { ORDER_STATE } from '@paiclass/shared';
import { Button, Popup } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { vipApi } from '../api';

/** How often the QR popup asks whether the order was paid (the notification comes to the server). */
const PAID_POLL_MS = 3000;

/** A phone-sized screen pays on the provider's phone page (Alipay wap, WeChat H5), a desktop on its page or QR code. */
const channel = () => (window.matchMedia?.('(max-width: 768px)').matches ? 'wap' : 'page');

/**
 * Starting a payment (decision 037): the sandbox's confirm page inside the app, Alipay's or WeChat's H5
 * page by leaving for it, and WeChat Pay Native as a QR code in a popup that waits for the payment.
 */
export function usePayStart(onPaid?: (orderno: string) => void) {
  const navigate = useNavigate();
  const [qr, setQr] = useState<{ orderno: string; code: string } | null>(null);

  const start = async (orderno: string) => {
    const pay = await vipApi.pay(orderno, channel());
    if (pay.qrcode) setQr({ orderno, code: pay.qrcode });
    else if (/^https?:/.test(pay.payurl)) window.location.assign(pay.payurl);
    else navigate(pay.payurl);
  };

  const popup = (
    <PayQrPopup
      qr={qr}
      onClose={() => setQr(null)}
      onPaid={(orderno) => {
        setQr(null);
        onPaid?.(orderno);
      }}
    />
  );
  return { start, popup };
}

function PayQrPopup({
  qr,
  onClose,
  onPaid,
}: {
  qr: { orderno: string; code: string } | null;
  onClose: () => void;
  onPaid: (orderno: string) => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState('');

  useEffect(() => {
    setImage('');
    if (!qr) return;
    let cancelled = false;
    let timer = 0;
    QRCode.toDataURL(qr.code, { width: 220, margin: 1 })
      .then((url) => !cancelled && setImage(url))
      .catch(showApiError);
    const poll = async () => {
      try {
        const o = await vipApi.order(qr.orderno);
        if (cancelled) return;
        if (o.paystate === ORDER_STATE.paid) return onPaid(qr.orderno);
      } catch {
        // a failed look is tried again on the next round
      }
      if (!cancelled) timer = window.setTimeout(() => void poll(), PAID_POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), PAID_POLL_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [qr, onPaid]);

  return (
    <Popup visible={Boolean(qr)} onMaskClick={onClose} bodyClassName="pay-qr-popup">
      <div className="pay-qr" data-testid="pay-qr">
        <h3>{t('vip.payQrTitle')}</h3>
        {image ? <img src={image} alt={t('vip.payQrTitle')} width={220} height={220} /> : <span>{t('common.loading')}</span>}
        <p className="muted">{t('vip.payQrHint')}</p>
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}
