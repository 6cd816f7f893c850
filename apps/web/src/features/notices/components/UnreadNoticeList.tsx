import { Dialog } from 'antd-mobile';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { UnreadNotice } from '../types';
import '../notices.css';

/** The unread-announcement dialog's view (see UnreadNoticeDialog, which decides when it shows). */
export function UnreadNoticeList({
  visible,
  list,
  marking,
  onOpen,
  onLater,
  onOk,
}: {
  visible: boolean;
  list: UnreadNotice[];
  marking: boolean;
  onOpen: (notice: UnreadNotice) => void;
  onLater: () => void;
  onOk: () => void;
}) {
  const { t } = useTranslation();
  // mounted closed, then opened, so that the dialog fades in as antd's does
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Dialog
      visible={visible && mounted}
      title={titleWithTestId(t('notices.unreadDialog.title', { count: list.length }), 'unread-dialog')}
      closeOnMaskClick={false}
      destroyOnClose
      content={
        <ul className="unread-list" data-testid="unread-list">
          {list.map((n) => (
            <li key={n.id}>
              <button type="button" className="unread-item" data-testid="unread-item" data-id={n.id} onClick={() => onOpen(n)}>
                <span className="unread-icon">
                  <SoundOutline />
                </span>
                <span className="unread-text">
                  <span className="unread-course" data-testid="unread-course">
                    {n.coursename}
                  </span>
                  <span className="unread-title" data-testid="unread-title">
                    {n.title}
                  </span>
                  <span className="unread-time">{formatTime(Number(n.publishtime))}</span>
                </span>
                <RightOutline className="unread-arrow" />
              </button>
            </li>
          ))}
        </ul>
      }
      actions={[
        [
          {
            key: 'later',
            text: t('notices.unreadDialog.later'),
            disabled: marking,
            onClick: onLater,
            ...testId('unread-later'),
          },
          {
            key: 'ok',
            text: t('notices.unreadDialog.gotIt'),
            bold: true,
            disabled: marking,
            onClick: onOk,
            ...testId('unread-ok'),
          },
        ],
      ]}
    />
  );
}
