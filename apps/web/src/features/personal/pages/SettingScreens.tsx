import { NOTIFY_KINDS } from '@paiclass/shared';
import { Button, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { useLogout } from '../../accounts/hooks/useLogout';
import { profileApi } from '../api';
import { SecurityList } from '../components/SecurityList';
import { useSaveProfile } from '../hooks/useSaveProfile';
import '../personal.css';

const SWITCHES = ['notify1', 'notify2', 'notify3', 'notify4'] as const;

/**
 * /myAllSetting?detail=myMessageSet: which message notices reach the user (notify1-4, decision 014);
 * a kind switched off is not sent at all, so no red dot and no list entry for it.
 */
export function MessageSetScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const { save } = useSaveProfile();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) return <LoadingScreen />;

  const toggle = async (key: (typeof SWITCHES)[number], on: boolean) => {
    setBusy(key);
    setError(null);
    try {
      await save(() => profileApi.setNotify({ [key]: on ? 1 : 0 }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page setting-page" data-testid="message-set-page">
      <PageNavBar title={t('profile.settings.messageSet')} />
      <div className="page-body">
        <FormError message={error} testid="message-set-error" />
        <List header={t('profile.settings.notifyHeader')} className="my-list">
          {SWITCHES.map((key, i) => (
            <List.Item
              key={key}
              description={t(`profile.settings.notify.${NOTIFY_KINDS[i]}.text`)}
              extra={
                <Switch
                  checked={user[key] !== '0'}
                  loading={busy === key}
                  onChange={(on) => void toggle(key, on)}
                  data-testid={`notify-${i + 1}`}
                  aria-label={t(`profile.settings.notify.${NOTIFY_KINDS[i]}.title`)}
                />
              }
            >
              {t(`profile.settings.notify.${NOTIFY_KINDS[i]}.title`)}
            </List.Item>
          ))}
        </List>
        <p className="muted small setting-note">{t('profile.settings.notifyNote')}</p>
      </div>
    </div>
  );
}

/** /myAllSetting?detail=myAccountManage: the account's name, its ways in, and logging out. */
export function AccountManageScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const logout = useLogout();
  if (!user) return <LoadingScreen />;
  return (
    <div className="page setting-page" data-testid="account-manage-page">
      <PageNavBar title={t('profile.settings.accountManage')} />
      <div className="page-body">
        <List className="my-list">
          <List.Item extra={<span data-testid="account-name">{user.account || user.mobile || user.email}</span>}>
            {t('my.account')}
          </List.Item>
        </List>
        <SecurityList />
        <div className="my-logout">
          <Button
            block
            size="large"
            shape="rounded"
            color="danger"
            fill="outline"
            onClick={() => void logout()}
            data-testid="account-logout"
          >
            {t('my.logout')}
          </Button>
        </div>
      </div>
    </div>
  );
}
