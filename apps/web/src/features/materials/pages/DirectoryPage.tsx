import { directoryInput } from '@paiclass/shared';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline, FolderOutline } from 'antd-mobile-icons';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { usePrompt } from '../../courses/components/PromptDialog';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { materialsApi } from '../api';
import { useDirectories, useRefreshContent } from '../hooks/useContent';
import '../materials.css';
import { foldersPath } from '../paths';
import type { Directory } from '../types';

/** /addActivity/directory?courseId=&courseRole=1: the course's directories: add, rename, delete (items stay). */
export default function DirectoryPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? foldersPath(courseId, 1) : undefined);
  return (
    <div className="page materials-page" data-testid="directory-page">
      <PageNavBar title={t('materials.directory.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => <Directories info={course} />}
      </CourseGate>
    </div>
  );
}

function Directories({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const courseId = info.id;
  const directories = useDirectories(courseId);
  const refresh = useRefreshContent(courseId);
  const { prompt, element } = usePrompt();

  const askName = (title: string, initial: string, run: (name: string) => Promise<unknown>) =>
    prompt({
      title,
      placeholder: t('materials.directory.namePlaceholder'),
      initialValue: initial,
      maxLength: 50,
      testid: 'directory-name',
      submit: async (value) => {
        const checked = validate(directoryInput, { courseid: courseId, title: value });
        if (!checked.ok) return t(checked.errors.title ?? 'validation.invalid');
        await run(checked.data.title);
        return undefined;
      },
    });

  const create = async () => {
    const result = await askName(t('materials.directory.createTitle'), '', (name) => materialsApi.addDirectory(courseId, name));
    if (result !== 'done') return;
    Toast.show({ content: t('materials.directory.created') });
    await refresh();
  };

  const rename = async (dir: Directory) => {
    const result = await askName(t('materials.directory.renameTitle'), dir.title, (name) =>
      materialsApi.renameDirectory(courseId, dir.id, name),
    );
    if (result !== 'done') return;
    Toast.show({ content: t('materials.directory.renamed') });
    await refresh();
  };

  const remove = async (dir: Directory) => {
    const confirmed = await confirmDialog({
      title: t('materials.directory.deleteTitle'),
      content: t('materials.directory.deleteConfirm', { title: dir.title, count: Number(dir.count) }),
      confirmText: t('materials.directory.delete'),
      danger: true,
      testid: 'directory-delete-ask',
    }).result;
    if (!confirmed) return;
    try {
      await materialsApi.deleteDirectory(courseId, dir.id);
      Toast.show({ content: t('materials.directory.deleted') });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const list = directories.data ?? [];
  return (
    <div className="page-body directory-body">
      <p className="directory-tip muted small">{t('materials.directory.tip')}</p>
      {directories.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : directories.isError ? (
        <QueryFailed error={directories.error} onRetry={() => void directories.refetch()} />
      ) : list.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={<span data-testid="directory-empty">{t('materials.directory.empty')}</span>}
          description=""
        />
      ) : (
        <ul className="content-list" data-testid="directory-list">
          {list.map((dir) => (
            <li key={dir.id} className="content-row directory-row" data-testid="directory-row" data-id={dir.id}>
              <span className="content-main">
                <span className="content-icon is-blue" aria-hidden="true">
                  <FolderOutline />
                </span>
                <span className="content-text">
                  <span className="content-title" data-testid="directory-row-title">
                    {dir.title}
                  </span>
                  <span className="muted small" data-testid="directory-row-count">
                    {t('materials.directory.count', { count: Number(dir.count) })}
                  </span>
                </span>
              </span>
              <button
                type="button"
                className="icon-button"
                onClick={() => void rename(dir)}
                aria-label={t('materials.directory.rename')}
                data-testid="directory-rename"
              >
                <EditSOutline />
              </button>
              <button
                type="button"
                className="icon-button danger-text"
                onClick={() => void remove(dir)}
                aria-label={t('materials.directory.delete')}
                data-testid="directory-delete"
              >
                <DeleteOutline />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        className="directory-add"
        onClick={() => void create()}
        data-testid="directory-create"
      >
        <AddOutline /> {t('materials.directory.create')}
      </Button>
      {element}
    </div>
  );
}
