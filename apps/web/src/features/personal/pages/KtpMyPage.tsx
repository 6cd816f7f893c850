import { adminCalls, attestJigou, type Language, USERTYPE_TEACHER } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Tag, Toast } from 'antd-mobile';
import {
  BellOutline,
  BillOutline,
  CheckShieldOutline,
  FolderOutline,
  GiftOutline,
  GlobalOutline,
  RightOutline,
  SetOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { call, showApiError } from '../../../lib/api';
import i18n, { applyLanguage, currentLanguage } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { accountsApi } from '../../accounts/api';
import { useAuth, useUser } from '../../accounts/authStore';
import { useLogout } from '../../accounts/hooks/useLogout';
import { MECHANISM_PATH } from '../../institutions/attestPrompt';
import { SecurityList } from '../components/SecurityList';
import '../personal.css';

/** /ktpMy: who is logged in (opening the profile), settings, account binding, language, logout (spec 1 §2 personal centre). */
export default function KtpMyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const logout = useLogout();
  const [switching, setSwitching] = useState<Language | null>(null);
  // the operators' admin page is listed for operators only (decision 053); the server checks every call anyway
  const operator = useQuery({ queryKey: ['admin', 'operator'], queryFn: () => call(adminCalls.getOperator), staleTime: 60_000 });

  if (!user) return <LoadingScreen />;

  const lang = currentLanguage();
  const isTeacher = Number(user.usertype) === USERTYPE_TEACHER;

  const switchLanguage = async (next: Language) => {
    if (next === lang || switching) return;
    setSwitching(next);
    try {
      // the choice is stored on the account, so every device and the server's messages follow it
      const updated = await accountsApi.setLanguage(next);
      await applyLanguage(next);
      useAuth.getState().setUser({ ...updated, safe: user.safe, mustBind: updated.mustBind, lang: next });
      Toast.show({ content: i18n.t('my.languageSwitched') });
    } catch (e) {
      showApiError(e);
    } finally {
      setSwitching(null);
    }
  };

  const certifiedWith = Number(user.atteststate) === 1 ? attestJigou(user) : '';
  // the user info answers the level in force: 0 once the membership has ended (issue 28)
  const isVip = Number(user.isvip) > 0;
  const vipUntil = isVip && user.endtime ? new Date(user.endtime * 1000) : null;

  return (
    <div className="page tab-page my-page" data-testid="my-page">
      <PageNavBar title={t('tabs.my')} noBack />
      <button
        type="button"
        className="my-header my-header-link"
        onClick={() => navigate('/myInfoDetail')}
        data-testid="my-header"
      >
        <UserAvatar name={user.username || user.account} src={user.avatar || undefined} />
        <div className="my-header-text">
          <div className="my-name-row">
            <span className="my-name" data-testid="my-username">
              {user.username || t('my.noName')}
            </span>
            <Tag color={isTeacher ? 'primary' : 'success'} fill="solid" round data-testid="my-role">
              {isTeacher ? t('my.teacher') : t('my.student')}
            </Tag>
            {isVip ? (
              <Tag color="warning" fill="solid" round data-testid="my-vip-mark">
                VIP
              </Tag>
            ) : null}
          </div>
          <div className="my-line" data-testid="my-school">
            {user.school || t('my.noSchool')}
          </div>
          <div className="my-line muted" data-testid="my-account">
            {t('my.account')}: {user.account || user.mobile || user.email}
          </div>
        </div>
        <RightOutline className="my-header-arrow" />
      </button>

      <List className="my-list">
        <List.Item
          prefix={<GiftOutline />}
          extra={
            <span data-testid="my-vip-value">
              {isVip ? (
                vipUntil ? (
                  t('my.vipUntil', { date: vipUntil.toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en-GB') })
                ) : (
                  t('my.vipActive')
                )
              ) : (
                <span className="muted">{t('my.vipOpen')}</span>
              )}
            </span>
          }
          onClick={() => navigate('/vipManagement')}
          data-testid="my-vip"
        >
          {t('my.vip')}
        </List.Item>
        <List.Item
          prefix={<BillOutline />}
          onClick={() => navigate('/myAllSetting?detail=myTradeRecord')}
          data-testid="my-trade-record"
        >
          {t('my.tradeRecord')}
        </List.Item>
        <List.Item prefix={<FolderOutline />} onClick={() => navigate('/myAllSetting?detail=myLibrary')} data-testid="my-library">
          {t('my.library')}
        </List.Item>
        <List.Item
          prefix={<CheckShieldOutline />}
          extra={
            <span className="my-institution-value" data-testid="my-institution-value">
              {certifiedWith || <span className="muted">{t('institutions.notCertified')}</span>}
            </span>
          }
          onClick={() => navigate(MECHANISM_PATH)}
          data-testid="my-institution"
        >
          {t('institutions.entry')}
        </List.Item>
      </List>

      {operator.data?.operator ? (
        <List className="my-list">
          <List.Item prefix={<UserSetOutline />} onClick={() => navigate('/admin')} data-testid="my-admin">
            {t('admin.entry')}
          </List.Item>
        </List>
      ) : null}

      <List header={t('my.settings')} className="my-list">
        <List.Item
          prefix={<BellOutline />}
          onClick={() => navigate('/myAllSetting?detail=messageNotice')}
          data-testid="my-message-notice"
        >
          {t('my.messageNotice')}
        </List.Item>
        <List.Item
          prefix={<SetOutline />}
          onClick={() => navigate('/myAllSetting?detail=myMessageSet')}
          data-testid="my-message-set"
        >
          {t('my.messageSet')}
        </List.Item>
        <List.Item
          prefix={<UserOutline />}
          onClick={() => navigate('/myAllSetting?detail=myAccountManage')}
          data-testid="my-account-manage"
        >
          {t('my.accountManage')}
        </List.Item>
      </List>

      <SecurityList />

      <List header={t('my.language')} className="my-list">
        <List.Item prefix={<GlobalOutline />}>
          <div className="lang-switch" role="radiogroup" aria-label={t('my.language')}>
            <Button
              size="small"
              shape="rounded"
              color={lang === 'zh' ? 'primary' : 'default'}
              fill={lang === 'zh' ? 'solid' : 'outline'}
              loading={switching === 'zh'}
              onClick={() => void switchLanguage('zh')}
              data-testid="lang-switch-zh"
              aria-pressed={lang === 'zh'}
            >
              {t('my.langZh')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              color={lang === 'en' ? 'primary' : 'default'}
              fill={lang === 'en' ? 'solid' : 'outline'}
              loading={switching === 'en'}
              onClick={() => void switchLanguage('en')}
              data-testid="lang-switch-en"
              aria-pressed={lang === 'en'}
            >
              {t('my.langEn')}
            </Button>
          </div>
        </List.Item>
      </List>

      <p className="my-more-note muted small" data-testid="my-more-note">
        {t('placeholder.myText')}
      </p>

      <div className="my-logout">
        <Button
          block
          size="large"
          shape="rounded"
          color="danger"
          fill="outline"
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('my.logout')}
        </Button>
      </div>
    </div>
  );
}
