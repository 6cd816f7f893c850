import { Dialog } from 'antd-mobile';
import { titleWithTestId } from '../../components/BodyTestId';
import { FORCE_PASSWORD_PATH } from '../../lib/api';
import i18n from '../../lib/i18n';
import { testId } from '../../lib/testid';
import '../../lib/antdRender';

let weakDialogOpen = false;

/** spec 1 §8: a weak password gets a dialog titled as an account security tip with a reset button. */
export function showWeakPasswordDialog(go: (to: string) => void) {
  if (weakDialogOpen) return;
  weakDialogOpen = true;
  Dialog.show({
    title: titleWithTestId(i18n.t('auth.weakTitle'), 'weak-password-dialog'),
    content: i18n.t('auth.weakContent'),
    closeOnAction: true,
    closeOnMaskClick: false,
    actions: [
      {
        key: 'reset',
        text: i18n.t('auth.weakReset'),
        bold: true,
        onClick: () => go(FORCE_PASSWORD_PATH),
        ...testId('weak-password-reset'),
      },
    ],
    afterClose: () => {
      weakDialogOpen = false;
    },
  });
}
