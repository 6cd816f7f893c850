import type { LoginResult } from '@paiclass/shared';
import { useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../authStore';
import { routeAfterLogin } from '../postLogin';

/**
 * The end of every way in (password, SMS, register, WeChat): store the token, load the user (the
 * user is logged in only then, spec 1 §4) and route on. Throws when the user cannot be loaded.
 */
export function useCompleteLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [loggingIn, setLoggingIn] = useState(false);

  const complete = async (result: Pick<LoginResult, 'token'>, shareClass?: string | null) => {
    setLoggingIn(true);
    const auth = useAuth.getState();
    auth.setToken(result.token);
    const user = await auth.loadUser();
    if (!user) {
      setLoggingIn(false);
      throw new ApiError(NETWORK_ERROR, t('auth.userLoadFailed'));
    }
    routeAfterLogin(user, (to) => navigate(to, { replace: true }), shareClass);
  };

  return { complete, loggingIn, setLoggingIn };
}
