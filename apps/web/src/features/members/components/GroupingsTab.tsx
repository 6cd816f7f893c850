import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import type { CourseInfo } from '../../courses/types';
import { memberKeys, membersApi } from '../api';
import { groupDetailsPath, groupSettingsPath } from '../paths';
import { groupingRules, kindLabel } from '../utils';

/** The 分组 tab of /member: the course's groupings; teachers create them. */
export function GroupingsTab({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const manager = hasAbility(info, 'manageGroups');
  const list = useQuery({
    queryKey: memberKeys.groupings(courseId),
    queryFn: () => membersApi.groupings(courseId),
    retry: retryNetworkOnly,
  });

  return (
    <div className="member-tab">
      {manager ? (
        <div className="member-intro">
          <p className="muted small">{t('members.groups.tip')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            size="small"
            onClick={() => navigate(groupSettingsPath(courseId))}
            data-testid="grouping-create"
          >
            <AddOutline /> {t('members.groups.create')}
          </Button>
        </div>
      ) : null}
      {list.isPending ? (
        <div className="member-list-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : list.isError ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <div className="member-empty" data-testid="grouping-empty">
          <ErrorBlock
            status="empty"
            title={t('members.groups.empty')}
            description={manager ? t('members.groups.emptyTeacher') : t('members.groups.emptyStudent')}
          />
        </div>
      ) : (
        <ul className="grouping-list" data-testid="grouping-list">
          {list.data.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                className="grouping-row"
                onClick={() => navigate(groupDetailsPath(courseId, g.id))}
                data-testid="grouping-row"
                data-id={g.id}
              >
                <span className="grouping-row-text">
                  <span className="grouping-row-title">
                    <span className="grouping-title" data-testid="grouping-title">
                      {g.title}
                    </span>
                    <Tag color="primary" fill="outline" className="person-tag" data-testid="grouping-kind">
                      {kindLabel(t, g.type)}
                    </Tag>
                  </span>
                  <span className="muted small" data-testid="grouping-rules">
                    {groupingRules(t, g)}
                  </span>
                </span>
                <RightOutline className="person-arrow" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
