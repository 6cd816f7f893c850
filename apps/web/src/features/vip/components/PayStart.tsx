import { CODES, ORDER_STATE } from '@paiclass/shared';
import { Button, Popup } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { ApiError, showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { vipApi } from '../api';
import { type BridgeResult, bridgeOutcome, isWechatBrowser, oauthReturn, returnAddress } from '../wechatPay';

/** How often the QR popup asks whether the order was paid (the notification comes to the server). */
const PAID_POLL_MS = 3000;

/** WeChat's own browser: JSAPI pays there (decision 054). */
const inWechat = () => isWechatBrowser(navigator.userAgent);

/**
 * Inside WeChat, JSAPI; else a phone-sized screen pays on the provider's phone page (Alipay wap, WeChat
 * H5), a desktop on its page or QR code. A provider without the channel takes its like (the server decides).
 */
const channel = () => (inWechat() ? 'jsapi' : window.matchMedia?.('(max-width: 768px)').matches ? 'wap' : 'page');

/** What the page hands WeChat's bridge (`payOrder`'s `jsapi`). */
type JsapiParams = NonNullable<Awaited<ReturnType<typeof vipApi.pay>>['jsapi']>;
interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiParams, done: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

/** How long WeChat's bridge may take to be ready before the payment is given up as failed. */
const BRIDGE_WAIT_MS = 10_000;

/** `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)`, once the bridge is ready: ok, cancel or fail. */
function payInWechat(params: JsapiParams): Promise<BridgeResult> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: BridgeResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const run = () => window.WeixinJSBridge?.invoke('getBrandWCPayRequest', params, (res) => finish(bridgeOutcome(res?.err_msg)));
    if (window.WeixinJSBridge) run();
    else {
      document.addEventListener('WeixinJSBridgeReady', run, { once: true });
      window.setTimeout(() => finish('fail'), BRIDGE_WAIT_MS);
    }
  });
}

/** The OAuth's states already taken off the address (two screens with the hook must not use one twice). */
const takenStates = new Set<string>();

/**
 * Starting a payment (decisions 037, 054): the sandbox's confirm page inside the app, Alipay's or WeChat's
 * H5 page by leaving for it, WeChat Pay Native as a QR code in a popup that waits for the payment, and
 * inside WeChat's browser JSAPI: once through WeChat's silent OAuth for the payer's openid (the page comes
 * back with `code`, `state` and `wxpay`, and the payment goes on), then WeChat's own pay sheet; paid, the
 * same popup waits for the payment to arrive; cancelled or failed, a message, and the order may be paid again.
 */
export function usePayStart(onPaid?: (orderno: string) => void) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ orderno: string; code: string } | null>(null);

  const start = async (orderno: string) => {
    let pay: Awaited<ReturnType<typeof vipApi.pay>>;
    try {
      pay = await vipApi.pay(orderno, channel());
    } catch (e) {
      if (e instanceof ApiError && e.code === CODES.wechatPayerUnknown) {
        // the payer's WeChat identity first: WeChat's silent OAuth comes back to this page
        const { url } = await vipApi.wechatAuthorize(returnAddress(window.location.pathname, window.location.search, orderno));
        window.location.assign(url);
        return;
      }
      throw e;
    }
    if (pay.jsapi) {
      const result = await payInWechat(pay.jsapi);
      if (result === 'ok') setQr({ orderno, code: '' });
      else showApiError(new ApiError(0, t(result === 'cancel' ? 'vip.wechatPayCancelled' : 'vip.wechatPayFailed')));
      return;
    }
    if (pay.qrcode) setQr({ orderno, code: pay.qrcode });
    else if (/^https?:/.test(pay.payurl)) window.location.assign(pay.payurl);
    else navigate(pay.payurl);
  };
  const startRef = useRef(start);
  startRef.current = start;

  // back from WeChat's OAuth: the code is exchanged (single use: off the address first), then the payment goes on
  useEffect(() => {
    const back = oauthReturn(window.location.pathname, window.location.search);
    if (!back || takenStates.has(back.state)) return;
    const { code, state, orderno } = back;
    takenStates.add(state);
    navigate(back.address, { replace: true });
    void (async () => {
      try {
        await vipApi.wechatBind(code, state);
        await startRef.current(orderno);
      } catch (e) {
        showApiError(e);
      }
    })();
  }, [navigate]);

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
    // after WeChat's pay sheet there is no code to show, only the wait for the payment
    if (qr.code)
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
        {qr && !qr.code ? (
          <>
            <h3>{t('vip.wechatPayWaiting')}</h3>
            <p className="muted">{t('vip.payQrHint')}</p>
          </>
        ) : (
          <>
            <h3>{t('vip.payQrTitle')}</h3>
            {image ? <img src={image} alt={t('vip.payQrTitle')} width={220} height={220} /> : <span>{t('common.loading')}</span>}
            <p className="muted">{t('vip.payQrHint')}</p>
          </>
        )}
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}
