import { BIND_POLL_MS, CORE_CODES } from '@paiclass/shared';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { accountsApi, type WechatCheck } from '../api';

export interface WechatQrPopupProps {
  visible: boolean;
  onClose: () => void;
  /** the scanner's WeChat is bound: a login result with its token */
  onLoggedIn: (result: Extract<WechatCheck, { otherType: 1 }>) => void;
  /** the WeChat must be bound to an account first; code_key is stored for /bindWechat */
  onNeedsBind: (codeKey: string) => void;
}

/**
 * WeChat login by QR code: shows the code of /wechat/login's url and polls
 * /UserApi/checkWechatCode every 3 s (spec 1 §9) until it is scanned.
 */
export function WechatQrPopup({ visible, onClose, onLoggedIn, onNeedsBind }: WechatQrPopupProps) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef({ onLoggedIn, onNeedsBind });
  handlers.current = { onLoggedIn, onNeedsBind };

  useEffect(() => {
    // `attempt` changes on "retry": a new QR code and a new round of polling
    if (!visible || attempt < 0) return;
    let cancelled = false;
    let timer = 0;
    setQr('');
    setError(undefined);

    const poll = async (codeKey: string) => {
      if (cancelled) return;
      try {
        const result = await accountsApi.checkWechatCode(codeKey);
        if (cancelled) return;
        if (result.otherType === 1) handlers.current.onLoggedIn(result);
        else {
          local.set(STORAGE_KEYS.codeKey, result.code_key || codeKey);
          handlers.current.onNeedsBind(result.code_key || codeKey);
        }
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && e.code === CORE_CODES.wechatPending)
          timer = window.setTimeout(() => void poll(codeKey), BIND_POLL_MS);
        else setError(errorMessage(e));
      }
    };

    void (async () => {
      try {
        const start = await accountsApi.wechatLogin();
        if (cancelled) return;
        local.set(STORAGE_KEYS.codeKey, start.code_key);
        setUrl(start.url);
        setQr(await QRCode.toDataURL(start.url, { margin: 1, width: 220 }));
        timer = window.setTimeout(() => void poll(start.code_key), BIND_POLL_MS);
      } catch (e) {
        if (!cancelled) setError(errorMessage(e));
      }
    })();

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [visible, attempt]);

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="wechat-popup" destroyOnClose>
      <div className="figure-popup-head">
        <span className="figure-popup-title">{t('wechat.title')}</span>
        <button type="button" className="icon-button" aria-label={t('common.close')} data-testid="wechat-close" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="wechat-qr-box">
        {qr ? (
          <img src={qr} alt={t('wechat.qrAlt')} className="wechat-qr" data-testid="wechat-qr" />
        ) : error ? null : (
          <DotLoading color="primary" />
        )}
      </div>
      {error ? (
        <div className="field-error center-text" role="alert" data-testid="wechat-error">
          {error}
        </div>
      ) : (
        <p className="wechat-tip">{t('wechat.scanTip')}</p>
      )}
      {url && !error ? (
        <a className="wechat-open" href={url} data-testid="wechat-open-link">
          {t('wechat.openInWechat')}
        </a>
      ) : null}
      {error ? (
        <Button block color="primary" fill="outline" onClick={() => setAttempt((n) => n + 1)} data-testid="wechat-retry">
          {t('common.retry')}
        </Button>
      ) : null}
    </Popup>
  );
}
