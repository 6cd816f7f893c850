import { Dialog } from 'antd-mobile';
import i18n from '../lib/i18n';
import { testId } from '../lib/testid';
import { contentWithTestId, titleWithTestId } from './BodyTestId';
import '../lib/antdRender';

export interface ConfirmOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
  /** prefix of the testids: `<testid>-confirm`, `<testid>-cancel`, `<testid>-dialog` on the dialog */
  testid: string;
}

/**
 * A confirm dialog whose buttons carry testids. Resolves true on confirm, false on cancel.
 * Returns the close function too, for callers that must take the dialog down (unmount).
 */
export function confirmDialog(options: ConfirmOptions): { result: Promise<boolean>; close: () => void } {
  let resolve: (value: boolean) => void = () => {};
  const result = new Promise<boolean>((r) => {
    resolve = r;
  });
  const handler = Dialog.show({
    // the dialog's test hook goes on its visible body (antd-mobile drops data-* on Dialog)
    ...(options.title
      ? { title: titleWithTestId(options.title, `${options.testid}-dialog`), content: options.content }
      : { content: contentWithTestId(options.content, `${options.testid}-dialog`) }),
    closeOnAction: true,
    closeOnMaskClick: false,
    actions: [
      [
        {
          key: 'cancel',
          text: options.cancelText ?? i18n.t('common.cancel'),
          onClick: () => resolve(false),
          ...testId(`${options.testid}-cancel`),
        },
        {
          key: 'confirm',
          text: options.confirmText ?? i18n.t('common.confirm'),
          bold: true,
          danger: options.danger,
          onClick: () => resolve(true),
          ...testId(`${options.testid}-confirm`),
        },
      ],
    ],
  });
  return { result, close: () => handler.close() };
}
