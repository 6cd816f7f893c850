import { SoundOutline } from 'antd-mobile-icons';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import { useMarkSeen } from '../../courses/hooks/useMarkSeen';
import type { CourseInfo } from '../../courses/types';
import { NOTICE_TYPE, noticeKeys } from '../api';
import { useActivityList } from '../hooks/useActivityList';
import { addNoticePath, noticePath } from '../paths';
import { roleOf } from '../utils';
import { ActivityRow } from './ActivityRow';
import { ListBody, ListEmpty, ListFooter } from './ListStates';
import { ReadTag, StateTag } from './StateTag';

/**
 * /noticeDetail without an id: the course's notices, newest first. Students see each tagged read
 * or unread; teachers see how many students have read it and its publish state.
 */
export function NoticeList({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const manager = hasAbility(info, 'manageContent');
  const role = roleOf(info);
  // opening the list clears the course home's red number for it
  useMarkSeen(info.id, 'notice');
  const { query, items } = useActivityList(info.id, NOTICE_TYPE, noticeKeys.list(info.id));
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;

  const empty =
    items.length === 0 ? (
      <ListEmpty
        testid="notice-empty"
        title={t('notices.empty')}
        text={manager ? t('notices.emptyTeacher') : t('notices.emptyStudent')}
        action={manager ? t('notices.create') : undefined}
        onAction={manager ? () => navigate(addNoticePath(info.id, role)) : undefined}
      />
    ) : null;

  return (
    <div className="page-body activity-body" data-testid="notice-list" aria-busy={query.isFetching}>
      <ListBody query={query} empty={empty} loadingTestid="notice-list-loading">
        <p className="activity-count muted small" data-testid="notice-count">
          {t('notices.count', { count: total })}
        </p>
        <ul className="activity-list">
          {items.map((item) => {
            const read = Number(item.mstatus) === 1;
            return (
              <ActivityRow
                key={item.id}
                item={item}
                testid="notice-row"
                icon={
                  <span className={`activity-icon-inner is-orange${!manager && !read ? ' has-dot' : ''}`}>
                    <SoundOutline />
                  </span>
                }
                tags={
                  manager ? <StateTag item={item} testid="notice-row-state" /> : <ReadTag read={read} testid="notice-row-read" />
                }
                stats={
                  manager && item.statistics && Number(item.publishState) >= 2
                    ? t('notices.readStats', {
                        read: Number(item.statistics.completed),
                        unread: Number(item.statistics.unlearned),
                      })
                    : undefined
                }
                onOpen={() => navigate(noticePath(info.id, role, item.id))}
              />
            );
          })}
        </ul>
        <ListFooter query={query} testid="notice-list" />
      </ListBody>
    </div>
  );
}
