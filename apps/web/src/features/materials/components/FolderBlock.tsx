import { Button, SpinLoading } from 'antd-mobile';
import { DownOutline, MoreOutline, UpOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translations';
import { useFolderChildren } from '../hooks/useContent';
import type { ContentItem } from '../types';
import { ContentRow } from './ContentRow';
import { TypeIcon } from './TypeIcon';

/**
 * A folder of the list (item_type 2): its name and count; opened, its children 10 a page with
 * "load more" inside the folder (spec 2 §3, §9).
 */
export function FolderBlock({
  courseId,
  folder,
  manager,
  showType = false,
  onOpenItem,
  onMenu,
}: {
  courseId: number;
  folder: ContentItem;
  manager: boolean;
  showType?: boolean;
  /** null where an item has no page of its own yet */
  onOpenItem: (item: ContentItem) => (() => void) | undefined;
  onMenu?: (item: ContentItem) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { query, items, total } = useFolderChildren(courseId, folder, open);

  return (
    <li className={`folder-block${open ? ' is-open' : ''}`} data-testid="folder-block" data-id={folder.id}>
      <div className="folder-head">
        <button
          type="button"
          className="content-main"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          data-testid="folder-toggle"
        >
          <TypeIcon item={folder} />
          <span className="content-text">
            <span className="content-title" data-testid="folder-title">
              {folder.title}
            </span>
            <span className="content-meta">
              <span data-testid="folder-count">{t('materials.folder.count', { count: total })}</span>
              {folder.directory ? (
                <span className="content-dir" data-testid="folder-directory">
                  {folder.directory.title}
                </span>
              ) : null}
            </span>
          </span>
          {open ? <UpOutline className="person-arrow" /> : <DownOutline className="person-arrow" />}
        </button>
        {onMenu ? (
          <button
            type="button"
            className="icon-button content-more"
            onClick={() => onMenu(folder)}
            aria-label={t('materials.menu.title')}
            data-testid="folder-more"
          >
            <MoreOutline />
          </button>
        ) : null}
      </div>
      {open ? (
        <div className="folder-body" data-testid="folder-children">
          {items.length === 0 && query.isPending ? (
            <div className="folder-loading">
              <SpinLoading style={{ '--size': '20px' }} />
            </div>
          ) : items.length === 0 ? (
            <p className="folder-empty muted small" data-testid="folder-empty">
              {t('materials.folder.empty')}
            </p>
          ) : (
            <ul className="content-list folder-children">
              {items.map((child) => (
                <ContentRow
                  key={child.id}
                  item={child}
                  manager={manager}
                  showType={showType}
                  onOpen={onOpenItem(child)}
                  onMenu={onMenu ? () => onMenu(child) : undefined}
                />
              ))}
            </ul>
          )}
          {query.isError ? (
            <p className="folder-empty danger-text small" data-testid="folder-error">
              {t('materials.folder.loadFailed')}
            </p>
          ) : null}
          {query.hasNextPage ? (
            <Button
              block
              fill="none"
              size="small"
              className="load-more"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="folder-more-items"
            >
              {t('materials.folder.more')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
