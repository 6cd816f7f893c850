import { DEFAULT_TAB, findRoute } from '@paiclass/shared';
import { TabBar } from 'antd-mobile';
import { Navigate, Outlet, useLocation, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { allowedFor, TAB_ICONS, tabTestId, tabTitle, visibleTabs } from '../tabs';

/** The home shell: the page above, the bottom tab bar below (spec 1 §2). */
export default function HomeShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useUser();
  const tabs = visibleTabs(user);
  const route = findRoute(location.pathname);

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
              badge={path === '/final' ? t('tabs.hot') : undefined}
              data-testid={tabTestId(path)}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
