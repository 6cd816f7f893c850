import { ErrorBlock } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageNavBar } from '../../../components/PageNavBar';
import { type TabPath, tabTitle } from '../tabs';

function placeholderText(t: TFunction, path: TabPath): { title: string; description: string } {
  const texts: Record<TabPath, { title: string; description: string }> = {
    '/teachingAndResearchOffice': { title: t('placeholder.officeTitle'), description: t('placeholder.officeText') },
    '/todoList': { title: t('placeholder.todoTitle'), description: t('placeholder.todoText') },
    '/ktpCourse': { title: t('placeholder.coursesTitle'), description: t('placeholder.coursesText') },
    '/final': { title: t('placeholder.finalTitle'), description: t('placeholder.finalText') },
    '/ktpMessage': { title: t('placeholder.messagesTitle'), description: t('placeholder.messagesText') },
    '/ktpMy': { title: t('placeholder.myTitle'), description: t('placeholder.myText') },
  };
  return texts[path];
}

/** A tab whose page arrives in a later release: an honest empty state, no fake content. */
export default function TabPlaceholderPage({ path }: { path: TabPath }) {
  const { t } = useTranslation();
  const text = placeholderText(t, path);
  return (
    <div className="page tab-page" data-testid={`tab-page-${path.slice(1)}`}>
      <PageNavBar title={tabTitle(t, path)} noBack />
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
