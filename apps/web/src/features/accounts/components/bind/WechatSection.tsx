import type { UserInfo } from '@paiclass/shared';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { useSchoolConfig } from '../../hooks/useSchoolConfig';
import { WechatIcon } from '../WechatIcon';
import { WechatQrPopup } from '../WechatQrPopup';

/** WeChat binding by QR code (spec 1 §2), or an honest note when the server has no WeChat. */
export function WechatSection({ user, openAtOnce }: { user: UserInfo; openAtOnce: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useSchoolConfig();
  const [open, setOpen] = useState(openAtOnce);
  const [message, setMessage] = useState<string>();

  if (config.isLoading) return <Skeleton.Paragraph lineCount={3} animated />;

  if (!config.data?.showWechatLogin) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('bind.wechatUnavailableTitle')}
        description={<span data-testid="bind-wechat-unavailable">{t('bind.wechatUnavailable')}</span>}
      />
    );
  }

  const bound = Boolean(user.openid || user.unionid || user.wechat_nikename);

  return (
    <>
      <div className="bound-card">
        <div className="bound-icon wechat-green">
          <WechatIcon />
        </div>
        <div className="bound-text">
          <div className="muted small">{t('bind.wechat')}</div>
          <div className="bound-value" data-testid="bind-wechat-status">
            {bound ? t('bind.wechatBoundAs', { name: user.wechat_nikename || t('bind.wechatUser') }) : t('bind.wechatNotBound')}
          </div>
        </div>
      </div>
      {message ? (
        <p className="form-intro" data-testid="bind-wechat-message">
          {message}
        </p>
      ) : null}
      {bound ? null : (
        <Button block color="success" size="large" shape="rounded" onClick={() => setOpen(true)} data-testid="bind-wechat-start">
          {t('bind.wechatStart')}
        </Button>
      )}
      <WechatQrPopup
        visible={open}
        onClose={() => setOpen(false)}
        onLoggedIn={() => {
          setOpen(false);
          setMessage(t('bind.wechatTaken'));
        }}
        onNeedsBind={() => {
          setOpen(false);
          navigate('/bindWechat');
        }}
      />
    </>
  );
}
