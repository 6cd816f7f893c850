import { Dialog, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import '../lib/antdRender';

/**
 * antd-mobile's alert and toast, for code of the first load (the API client, the shell's guards):
 * they import this module on demand, so the dialog and its animation library are not first-load code.
 */
export const showAlert = (options: { title?: ReactNode; content: ReactNode; confirmText: ReactNode }) => Dialog.alert(options);
export const showToast = (content: ReactNode) => Toast.show({ content });
