import type { RouteArea, RouteDef } from '@paiclass/shared';
import { DEFAULT_TAB } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../lib/router';
import { PageNavBar } from './PageNavBar';

/** The name of an area of the product, for users. */
export function areaName(t: TFunction, area: RouteArea): string {
  const names: Record<RouteArea, string> = {
    accounts: t('areas.accounts'),
    shell: t('areas.shell'),
    courses: t('areas.courses'),
    content: t('areas.content'),
    homework: t('areas.homework'),
    tests: t('areas.tests'),
    attendance: t('areas.attendance'),
    live: t('areas.live'),
    office: t('areas.office'),
    personal: t('areas.personal'),
    chat: t('areas.chat'),
    help: t('areas.help'),
    commerce: t('areas.commerce'),
  };
  return names[area];
}

/** The honest message of a page that is in the route table but not built yet. */
export function NotAvailableBlock({ area, title, description }: { area: RouteArea; title?: string; description?: string }) {
  const { t } = useTranslation();
  const name = areaName(t, area);
  return (
    <ErrorBlock
      status="busy"
      className="not-available"
      title={<span data-testid="not-available-title">{title ?? t('notAvailable.title')}</span>}
      description={<span data-testid="not-available-text">{description ?? t('notAvailable.description', { area: name })}</span>}
    />
  );
}

/** A whole page for a route whose area arrives in a later release: no fake content. */
export function NotAvailablePage({ area }: { area: RouteArea }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-available-page">
      <PageNavBar title={areaName(t, area)} />
      <div className="page-body page-center">
        <NotAvailableBlock area={area} />
        <Button
          color="primary"
          fill="outline"
          onClick={() => navigate(DEFAULT_TAB)}
          data-testid="not-available-home"
          className="center-button"
        >
          {t('common.backHome')}
        </Button>
      </div>
    </div>
  );
}

/** A shell child that is not one of the bottom tabs and not built yet. */
export function ShellNotAvailable({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className="page tab-page" data-testid="not-available-page">
      <PageNavBar title={areaName(t, route.area)} />
      <div className="page-body page-center">
        <NotAvailableBlock area={route.area} />
      </div>
    </div>
  );
}
