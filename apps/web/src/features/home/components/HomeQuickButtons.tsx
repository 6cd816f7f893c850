import { AddCircleOutline, AppOutline, GiftOutline, ScanCodeOutline, ShopbagOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { hasPage } from '../../../router';

interface Quick {
  key: string;
  label: string;
  icon: ReactNode;
  tone: string;
  to: string;
}

/**
 * The home page's quick buttons (spec 1 §2): new course (teachers), join course, my courses,
 * course catalogue (/classification) and membership (/vipManagement). A button whose page is not
 * built yet is marked "coming" and does not open (decision 015); it opens once its page exists.
 */
export function HomeQuickButtons({ isTeacher }: { isTeacher: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const buttons: Quick[] = [
    ...(isTeacher
      ? [{ key: 'create', label: t('home.quick.create'), icon: <AddCircleOutline />, tone: 'is-blue', to: '/newCourse' }]
      : []),
    { key: 'join', label: t('home.quick.join'), icon: <ScanCodeOutline />, tone: 'is-green', to: '/joinCourse' },
    { key: 'courses', label: t('home.quick.courses'), icon: <AppOutline />, tone: 'is-cyan', to: '/ktpCourse' },
    { key: 'square', label: t('home.quick.square'), icon: <ShopbagOutline />, tone: 'is-orange', to: '/classification' },
    { key: 'privileges', label: t('home.quick.privileges'), icon: <GiftOutline />, tone: 'is-purple', to: '/vipManagement' },
  ];

  return (
    <nav
      className="home-quick"
      style={{ gridTemplateColumns: `repeat(${buttons.length}, 1fr)` }}
      aria-label={t('home.quick.label')}
      data-testid="home-quick"
    >
      {buttons.map((b) => {
        const coming = !hasPage(b.to);
        return (
          <button
            type="button"
            key={b.key}
            className={coming ? 'home-quick-item is-coming' : 'home-quick-item'}
            onClick={coming ? undefined : () => navigate(b.to)}
            disabled={coming}
            aria-label={coming ? `${b.label} (${t('notAvailable.coming')})` : undefined}
            data-testid={`home-quick-${b.key}`}
            data-coming={coming ? '1' : undefined}
          >
            <span className={`home-quick-icon ${b.tone}`}>{b.icon}</span>
            <span className="home-quick-label">{b.label}</span>
            {coming ? (
              <span className="coming-mark" data-testid="coming-mark">
                {t('notAvailable.coming')}
              </span>
            ) : null}
          </button>
        );
      })}
    </nav>
  );
}
