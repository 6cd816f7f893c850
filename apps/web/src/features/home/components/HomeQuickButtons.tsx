import { Button, Popup } from 'antd-mobile';
import { AddCircleOutline, AppOutline, GiftOutline, ScanCodeOutline, ShopbagOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BodyTestId } from '../../../components/BodyTestId';
import { NotAvailableBlock } from '../../../components/NotAvailable';
import { useNavigate } from '../../../lib/router';

interface Quick {
  key: string;
  label: string;
  icon: ReactNode;
  tone: string;
  onClick: () => void;
}

/**
 * The home page's quick buttons (spec 1 §2): new course (teachers), join course, my courses,
 * course square and my privileges. The square arrives with the course marketplace, so it says so
 * honestly; privileges go to the membership page, which does the same until it is built.
 */
export function HomeQuickButtons({ isTeacher }: { isTeacher: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [squareOpen, setSquareOpen] = useState(false);

  const buttons: Quick[] = [
    ...(isTeacher
      ? [
          {
            key: 'create',
            label: t('home.quick.create'),
            icon: <AddCircleOutline />,
            tone: 'is-blue',
            onClick: () => navigate('/newCourse'),
          },
        ]
      : []),
    {
      key: 'join',
      label: t('home.quick.join'),
      icon: <ScanCodeOutline />,
      tone: 'is-green',
      onClick: () => navigate('/joinCourse'),
    },
    {
      key: 'courses',
      label: t('home.quick.courses'),
      icon: <AppOutline />,
      tone: 'is-cyan',
      onClick: () => navigate('/ktpCourse'),
    },
    {
      key: 'square',
      label: t('home.quick.square'),
      icon: <ShopbagOutline />,
      tone: 'is-orange',
      onClick: () => setSquareOpen(true),
    },
    {
      key: 'privileges',
      label: t('home.quick.privileges'),
      icon: <GiftOutline />,
      tone: 'is-purple',
      onClick: () => navigate('/vipManagement'),
    },
  ];

  return (
    <>
      <nav
        className="home-quick"
        style={{ gridTemplateColumns: `repeat(${buttons.length}, 1fr)` }}
        aria-label={t('home.quick.label')}
        data-testid="home-quick"
      >
        {buttons.map((b) => (
          <button type="button" key={b.key} className="home-quick-item" onClick={b.onClick} data-testid={`home-quick-${b.key}`}>
            <span className={`home-quick-icon ${b.tone}`}>{b.icon}</span>
            <span className="home-quick-label">{b.label}</span>
          </button>
        ))}
      </nav>
      <Popup visible={squareOpen} onMaskClick={() => setSquareOpen(false)} bodyClassName="home-square-popup" destroyOnClose>
        <BodyTestId id="home-square-popup" />
        <NotAvailableBlock area="commerce" title={t('home.square.title')} description={t('home.square.text')} />
        <Button block color="primary" fill="outline" onClick={() => setSquareOpen(false)} data-testid="home-square-close">
          {t('common.close')}
        </Button>
      </Popup>
    </>
  );
}
