import type { RouteArea, RouteDef } from '@paiclass/shared';
import { DEFAULT_TAB } from '@paiclass/shared';
import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from '../lib/router';
import type { TFunction } from '../lib/translations';
import { useTranslation } from '../lib/translations';
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

/**
 * What a page not built yet is called, by its address (words of the core strings, loaded with this page): the area's own name where the spec's area is
 * wider than the page (a meeting is not "course content"), else the area's name.
 */
const PAGE_NAMES: [prefix: string, key: string][] = [
  ['/courseware', 'notAvailable.names.courseware'],
  ['/conference', 'notAvailable.names.meeting'],
  ['/InteractiveAnswers', 'notAvailable.names.interact'],
  ['/reviewAnswer', 'notAvailable.names.interact'],
  ['/checkIn', 'notAvailable.names.checkIn'],
  ['/representation', 'notAvailable.names.performance'],
  ['/analysis', 'notAvailable.names.analysis'],
  ['/casestudy', 'notAvailable.names.casestudy'],
  ['/CourseRate', 'notAvailable.names.evaluation'],
  ['/EvaluationTeaching', 'notAvailable.names.evaluation'],
  ['/vipManagement', 'notAvailable.names.membership'],
  ['/myInfoDetail', 'notAvailable.names.profile'],
  ['/infoModify', 'notAvailable.names.profile'],
  ['/avatar', 'notAvailable.names.profile'],
  ['/myAllSetting', 'notAvailable.names.settings'],
  ['/discover', 'notAvailable.names.discover'],
];

/** The name of a page that is not built yet, for its title and message. */
export function pageName(t: TFunction, area: RouteArea, path?: string): string {
  const lower = path?.toLowerCase();
  const found = lower ? PAGE_NAMES.find(([prefix]) => lower.startsWith(prefix.toLowerCase())) : undefined;
  return found ? t(found[1]) : areaName(t, area);
}

/** The honest message of a page that is in the route table but not built yet. */
export function NotAvailableBlock({
  area,
  path,
  title,
  description,
}: {
  area: RouteArea;
  /** the page's address, for its own name */
  path?: string;
  title?: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const name = pageName(t, area, path);
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
export function NotAvailablePage({ area, path }: { area: RouteArea; path?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-available-page">
      <PageNavBar title={pageName(t, area, path)} />
      <div className="page-body page-center">
        <NotAvailableBlock area={area} path={path} />
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
      <PageNavBar title={pageName(t, route.area, route.path)} />
      <div className="page-body page-center">
        <NotAvailableBlock area={route.area} path={route.path} />
      </div>
    </div>
  );
}
