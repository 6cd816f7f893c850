import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import { useSchoolConfig } from '../hooks/useSchoolConfig';

/** The school's banner and name on the login page (spec 1 §2); a brand gradient when none is set. */
export function SchoolBanner({ corner }: { corner?: ReactNode }) {
  const { t } = useTranslation();
  const config = useSchoolConfig();
  const banner = config.data?.mobileBanner;
  const name = config.data?.schoolName;

  return (
    <header className={`school-banner${banner ? ' has-image' : ''}`} data-testid="login-banner">
      {banner ? (
        <img className="school-banner-img" src={banner} alt="" />
      ) : (
        <div className="school-banner-art" aria-hidden="true" />
      )}
      <div className="school-banner-corner">{corner}</div>
      <div className="school-banner-text">
        {banner ? null : (
          <div className="brand-row">
            <span className="brand-mark">P</span>
            <span className="brand-name">PaiClass</span>
          </div>
        )}
        {config.isLoading ? (
          <Skeleton.Title animated className="school-name-skeleton" />
        ) : (
          <h1 className="school-name" data-testid="login-school-name">
            {name || t('login.defaultSchool')}
          </h1>
        )}
        {banner ? null : <p className="school-slogan">{t('login.slogan')}</p>}
      </div>
    </header>
  );
}
