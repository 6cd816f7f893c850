import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../lib/translations';
import { formatTime } from '../../courses/pages/EnrollReviewPage';
import type { ActivityItem } from '../types';

/**
 * What a teacher needs to know of an item's publish state (spec 2 §4): a draft, scheduled for a
 * time, or ended. A published item shows nothing.
 */
export function StateTag({ item, testid }: { item: Pick<ActivityItem, 'publishState' | 'publish_time'>; testid: string }) {
  const { t } = useTranslation();
  const state = Number(item.publishState);
  if (state === 0)
    return (
      <Tag color="default" fill="outline" className="activity-tag" data-testid={testid} data-state="draft">
        {t('notices.state.draft')}
      </Tag>
    );
  if (state === 1)
    return (
      <Tag color="primary" fill="outline" className="activity-tag" data-testid={testid} data-state="scheduled">
        {t('notices.state.scheduled', { time: formatTime(Number(item.publish_time)) })}
      </Tag>
    );
  if (state === 3)
    return (
      <Tag color="default" className="activity-tag" data-testid={testid} data-state="ended">
        {t('notices.state.ended')}
      </Tag>
    );
  return null;
}

/** A student's read or unread mark on a notice (spec 1 §2). */
export function ReadTag({ read, testid }: { read: boolean; testid: string }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={read ? 'success' : 'warning'}
      fill="outline"
      className="activity-tag"
      data-testid={testid}
      data-read={read ? '1' : '0'}
    >
      {read ? t('notices.read') : t('notices.unread')}
    </Tag>
  );
}
