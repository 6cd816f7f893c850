import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useAuth } from '../authStore';
import { LoggingInOverlay } from '../components/LoggingInOverlay';
import { routeAfterLogin } from '../postLogin';

/**
 * /loggingIn (also /preLogin and /todoLogin): the login start of spec 1 §4. With a stored token the
 * user loads and goes on; without one, or when it no longer works, the user goes to /login.
 */
export default function LoggingInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shareClass = params.get('shareClass');

  useEffect(() => {
    const { token, loadUser } = useAuth.getState();
    const toLogin = () =>
      navigate(shareClass ? `/login?shareClass=${encodeURIComponent(shareClass)}` : '/login', { replace: true });
    if (!token) {
      toLogin();
      return;
    }
    void loadUser().then((user) => {
      if (user) routeAfterLogin(user, (to) => navigate(to, { replace: true }), shareClass);
      else toLogin();
    });
  }, [navigate, shareClass]);

  return (
    <div className="page">
      <LoggingInOverlay />
    </div>
  );
}
