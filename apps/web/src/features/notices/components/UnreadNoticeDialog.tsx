import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleWithTestId } from '../../../components/BodyTestId';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { testId } from '../../../lib/testid';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import { noticeKeys, noticesApi } from '../api';
import { noticePath } from '../paths';
import '../notices.css';

/**
 * The unread-announcement dialog of the course list (spec 1 §2): the announcements of the courses
 * the caller learns that they have not read yet. Tapping one opens it (which reads it); "got it"
 * marks them all read; "later" hides the dialog for the rest of this browser session.
 * `onShowingChange` tells the page while the dialog is up or still deciding, so that another
 * prompt of the page (identity authentication) waits for it.
 */
export function UnreadNoticeDialog({ onShowingChange }: { onShowingChange?: (showing: boolean) => void } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const [later, setLater] = useState(() => session.get(STORAGE_KEYS.unreadNoticesLater) === '1');
  const [closed, setClosed] = useState(false);
  const [marking, setMarking] = useState(false);
  const unread = useQuery({
    queryKey: noticeKeys.unread,
    queryFn: noticesApi.unread,
    // the server lists only courses the caller learns, so a teacher who learns none gets nothing
    enabled: Boolean(user) && !later,
    retry: retryNetworkOnly,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const list = unread.data?.list ?? [];
  const visible = !later && !closed && list.length > 0;
  const showing = visible || (Boolean(user) && !later && unread.isPending);
  useEffect(() => {
    onShowingChange?.(showing);
  }, [showing, onShowingChange]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notices'] });

  const markAll = async () => {
    setMarking(true);
    try {
      await Promise.all(list.map((n) => noticesApi.markRead(n.id)));
      setClosed(true);
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setMarking(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      title={titleWithTestId(t('notices.unreadDialog.title', { count: list.length }), 'unread-dialog')}
      closeOnMaskClick={false}
      destroyOnClose
      content={
        <ul className="unread-list" data-testid="unread-list">
          {list.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="unread-item"
                data-testid="unread-item"
                data-id={n.id}
                onClick={() => {
                  setClosed(true);
                  navigate(noticePath(n.courseid, 0, n.id));
                }}
              >
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
            onClick: () => {
              session.set(STORAGE_KEYS.unreadNoticesLater, '1');
              setLater(true);
            },
            ...testId('unread-later'),
          },
          {
            key: 'ok',
            text: t('notices.unreadDialog.gotIt'),
            bold: true,
            disabled: marking,
            onClick: () => void markAll(),
            ...testId('unread-ok'),
          },
        ],
      ]}
    />
  );
}
