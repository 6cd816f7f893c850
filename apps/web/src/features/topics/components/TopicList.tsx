import { useQueryClient } from '@tanstack/react-query';
import { List, Switch, Tag, Toast } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import { useMarkSeen } from '../../courses/hooks/useMarkSeen';
import type { CourseInfo } from '../../courses/types';
import { ActivityRow } from '../../notices/components/ActivityRow';
import { ListBody, ListEmpty, ListFooter } from '../../notices/components/ListStates';
import { StateTag } from '../../notices/components/StateTag';
import { useActivityList } from '../../notices/hooks/useActivityList';
import { roleOf } from '../../notices/utils';
import { TOPIC_TYPE, topicKeys, topicsApi } from '../api';
import { useTopicSetting } from '../hooks/useTopicSetting';
import { addTopicPath, topicPath } from '../paths';

/**
 * /topicDetail without an id: the course's topics, newest first. Teachers switch whether students
 * may start topics (spec 2 §6); students see whether they have taken part in each.
 */
export function TopicList({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manager = hasAbility(info, 'manageContent');
  const role = roleOf(info);
  // opening the list clears the course home's red number for it
  useMarkSeen(info.id, 'topic');
  const setting = useTopicSetting(info.id);
  const allow = Number(setting.data?.allowstudent) === 1;
  const canStart = manager || allow;
  const [saving, setSaving] = useState(false);
  const { query, items } = useActivityList(info.id, TOPIC_TYPE, topicKeys.list(info.id));
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;

  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await topicsApi.saveSetting(info.id, next ? 1 : 0);
      queryClient.setQueryData(topicKeys.setting(info.id), saved);
      Toast.show({ content: next ? t('topics.allowedToast') : t('topics.forbiddenToast') });
    } catch (e) {
      showApiError(e);
    } finally {
      setSaving(false);
    }
  };

  const empty =
    items.length === 0 ? (
      <ListEmpty
        testid="topic-empty"
        title={t('topics.empty')}
        text={canStart ? t('topics.emptyCanStart') : t('topics.emptyStudent')}
        action={canStart ? t('topics.create') : undefined}
        onAction={canStart ? () => navigate(addTopicPath(info.id, role)) : undefined}
      />
    ) : null;

  return (
    <div className="page-body activity-body" data-testid="topic-list" aria-busy={query.isFetching}>
      {manager ? (
        <List className="setting-list topic-setting">
          <List.Item
            description={t('topics.allowStudentsHint')}
            extra={
              <Switch
                checked={allow}
                loading={saving || setting.isPending}
                disabled={setting.isError}
                onChange={(v) => void toggle(v)}
                aria-label={t('topics.allowStudents')}
                data-testid="topic-allow-switch"
              />
            }
          >
            {t('topics.allowStudents')}
          </List.Item>
        </List>
      ) : setting.data && !allow ? (
        <p className="activity-note" data-testid="topic-closed-note">
          {t('topics.closedForStudents')}
        </p>
      ) : null}
      <ListBody query={query} empty={empty} loadingTestid="topic-list-loading">
        <p className="activity-count muted small" data-testid="topic-count">
          {t('topics.count', { count: total })}
        </p>
        <ul className="activity-list">
          {items.map((item) => (
            <ActivityRow
              key={item.id}
              item={item}
              testid="topic-row"
              icon={
                <span className="activity-icon-inner is-blue">
                  <MessageOutline />
                </span>
              }
              tags={
                manager ? (
                  <StateTag item={item} testid="topic-row-state" />
                ) : Number(item.mstatus) === 1 ? (
                  <Tag color="success" fill="outline" className="activity-tag" data-testid="topic-row-joined">
                    {t('topics.joined')}
                  </Tag>
                ) : null
              }
              stats={
                manager && item.statistics && Number(item.publishState) >= 2
                  ? t('topics.joinedStats', { count: Number(item.statistics.completed) })
                  : undefined
              }
              onOpen={() => navigate(topicPath(info.id, role, item.id))}
            />
          ))}
        </ul>
        <ListFooter query={query} testid="topic-list" />
      </ListBody>
    </div>
  );
}
