import { confirmDialog } from '../../../components/dialogs';
import { useNavigate } from '../../../lib/router';
import { endSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/translations';
import { accountsApi } from '../api';

/** Log out after a confirmation: the server ends the session, this device forgets it, then /login. */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await confirmDialog({
      title: t('my.logoutTitle'),
      content: t('my.logoutConfirm'),
      confirmText: t('my.logout'),
      danger: true,
      testid: 'logout',
    }).result;
    if (!confirmed) return;
    try {
      await accountsApi.logout();
    } catch {
      // the session ends on this device whatever the server said (it may already be gone)
    }
    endSession();
    navigate('/login', { replace: true });
  };
}
