import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { showApiError } from '../../../lib/api';
import { reloadOnce } from '../../../lib/chunkReload';
import { loadStrings } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { noticeKeys, noticesApi } from '../api';
import { noticePath } from '../paths';

// the dialog itself (antd Dialog and its animation, the notices' strings) is fetched only when there is
// something unread to show (issue 10: /ktpCourse's first load)
const UnreadNoticeList = lazy(
  reloadOnce(() =>
    Promise.all([import('./UnreadNoticeList'), loadStrings('pages')]).then(([m]) => ({ default: m.UnreadNoticeList })),
  ),
);

/**
 * The unread-announcement dialog of the course list (spec 1 §2): the announcements of the courses
 * the caller learns that they have not read yet. Tapping one opens it (which reads it); "got it"
 * marks them all read; "later" hides the dialog for the rest of this browser session.
 * `onShowingChange` tells the page while the dialog is up or still deciding, so that another
 * prompt of the page (identity authentication) waits for it.
 */
export function UnreadNoticeDialog({ onShowingChange }: { onShowingChange?: (showing: boolean) => void } = {}) {
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

  const opened = useWasTrue(visible);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <UnreadNoticeList
        visible={visible}
        list={list}
        marking={marking}
        onOpen={(n) => {
          setClosed(true);
          navigate(noticePath(n.courseid, 0, n.id));
        }}
        onLater={() => {
          session.set(STORAGE_KEYS.unreadNoticesLater, '1');
          setLater(true);
        }}
        onOk={() => void markAll()}
      />
    </Suspense>
  );
}

/** true from the first time `value` is true on. */
function useWasTrue(value: boolean) {
  const [was, setWas] = useState(value);
  if (value && !was) setWas(true);
  return was || value;
}
