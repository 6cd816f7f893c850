import { DEFAULT_TAB, findRoute } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TabBar } from 'antd-mobile';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { chatApi, chatKeys } from '../../chat/api';
import { chatSocket } from '../../chat/chatSocket';
import { allowedFor, TAB_ICONS, tabTestId, tabTitle, visibleTabs } from '../tabs';

/** The home shell: the page above, the bottom tab bar below (spec 1 §2). */
export default function HomeShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useUser();
  const tabs = visibleTabs(user);
  const route = findRoute(location.pathname);
  const unread = useChatUnread(Boolean(user));

  // a teacher-only or student-only tab opened by another role goes to the course list
  if (!allowedFor(route, user)) return <Navigate to={DEFAULT_TAB} replace />;

  const active = tabs.find((path) => path.toLowerCase() === location.pathname.toLowerCase()) ?? null;

  return (
    <div className="shell">
      <main className="shell-main">
        <Outlet />
      </main>
      <nav className="shell-tabbar" aria-label={t('tabs.label')}>
        <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
          {tabs.map((path) => (
            <TabBar.Item
              key={path}
              icon={TAB_ICONS[path]}
              title={tabTitle(t, path)}
              // spec 1 §2 flags the finals tab "hot": the flag comes back with the tab, once finals are built
              badge={
                path === '/final'
                  ? t('tabs.hot')
                  : path === '/ktpMessage' && unread > 0
                    ? unread > 99
                      ? '99+'
                      : unread
                    : undefined
              }
              data-testid={tabTestId(path)}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}

/**
 * The message tab's badge (spec 1 §2, issue 27): every chat session's unread messages together, from
 * the session list, read again whenever the chat socket brings a message, a recall or a new login.
 */
function useChatUnread(enabled: boolean) {
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: chatKeys.sessions, queryFn: chatApi.sessions, enabled });
  useEffect(() => {
    if (!enabled) return;
    return chatSocket.subscribe((e) => {
      if (e.type === 'message' || e.type === 'removed' || e.type === 'online')
        void client.invalidateQueries({ queryKey: chatKeys.sessions });
    });
  }, [client, enabled]);
  return sessions.data?.unread ?? 0;
}
