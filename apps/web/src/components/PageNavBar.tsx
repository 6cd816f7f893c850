import { DEFAULT_TAB } from '@paiclass/shared';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from '../lib/router';
import { useTranslation } from '../lib/translations';

/** true when this tab has an earlier page of the app to go back to */
export function hasInAppHistory() {
  const state = window.history.state as { idx?: number } | null;
  return window.history.length > 1 && typeof state?.idx === 'number' && state.idx > 0;
}

/** Goes back, or to the course list when there is nothing to go back to (spec 1 §2). */
export function useGoBack(fallback: string = DEFAULT_TAB) {
  const navigate = useNavigate();
  return () => {
    if (hasInAppHistory()) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

export interface PageNavBarProps {
  title: ReactNode;
  /** replaces the default back (history back, else the course list) */
  onBack?: () => void;
  /** no back arrow (tab pages, forced pages) */
  noBack?: boolean;
  right?: ReactNode;
}

/**
 * The top bar of a page, with a back arrow that never leaves the user stranded. Our own markup in
 * antd-mobile's classes: its NavBar wraps the back arrow in a `div role="button"` that has no name when
 * there is no back and cannot be reached with the keyboard (axe-core, issue 25); here the back is a
 * real button named "back".
 */
export function PageNavBar({ title, onBack, noBack, right }: PageNavBarProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="page-navbar">
      <div className="adm-nav-bar">
        <div className="adm-nav-bar-left">
          {noBack ? null : (
            <button
              type="button"
              className="adm-nav-bar-back nav-back"
              data-testid="nav-back"
              aria-label={t('common.back')}
              onClick={onBack ?? goBack}
            >
              <LeftOutline aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="adm-nav-bar-title">
          <span data-testid="page-title">{title}</span>
        </div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
    </div>
  );
}
