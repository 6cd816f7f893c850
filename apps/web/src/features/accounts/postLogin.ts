import type { UserInfo } from '@paiclass/shared';
import { DEFAULT_TAB, findRoute } from '@paiclass/shared';
import { FORCE_BIND_PATH, FORCE_PASSWORD_PATH } from '../../lib/api';
import { STORAGE_KEYS, session } from '../../lib/storage';

/** Course pages that are reloaded after login when they were the saved location (spec 1 §4). */
const RELOADED_PATHS = ['/coursehome', '/joincourse', '/joincourses'];

/**
 * Where to go after a login (spec 1 §4): a saved course-home or join-course location is reloaded;
 * a share-class location goes to /joinCourses with the share code; any other saved page that needs
 * login (remembered by the "log in first?" dialog, spec 2 §8) is opened again; else the course list.
 */
export function postLoginTarget(shareClass?: string | null): string {
  const saved = session.get(STORAGE_KEYS.redirect);
  let savedUrl: URL | null = null;
  if (saved) {
    try {
      savedUrl = new URL(saved, window.location.origin);
    } catch {
      savedUrl = null;
    }
  }
  if (savedUrl && RELOADED_PATHS.includes(savedUrl.pathname.toLowerCase())) return `${savedUrl.pathname}${savedUrl.search}`;
  // a saved invitation (/ShareClass?code=) or a login that came with ?shareClass=
  const savedShare =
    savedUrl?.pathname.toLowerCase() === '/shareclass'
      ? savedUrl.searchParams.get('code')
      : savedUrl?.searchParams.get('shareClass');
  const share = shareClass || savedShare;
  if (share) return `/joinCourses?code=${encodeURIComponent(share)}`;
  const savedRoute = savedUrl ? findRoute(savedUrl.pathname) : undefined;
  if (savedUrl && savedRoute && !savedRoute.public) return `${savedUrl.pathname}${savedUrl.search}`;
  return DEFAULT_TAB;
}

/** spec 1 §8: a weak password gets a dialog titled as an account security tip with a reset button. */
export function showWeakPasswordDialog(go: (to: string) => void) {
  // the dialog (antd-mobile's Dialog and its animation library) loads when first shown (issue 10)
  void import('./weakPasswordDialog').then((m) => m.showWeakPasswordDialog(go));
}

/**
 * Routes a user whose info just loaded: a weak password must be reset and an account with no
 * phone or email must bind one before anything else (spec 1 §4); otherwise the saved location.
 */
export function routeAfterLogin(user: UserInfo, go: (to: string) => void, shareClass?: string | null) {
  if (user.safe === 1) {
    go(FORCE_PASSWORD_PATH);
    showWeakPasswordDialog(go);
    return;
  }
  if (user.mustBind === 1) {
    go(FORCE_BIND_PATH);
    return;
  }
  const target = postLoginTarget(shareClass);
  session.remove(STORAGE_KEYS.redirect);
  go(target);
}
