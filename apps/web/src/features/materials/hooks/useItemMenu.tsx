import { folderInput, renameInput } from '@paiclass/shared';
import { ActionSheet, Toast } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { usePrompt } from '../../courses/components/PromptDialog';
import { materialsApi } from '../api';
import { EndTimePopup } from '../components/EndTimePopup';
import { StudyProgressPopup } from '../components/StudyProgressPopup';
import type { ContentItem, Directory } from '../types';
import { isFolder, type MenuKey, menuKeys, sameFamily } from '../utils';
import { useRefreshContent } from './useContent';

type Sheet = 'menu' | 'folder' | 'directory' | null;

/**
 * The "⋯" menu of a catalogue item for teachers and assistants: rename, publish, folders,
 * directories, the download permission, the end time, learning statistics and delete. `folders`
 * are the folders the item may go into; render `element` in the page.
 */
export function useItemMenu(courseId: number, { folders, directories }: { folders: ContentItem[]; directories: Directory[] }) {
  const { t } = useTranslation();
  const refresh = useRefreshContent(courseId);
  const { prompt, element: promptElement } = usePrompt();
  const [item, setItem] = useState<ContentItem | null>(null);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [endFor, setEndFor] = useState<ContentItem | null>(null);
  const [statsFor, setStatsFor] = useState<ContentItem | null>(null);

  const open = (target: ContentItem) => {
    setItem(target);
    setSheet('menu');
  };
  const close = () => setSheet(null);

  const attempt = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      Toast.show({ content: done });
      await refresh();
    } catch (e) {
      showApiError(e);
    }
  };

  const rename = async (target: ContentItem) => {
    const folder = isFolder(target);
    const result = await prompt({
      title: folder ? t('materials.menu.renameFolderTitle') : t('materials.menu.renameTitle'),
      placeholder: t('materials.form.titlePlaceholder'),
      initialValue: target.title,
      maxLength: 100,
      testid: 'rename',
      submit: async (value) => {
        const checked = validate(renameInput, { courseid: courseId, id: target.id, title: value });
        if (!checked.ok) return t(checked.errors.title ?? 'validation.invalid');
        await materialsApi.rename(courseId, target.id, checked.data.title);
        return undefined;
      },
    });
    if (result !== 'done') return;
    Toast.show({ content: t('materials.menu.renamed') });
    await refresh();
  };

  const remove = async (target: ContentItem) => {
    const folder = isFolder(target);
    const count = Number(target.children?.total ?? 0);
    const confirmed = await confirmDialog({
      title: folder ? t('materials.menu.deleteFolderTitle') : t('materials.menu.deleteTitle'),
      content: folder
        ? t('materials.menu.deleteFolderConfirm', { title: target.title, count })
        : t('materials.menu.deleteConfirm', { title: target.title }),
      confirmText: t('materials.menu.delete'),
      danger: true,
      testid: 'delete-ask',
    }).result;
    if (!confirmed) return;
    await attempt(() => materialsApi.remove(courseId, target.id), t('materials.menu.deleted'));
  };

  const run = (key: MenuKey, target: ContentItem) => {
    close();
    switch (key) {
      case 'rename':
        return void rename(target);
      case 'publish':
        return void attempt(() => materialsApi.publish(courseId, target.id), t('materials.menu.published'));
      case 'moveToFolder':
        if (folders.filter((f) => sameFamily(f.contenttype, target.contenttype)).length === 0) {
          Toast.show({ content: t('materials.menu.noFolder') });
          return;
        }
        return setSheet('folder');
      case 'moveOutOfFolder':
        return void attempt(() => materialsApi.moveToFolder(courseId, [target.id], 0), t('materials.menu.movedOut'));
      case 'moveToDirectory':
        if (directories.length === 0) {
          Toast.show({ content: t('materials.menu.noDirectory') });
          return;
        }
        return setSheet('directory');
      case 'download': {
        const next = Number(target.downloadable) !== 1;
        return void attempt(
          () => materialsApi.setDownload(courseId, target.id, next),
          next ? t('materials.menu.downloadOn') : t('materials.menu.downloadOff'),
        );
      }
      case 'endTime':
        return setEndFor(target);
      case 'statistics':
        return setStatsFor(target);
      case 'delete':
        return void remove(target);
    }
  };

  const labels = (target: ContentItem): Record<MenuKey, string> => ({
    rename: t('materials.menu.rename'),
    publish: t('materials.menu.publish'),
    moveToFolder: t('materials.menu.moveToFolder'),
    moveOutOfFolder: t('materials.menu.moveOutOfFolder'),
    moveToDirectory: t('materials.menu.moveToDirectory'),
    download: Number(target.downloadable) === 1 ? t('materials.menu.forbidDownload') : t('materials.menu.allowDownload'),
    endTime: t('materials.menu.endTime'),
    statistics: t('materials.menu.statistics'),
    delete: t('materials.menu.delete'),
  });

  const menuActions: Action[] = item
    ? menuKeys(item).map((key) => ({
        key,
        text: <span data-testid={`item-action-${key}`}>{labels(item)[key]}</span>,
        danger: key === 'delete',
        onClick: () => run(key, item),
      }))
    : [];

  const folderActions: Action[] = item
    ? folders
        .filter((f) => sameFamily(f.contenttype, item.contenttype) && f.id !== item.folder?.id)
        .map((f) => ({
          key: String(f.id),
          text: (
            <span data-testid="move-folder-option" data-id={f.id}>
              {f.title}
            </span>
          ),
          onClick: () => {
            close();
            void attempt(
              () => materialsApi.moveToFolder(courseId, [item.id], f.id),
              t('materials.menu.movedIn', { title: f.title }),
            );
          },
        }))
    : [];

  const directoryActions: Action[] = item
    ? [
        ...directories
          .filter((d) => d.id !== item.directory?.id)
          .map((d) => ({
            key: String(d.id),
            text: (
              <span data-testid="move-directory-option" data-id={d.id}>
                {d.title}
              </span>
            ),
            onClick: () => {
              close();
              void attempt(
                () => materialsApi.directoryChange(courseId, [item.id], d.id),
                t('materials.menu.movedIn', { title: d.title }),
              );
            },
          })),
        ...(item.directory
          ? [
              {
                key: 'none',
                text: (
                  <span data-testid="move-directory-option" data-id="0">
                    {t('materials.menu.noDirectoryOption')}
                  </span>
                ),
                onClick: () => {
                  close();
                  void attempt(
                    () => materialsApi.directoryChange(courseId, [item.id], 0),
                    t('materials.menu.movedOutOfDirectory'),
                  );
                },
              },
            ]
          : []),
      ]
    : [];

  const title = item ? <span data-testid="item-menu-title">{item.title}</span> : undefined;
  const element = (
    <>
      <ActionSheet
        visible={sheet === 'menu'}
        actions={menuActions}
        extra={title}
        cancelText={t('common.cancel')}
        onClose={close}
      />
      <ActionSheet
        visible={sheet === 'folder'}
        actions={folderActions}
        extra={<span data-testid="move-folder-title">{t('materials.menu.chooseFolder')}</span>}
        cancelText={t('common.cancel')}
        onClose={close}
      />
      <ActionSheet
        visible={sheet === 'directory'}
        actions={directoryActions}
        extra={<span data-testid="move-directory-title">{t('materials.menu.chooseDirectory')}</span>}
        cancelText={t('common.cancel')}
        onClose={close}
      />
      <EndTimePopup courseId={courseId} item={endFor} onClose={() => setEndFor(null)} onSaved={refresh} />
      <StudyProgressPopup courseId={courseId} item={statsFor} onClose={() => setStatsFor(null)} />
      {promptElement}
    </>
  );

  /** Asks for a folder name and creates the folder (in the family of `contenttype`). */
  const createFolder = async (contenttype: number) => {
    const result = await prompt({
      title: t('materials.folder.createTitle'),
      placeholder: t('materials.folder.namePlaceholder'),
      maxLength: 100,
      testid: 'folder-name',
      submit: async (value) => {
        const checked = validate(folderInput, { courseid: courseId, contenttype, title: value });
        if (!checked.ok) return t(checked.errors.title ?? 'validation.invalid');
        await materialsApi.addFolder(courseId, contenttype, checked.data.title);
        return undefined;
      },
    });
    if (result !== 'done') return;
    Toast.show({ content: t('materials.folder.created') });
    await refresh();
  };

  return { open, element, createFolder };
}
