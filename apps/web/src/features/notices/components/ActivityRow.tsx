import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { ActivityItem } from '../types';
import { itemTime } from '../utils';

/**
 * One notice or topic in a list: an icon, the title with its tags, who wrote it and when, and a
 * line for the teacher's counts. The row is `<testid>` with `data-id`.
 */
export function ActivityRow({
  item,
  icon,
  tags,
  stats,
  onOpen,
  testid,
}: {
  item: ActivityItem;
  icon: ReactNode;
  tags?: ReactNode;
  stats?: ReactNode;
  onOpen: () => void;
  testid: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="activity-row" data-testid={testid} data-id={item.id}>
      <button type="button" className="activity-main" onClick={onOpen}>
        <span className="activity-icon">{icon}</span>
        <span className="activity-text">
          <span className="activity-title" data-testid={`${testid}-title`}>
            {item.title}
          </span>
          <span className="activity-meta">
            {tags}
            <span className="activity-meta-text">
              {item.author ? `${item.author.username} · ` : ''}
              {formatTime(itemTime(item))}
            </span>
          </span>
          {stats ? (
            <span className="activity-stats" data-testid={`${testid}-stats`}>
              {stats}
            </span>
          ) : null}
        </span>
        <RightOutline className="activity-arrow" aria-label={t('notices.open')} />
      </button>
    </li>
  );
}
