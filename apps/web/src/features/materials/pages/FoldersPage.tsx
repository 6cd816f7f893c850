import { ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath, parseCourseId } from '../../courses/utils';
import { LoadMoreButton } from '../../members/components/LoadMoreButton';
import { ContentRow } from '../components/ContentRow';
import { FolderBlock } from '../components/FolderBlock';
import { useContentList, useDirectories } from '../hooks/useContent';
import { useItemMenu } from '../hooks/useItemMenu';
import '../materials.css';
import { directoryPath, itemPath, type Role } from '../paths';
import type { ContentItem } from '../types';
import { isFolder } from '../utils';

/**
 * /folders?courseId=&courseRole=[&dir=]: the whole course catalogue, every kind of content with
 * its type, filtered by directory; each item opens its own page (spec 2 §2, issue #4). Teachers
 * reach the directories from here.
 */
export default function FoldersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const role: Role = Number(info.data?.courseRole) === 1 ? 1 : 0;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, role) : undefined);
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;

  return (
    <div className="page materials-page" data-testid="folders-page">
      <PageNavBar
        title={t('materials.catalogue.title')}
        onBack={goBack}
        right={
          manager && courseId ? (
            <button
              type="button"
              className="nav-text-button"
              onClick={() => navigate(directoryPath(courseId))}
              data-testid="directory-manage"
            >
              {t('materials.catalogue.directories')}
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <Catalogue info={course} />}
      </CourseGate>
    </div>
  );
}

function Catalogue({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const courseId = info.id;
  const role: Role = Number(info.courseRole) === 1 ? 1 : 0;
  const manager = hasAbility(info, 'manageContent');
  const directories = useDirectories(courseId);
  const dirs = directories.data ?? [];
  const wanted = parseCourseId(params.get('dir')) ?? 0;
  // a directory that went away (deleted elsewhere) falls back to the whole catalogue
  const dir = directories.isSuccess && wanted && !dirs.some((d) => d.id === wanted) ? 0 : wanted;
  const { query, items, total } = useContentList(courseId, 0, dir);
  const menu = useItemMenu(courseId, { folders: items.filter(isFolder), directories: dirs });

  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    if (id) next.set('dir', String(id));
    else next.delete('dir');
    setParams(next, { replace: true });
  };

  const openItem = (item: ContentItem) => () => {
    const path = itemPath(item, courseId, role);
    if (path) navigate(path);
    else Toast.show({ content: t('materials.catalogue.notAvailable') });
  };

  const chip = (id: number, label: string, count?: number) => (
    <button
      key={id}
      type="button"
      className={`filter-chip${dir === id ? ' is-active' : ''}`}
      aria-pressed={dir === id}
      onClick={() => pick(id)}
      data-testid="directory-filter"
      data-id={id}
    >
      {label}
      {count !== undefined ? <span className="filter-chip-count">{count}</span> : null}
    </button>
  );

  const current = dirs.find((d) => d.id === dir);
  return (
    <div className="materials-body">
      {dirs.length > 0 || manager ? (
        <div className="filter-chips catalogue-chips" data-testid="directory-chips">
          {chip(0, t('materials.catalogue.all'))}
          {dirs.map((d) => chip(d.id, d.title, Number(d.count)))}
          {manager ? (
            <button
              type="button"
              className="filter-chip is-manage"
              onClick={() => navigate(directoryPath(courseId))}
              data-testid="directory-chip-manage"
            >
              {t('materials.catalogue.manageDirectories')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="member-toolbar materials-toolbar">
        <span className="muted small" data-testid="catalogue-count" aria-live="polite">
          {query.isSuccess
            ? current
              ? t('materials.catalogue.totalIn', { count: total, title: current.title })
              : t('materials.total', { count: total })
            : ' '}
        </span>
      </div>

      {query.isPending ? (
        <div className="member-list-loading" data-testid="catalogue-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="member-empty" data-testid="catalogue-empty">
          <ErrorBlock
            status="empty"
            title={current ? t('materials.catalogue.emptyDirectory') : t('materials.catalogue.empty')}
            description={manager ? t('materials.catalogue.emptyTeacher') : t('materials.catalogue.emptyStudent')}
          />
        </div>
      ) : (
        <>
          <ul className="content-list" data-testid="catalogue-list">
            {items.map((item) =>
              isFolder(item) ? (
                <FolderBlock
                  key={item.id}
                  courseId={courseId}
                  folder={item}
                  manager={manager}
                  showType
                  onOpenItem={openItem}
                  onMenu={manager ? menu.open : undefined}
                />
              ) : (
                <ContentRow
                  key={item.id}
                  item={item}
                  manager={manager}
                  showType
                  showDirectory={!current}
                  onOpen={openItem(item)}
                  onMenu={manager ? () => menu.open(item) : undefined}
                />
              ),
            )}
          </ul>
          {query.hasNextPage ? (
            <LoadMoreButton query={query} testid="catalogue-more" />
          ) : (
            <p className="list-end muted small" data-testid="catalogue-end">
              {t('materials.end')}
            </p>
          )}
        </>
      )}
      {menu.element}
    </div>
  );
}
