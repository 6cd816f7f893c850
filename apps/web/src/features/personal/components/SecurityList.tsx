import { List } from 'antd-mobile';
import { LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { maskEmail, maskMobile } from '../../../lib/mask';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { WechatIcon } from '../../accounts/components/WechatIcon';

/** The account's ways in — phone, email, WeChat, password — each opening its binding screen (/accoundNumberInfo). */
export function SecurityList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  if (!user) return null;
  const notBound = <span className="muted">{t('my.notBound')}</span>;
  return (
    <List header={t('my.security')} className="my-list">
      <List.Item
        prefix={<PhonebookOutline />}
        extra={<span data-testid="my-mobile">{user.mobile ? maskMobile(user.mobile) : notBound}</span>}
        onClick={() => navigate('/accoundNumberInfo?bind=mobile')}
        data-testid="my-bind-mobile"
      >
        {t('my.mobile')}
      </List.Item>
      <List.Item
        prefix={<MailOutline />}
        extra={<span data-testid="my-email">{user.email ? maskEmail(user.email) : notBound}</span>}
        onClick={() => navigate('/accoundNumberInfo?bind=email')}
        data-testid="my-bind-email"
      >
        {t('my.email')}
      </List.Item>
      <List.Item
        prefix={<span className="list-icon wechat-green">{<WechatIcon size={18} />}</span>}
        extra={user.wechat_nikename || user.openid ? user.wechat_nikename || t('my.bound') : notBound}
        onClick={() => navigate('/accoundNumberInfo?bind=wechat')}
        data-testid="my-bind-wechat"
      >
        {t('my.wechat')}
      </List.Item>
      <List.Item
        prefix={<LockOutline />}
        onClick={() => navigate('/accoundNumberInfo?bind=password')}
        data-testid="my-bind-password"
      >
        {t('my.password')}
      </List.Item>
    </List>
  );
}
