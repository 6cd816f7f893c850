import { confirmDialog } from '../../../components/dialogs';
import { useGoBack } from '../../../components/PageNavBar';
import { useTranslation } from '../../../lib/translations';

/** The back arrow of a form: with unsaved input it asks before the input is thrown away. */
export function useLeaveGuard(dirty: boolean, fallback?: string) {
  const { t } = useTranslation();
  const goBack = useGoBack(fallback);
  return async () => {
    if (dirty) {
      const leave = await confirmDialog({
        title: t('courses.leave.title'),
        content: t('courses.leave.text'),
        confirmText: t('courses.leave.confirm'),
        cancelText: t('courses.leave.stay'),
        danger: true,
        testid: 'leave-ask',
      }).result;
      if (!leave) return;
    }
    goBack();
  };
}
