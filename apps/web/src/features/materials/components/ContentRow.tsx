import { CONTENT_TYPES } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import { MoreOutline, RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import type { ContentItem } from '../types';
import { formatSize, formatTime, publishLabel, statsKind, totalSize, typeLabel } from '../utils';
import { TypeIcon } from './TypeIcon';

const STATE_COLORS = ['default', 'warning', 'success', 'default'] as const;

/**
 * One item of the materials list or the catalogue: its icon, title, size, type (in the catalogue),
 * publish state and learning statistics for teachers, learned or not for students; a "⋯" menu for
 * teachers.
 */
export function ContentRow({
  item,
  manager,
  showType = false,
  showDirectory = false,
  onOpen,
  onMenu,
}: {
  item: ContentItem;
  /** a teacher or assistant of the course */
  manager: boolean;
  /** the catalogue shows what kind each item is */
  showType?: boolean;
  showDirectory?: boolean;
  onOpen?: () => void;
  onMenu?: () => void;
}) {
  const { t } = useTranslation();
  const size = totalSize(item.attachment ?? []);
  const state = Number(item.publishState) as ContentItem['publishState'];
  const kind = statsKind(item.contenttype);
  const meta: ReactNode[] = [];
  if (showType)
    meta.push(
      <Tag key="type" color="primary" fill="outline" className="content-tag" data-testid="content-type">
        {typeLabel(t, item.contenttype)}
      </Tag>,
    );
  if (manager)
    meta.push(
      <Tag
        key="state"
        color={STATE_COLORS[state] ?? 'default'}
        fill="outline"
        className="content-tag"
        data-testid="content-state"
      >
        {publishLabel(t, state)}
      </Tag>,
    );
  else if (statsKind(item.contenttype) === 'learn')
    meta.push(
      <Tag
        key="learned"
        color={Number(item.mstatus) === 1 ? 'success' : 'warning'}
        fill="outline"
        className="content-tag"
        data-testid="content-learned"
      >
        {Number(item.mstatus) === 1 ? t('materials.learned') : t('materials.unlearned')}
      </Tag>,
    );
  if (size > 0)
    meta.push(
      <span key="size" data-testid="content-size">
        {formatSize(size)}
      </span>,
    );
  if (item.contenttype === CONTENT_TYPES.moocLink && item.link)
    meta.push(
      <span key="link" className="content-link-host">
        {hostOf(item.link)}
      </span>,
    );
  if (showDirectory && item.directory)
    meta.push(
      <span key="dir" className="content-dir" data-testid="content-directory">
        {item.directory.title}
      </span>,
    );

  const when =
    state === 1 && item.publish_time
      ? t('materials.publishAt', { time: formatTime(item.publish_time) })
      : Number(item.endtime)
        ? t('materials.endsAt', { time: formatTime(item.endtime) })
        : '';

  return (
    <li className="content-row" data-testid="content-row" data-id={item.id} data-type={item.contenttype}>
      <button type="button" className="content-main" onClick={onOpen} disabled={!onOpen}>
        <TypeIcon item={item} />
        <span className="content-text">
          <span className="content-title" data-testid="content-title">
            {item.title}
          </span>
          {meta.length ? <span className="content-meta">{meta}</span> : null}
          {manager && item.statistics && kind ? (
            <span className="content-stats" data-testid="content-stats">
              {t(`materials.statsLine.${kind}`, {
                completed: item.statistics.completed,
                unlearned: item.statistics.unlearned,
              })}
            </span>
          ) : null}
          {when ? <span className="content-when muted small">{when}</span> : null}
        </span>
        {onOpen && !onMenu ? <RightOutline className="person-arrow" /> : null}
      </button>
      {onMenu ? (
        <button
          type="button"
          className="icon-button content-more"
          onClick={onMenu}
          aria-label={t('materials.menu.title')}
          data-testid="content-more"
        >
          <MoreOutline />
        </button>
      ) : null}
    </li>
  );
}

function hostOf(link: string) {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}
