import { NoticeBar } from 'antd-mobile';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../authStore';
import { BindContactSection } from '../components/bind/BindContactSection';
import { PasswordSection } from '../components/bind/PasswordSection';
import { WechatSection } from '../components/bind/WechatSection';
import { useLogout } from '../hooks/useLogout';
import { routeAfterLogin } from '../postLogin';

const BINDS = ['mobile', 'email', 'password', 'wechat'] as const;
type Bind = (typeof BINDS)[number];

/**
 * /accoundNumberInfo?bind=mobile|email|password|wechat: account binding (spec 1 §2).
 * With force=1 the user was sent here (weak password, nothing to log in with): no way on but to
 * fix it, or log out.
 */
export default function AccoundNumberInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useUser();
  const logout = useLogout();
  const raw = params.get('bind');
  const force = params.get('force') === '1';

  if (!BINDS.includes(raw as Bind)) return <Navigate to="/accoundNumberInfo?bind=mobile" replace />;
  const bind = raw as Bind;
  if (!user) return <LoadingScreen />;

  const titles: Record<Bind, string> = {
    mobile: t('bind.titleMobile'),
    email: t('bind.titleEmail'),
    password: t('bind.titlePassword'),
    wechat: t('bind.titleWechat'),
  };

  const forceText = bind === 'password' ? t('bind.forcePassword') : t('bind.forceContact');
  const logoutButton = force ? (
    <button type="button" className="nav-text-button" onClick={() => void logout()} data-testid="bind-logout">
      {t('my.logout')}
    </button>
  ) : undefined;

  return (
    <div className="page" data-testid={`bind-page-${bind}`}>
      <PageNavBar title={titles[bind]} noBack={force} right={logoutButton} />
      {force ? (
        <NoticeBar className="force-banner" color="alert" wrap content={<span data-testid="bind-force-tip">{forceText}</span>} />
      ) : null}
      <div className="page-body form-page">
        {bind === 'mobile' || bind === 'email' ? (
          <>
            <BindContactSection
              key={bind}
              kind={bind}
              user={user}
              onBound={(next) => {
                if (force) routeAfterLogin(next, (to) => navigate(to, { replace: true }));
              }}
            />
            {force ? (
              <button
                type="button"
                className="text-link switch-link"
                onClick={() =>
                  navigate(`/accoundNumberInfo?bind=${bind === 'mobile' ? 'email' : 'mobile'}&force=1`, { replace: true })
                }
                data-testid={bind === 'mobile' ? 'bind-switch-email' : 'bind-switch-mobile'}
              >
                {bind === 'mobile' ? t('bind.useEmailInstead') : t('bind.useMobileInstead')}
              </button>
            ) : null}
          </>
        ) : null}
        {bind === 'password' ? <PasswordSection forced={force} /> : null}
        {bind === 'wechat' ? <WechatSection user={user} openAtOnce={params.get('open') === '1'} /> : null}
      </div>
    </div>
  );
}
