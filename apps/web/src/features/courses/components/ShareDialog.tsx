import { Button, Dialog, Toast } from 'antd-mobile';
import { BodyTestId } from '../../../components/BodyTestId';
import { copyText } from '../../../lib/clipboard';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';

/** The public course page's address (/courseDoor?coid=), as anyone outside the app opens it. */
export const courseDoorLink = (coid: string) => `${window.location.origin}/courseDoor?coid=${coid}`;

/**
 * "Share course page" (teachers): the address of the public course page, always shown (copying can be
 * refused by the browser), with a copy button.
 */
export function ShareDialog({ coid, visible, onClose }: { coid: string; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const link = courseDoorLink(coid);
  const copy = async () => {
    const done = await copyText(link);
    Toast.show({ content: done ? t('courses.share.copied') : t('courses.share.copyFailed') });
  };
  return (
    <Dialog
      visible={visible}
      title={t('courses.share.title')}
      onClose={onClose}
      closeOnMaskClick
      destroyOnClose
      content={
        <div className="share-body">
          <BodyTestId id="share-dialog" />
          <p className="share-text">{t('courses.share.text')}</p>
          <div className="share-link" data-testid="share-link">
            {link}
          </div>
          <Button block color="primary" onClick={() => void copy()} data-testid="share-copy">
            {t('courses.share.copy')}
          </Button>
        </div>
      }
      actions={[{ key: 'close', text: t('common.close'), onClick: onClose, ...testId('share-close') }]}
    />
  );
}
