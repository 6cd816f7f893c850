import type { UserInfo } from '@paiclass/shared';
import { findRoute, type RouteDef, TABS, USERTYPE_STUDENT, USERTYPE_TEACHER } from '@paiclass/shared';
import { AppOutline, FileOutline, MessageOutline, TeamOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import type { TFunction } from '../../lib/translations';
import { hasPage } from '../../router';

export type TabPath = (typeof TABS)[number];

/** Whether a route's role limit lets this user see it (spec 1 §2, §6). */
export function allowedFor(route: RouteDef | undefined, user: UserInfo | null) {
  if (!route || !user) return true;
  if (route.teacherOnly && Number(user.usertype) !== USERTYPE_TEACHER) return false;
  if (route.studentOnly && Number(user.usertype) !== USERTYPE_STUDENT) return false;
  return true;
}

/**
 * The bottom tabs this user sees, in the shared order: a tab whose area is not built yet (the
 * teachers' research office, the students' finals) is hidden until its page exists, rather than
 * shown as a tab that leads nowhere (docs/decisions/015-areas-not-built.md).
 */
export function visibleTabs(user: UserInfo | null): TabPath[] {
  return TABS.filter((path) => allowedFor(findRoute(path), user) && hasPage(path));
}

export const TAB_ICONS: Record<TabPath, ReactNode> = {
  '/teachingAndResearchOffice': <TeamOutline />,
  '/todoList': <UnorderedListOutline />,
  '/ktpCourse': <AppOutline />,
  '/final': <FileOutline />,
  '/ktpMessage': <MessageOutline />,
  '/ktpMy': <UserOutline />,
};

export function tabTitle(t: TFunction, path: TabPath): string {
  const titles: Record<TabPath, string> = {
    '/teachingAndResearchOffice': t('tabs.office'),
    '/todoList': t('tabs.todo'),
    '/ktpCourse': t('tabs.courses'),
    '/final': t('tabs.final'),
    '/ktpMessage': t('tabs.messages'),
    '/ktpMy': t('tabs.my'),
  };
  return titles[path];
}

/** The test hook of a tab: tab-ktpCourse, tab-ktpMy, ... */
export const tabTestId = (path: TabPath) => `tab-${path.slice(1)}`;
