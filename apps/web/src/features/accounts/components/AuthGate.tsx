import { DEFAULT_TAB, findRoute } from '@paiclass/shared';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { FORCE_BIND_PATH, FORCE_PASSWORD_PATH } from '../../../lib/api';
import { Navigate, useLocation, useNavigate } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../authStore';

// the live connection (the socket client, pushed notices) is fetched once a logged-in page shows: not first-load code
const LiveConnection = lazy(() => import('../../../components/LiveConnection').then((m) => ({ default: m.LiveConnection })));

/** Pages that run the login start themselves (they route on once the user loads). */
const LOGIN_START_PATHS = ['/login', '/loggingin', '/prelogin', '/todologin'];

/** Where "cancel" on the log-in-first dialog goes: the course list, unless it needs login too. */
function cancelTarget(pathname: string) {
  const home = findRoute(DEFAULT_TAB);
  if (home?.public && pathname.toLowerCase() !== DEFAULT_TAB.toLowerCase()) return DEFAULT_TAB;
  return '/login';
}

function LoginRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // spec 2 §8: "Not logged in yet, log in first?"; confirming remembers the address
    let active = true;
    let close = () => {};
    // the dialog code is fetched on demand: it is not first-load code (issue 10)
    const result = import('../../../components/dialogs').then(({ confirmDialog }) => {
      const dialog = confirmDialog({
        title: t('auth.loginFirstTitle'),
        content: t('auth.loginFirst'),
        confirmText: t('auth.goLogin'),
        testid: 'login-required',
      });
      if (active) close = dialog.close;
      else dialog.close();
      return dialog.result;
    });
    void result.then((confirmed) => {
      if (!active) return;
      if (confirmed) {
        session.set(STORAGE_KEYS.redirect, `${location.pathname}${location.search}`);
        navigate('/login', { replace: true });
      } else {
        navigate(cancelTarget(location.pathname), { replace: true });
      }
    });
    return () => {
      active = false;
      close();
    };
  }, [location.pathname, location.search, navigate, t]);

  return <div className="page page-blank" data-testid="login-required-page" />;
}

/**
 * Guards every page by the route table: a page that needs login and has no token asks to log in;
 * with a token the user loads first (spec 1 §4); a weak password or an account with nothing to
 * log in with is held on the page that fixes it.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const status = useAuth((s) => s.status);
  const loadUser = useAuth((s) => s.loadUser);

  const route = findRoute(location.pathname);
  const needsLogin = route ? !route.public : false;
  const startsLogin = LOGIN_START_PATHS.includes(location.pathname.toLowerCase());

  useEffect(() => {
    if (token && !user && status === 'idle' && !startsLogin) void loadUser();
  }, [token, user, status, startsLogin, loadUser]);

  if (!needsLogin) return <>{children}</>;
  if (!token) {
    if (status === 'failed') return <Navigate to="/login" replace />;
    return <LoginRequired />;
  }
  if (!user) return <LoadingScreen text={t('common.loading')} />;

  const here = `${location.pathname}${location.search}`.toLowerCase();
  if (user.safe === 1 && !here.startsWith('/accoundnumberinfo?bind=password'))
    return <Navigate to={FORCE_PASSWORD_PATH} replace />;
  if (user.mustBind === 1 && user.safe !== 1 && !/^\/accoundnumberinfo\?bind=(mobile|email)/.test(here)) {
    return <Navigate to={FORCE_BIND_PATH} replace />;
  }
  return (
    <>
      <Suspense fallback={null}>
        <LiveConnection />
      </Suspense>
      {children}
    </>
  );
}
