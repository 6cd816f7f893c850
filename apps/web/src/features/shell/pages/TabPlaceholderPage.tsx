import { ErrorBlock } from 'antd-mobile';
import { PageNavBar } from '../../../components/PageNavBar';
import type { TFunction } from '../../../lib/translations';
import { useTranslation } from '../../../lib/translations';
import type { TabPath } from '../tabs';

/** The title and message of a tab whose area is not built; any other tab without a page gets the general words. */
function placeholderText(t: TFunction, path: TabPath): { nav: string; title: string; description: string } {
  if (path === '/teachingAndResearchOffice')
    return { nav: t('placeholder.officeNav'), title: t('placeholder.officeTitle'), description: t('placeholder.officeText') };
  if (path === '/final')
    return { nav: t('placeholder.finalNav'), title: t('placeholder.finalTitle'), description: t('placeholder.finalText') };
  return { nav: t('notAvailable.title'), title: t('notAvailable.title'), description: t('notAvailable.generic') };
}

/**
 * A tab opened by its address while its area is not built: the tab bar hides such tabs
 * (`visibleTabs`), and the address says honestly what comes, with no fake content.
 */
export default function TabPlaceholderPage({ path }: { path: TabPath }) {
  const { t } = useTranslation();
  const text = placeholderText(t, path);
  return (
    <div className="page tab-page" data-testid={`tab-page-${path.slice(1)}`}>
      <PageNavBar title={text.nav} noBack />
      <div className="page-body page-center">
        <ErrorBlock
          status="empty"
          title={<span data-testid="placeholder-title">{text.title}</span>}
          description={<span data-testid="placeholder-text">{text.description}</span>}
        />
      </div>
    </div>
  );
}
