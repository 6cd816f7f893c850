import { ActionSheet, Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { AddOutline, FolderOutline, UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { useMarkSeen } from '../../courses/hooks/useMarkSeen';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath, parseCourseId } from '../../courses/utils';
import { LoadMoreButton } from '../../members/components/LoadMoreButton';
import { ContentRow } from '../components/ContentRow';
import { FolderBlock } from '../components/FolderBlock';
import { MaterialDetail } from '../components/MaterialDetail';
import { useContentList, useDirectories } from '../hooks/useContent';
import { useItemMenu } from '../hooks/useItemMenu';
import '../materials.css';
import { addDataPath, dataIndexPath, MATERIAL_TYPES, type Role } from '../paths';
import type { ContentItem } from '../types';
import { isFolder } from '../utils';

/**
 * /dataIndex?type=2&courseId=&courseRole=[&id=]: the course's materials (types 2, 8, 9, 10 share
 * the list), folders opening in place; with `id`, one material opened (spec 2 §2, issue #4).
 */
export default function DataIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const id = parseCourseId(params.get('id'));
  const role: Role = Number(info.data?.courseRole) === 1 ? 1 : 0;
  const goHome = useGoBack(courseId ? courseHomePath(courseId, role) : undefined);
  const rawType = Number(params.get('type'));
  const contenttype = MATERIAL_TYPES.includes(rawType) ? rawType : 2;

  const back = () => {
    if (!id) return goHome();
    if (hasInAppHistory()) navigate(-1);
    else if (courseId) navigate(dataIndexPath(courseId, role), { replace: true });
  };

  return (
    <div className={`page materials-page${id ? ' material-page' : ''}`} data-testid={id ? 'material-page' : 'data-index-page'}>
      <PageNavBar title={id ? t('materials.detail.title') : t('materials.title')} onBack={back} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id ? (
            <MaterialDetail courseId={course.id} id={id} manager={hasAbility(course, 'manageContent')} />
          ) : (
            <MaterialsList info={course} contenttype={contenttype} />
          )
        }
      </CourseGate>
    </div>
  );
}

function MaterialsList({ info, contenttype }: { info: CourseInfo; contenttype: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const role: Role = Number(info.courseRole) === 1 ? 1 : 0;
  const manager = hasAbility(info, 'manageContent');
  const { query, items, total } = useContentList(courseId, contenttype, 0);
  // opening the list clears the course home's red number for it
  useMarkSeen(info.id, 'material');
  const directories = useDirectories(courseId);
  const folders = items.filter(isFolder);
  const menu = useItemMenu(courseId, { folders, directories: directories.data ?? [] });
  const [uploadOpen, setUploadOpen] = useState(false);

  const openItem = (item: ContentItem) => () => navigate(dataIndexPath(courseId, role, item.id));

  const uploadActions: Action[] = ([2, 9, 10] as const).map((type) => ({
    key: String(type),
    text: <span data-testid={`upload-type-${type}`}>{t(`materials.upload.kind.${type}`)}</span>,
    description: t(`materials.upload.kindHint.${type}`),
    onClick: () => {
      setUploadOpen(false);
      navigate(addDataPath(courseId, type));
    },
  }));

  return (
    <div className="materials-body">
      <div className="member-toolbar materials-toolbar">
        <span className="muted small" data-testid="materials-count" aria-live="polite">
          {query.isSuccess ? t('materials.total', { count: total }) : ' '}
        </span>
        {manager ? (
          <span className="member-toolbar-buttons">
            <Button size="mini" shape="rounded" onClick={() => void menu.createFolder(2)} data-testid="folder-create">
              <FolderOutline /> {t('materials.folder.create')}
            </Button>
            <Button size="mini" shape="rounded" color="primary" onClick={() => setUploadOpen(true)} data-testid="material-upload">
              <UploadOutline /> {t('materials.upload.button')}
            </Button>
          </span>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="member-list-loading" data-testid="materials-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="member-empty" data-testid="materials-empty">
          <ErrorBlock
            status="empty"
            title={t('materials.empty')}
            description={manager ? t('materials.emptyTeacher') : t('materials.emptyStudent')}
          />
          {manager ? (
            <Button color="primary" shape="rounded" onClick={() => setUploadOpen(true)} data-testid="materials-empty-upload">
              <AddOutline /> {t('materials.upload.button')}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="content-list" data-testid="materials-list">
            {items.map((item) =>
              isFolder(item) ? (
                <FolderBlock
                  key={item.id}
                  courseId={courseId}
                  folder={item}
                  manager={manager}
                  onOpenItem={openItem}
                  onMenu={manager ? menu.open : undefined}
                />
              ) : (
                <ContentRow
                  key={item.id}
                  item={item}
                  manager={manager}
                  onOpen={openItem(item)}
                  onMenu={manager ? () => menu.open(item) : undefined}
                />
              ),
            )}
          </ul>
          {query.hasNextPage ? (
            <LoadMoreButton query={query} testid="materials-more" />
          ) : (
            <p className="list-end muted small" data-testid="materials-end">
              {t('materials.end')}
            </p>
          )}
        </>
      )}

      <ActionSheet
        visible={uploadOpen}
        actions={uploadActions}
        extra={<span data-testid="upload-type-title">{t('materials.upload.chooseKind')}</span>}
        cancelText={t('common.cancel')}
        onClose={() => setUploadOpen(false)}
      />
      {menu.element}
    </div>
  );
}
