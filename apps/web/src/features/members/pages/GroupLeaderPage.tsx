import { Button, Radio, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useGoBack } from '../../../components/PageNavBar';
import { UserAvatar } from '../../../components/UserAvatar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed, NoPermission } from '../../courses/components/NoPermission';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { membersApi } from '../api';
import { useGrouping } from '../hooks/useGrouping';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { groupDetailsPath, subGroupPath } from '../paths';
import { GroupPageFrame } from './GroupDetailsPage';

/** /member/groupLeader?courseId=&id=&groupid=: the teacher makes one of the group's members its leader. */
export default function GroupLeaderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupId = parseCourseId(params.get('groupid'));
  return (
    <GroupPageFrame
      testid="group-leader-page"
      title={t('members.groups.setLeader')}
      back={(courseId, id) => (groupId ? subGroupPath(courseId, id, groupId) : groupDetailsPath(courseId, id))}
    >
      {(info, id) =>
        groupId === null ? (
          <LoadFailed message={t('members.groups.groupGone')} />
        ) : (
          <LeaderPicker info={info} id={id} groupId={groupId} />
        )
      }
    </GroupPageFrame>
  );
}

function LeaderPicker({ info, id, groupId }: { info: CourseInfo; id: number; groupId: number }) {
  const { t } = useTranslation();
  const courseId = info.id;
  const goBack = useGoBack(subGroupPath(courseId, id, groupId));
  const grouping = useGrouping(courseId, id);
  const refresh = useRefreshMembers(courseId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  if (Number(g.canManage) !== 1) return <NoPermission />;
  const group = g.groups.find((x) => x.id === groupId);
  if (!group) return <LoadFailed message={t('members.groups.groupGone')} />;
  const current = group.members.some((m) => m.uid === Number(group.leader)) ? Number(group.leader) : null;
  const value = chosen ?? current;

  const save = async () => {
    if (value === null) {
      setError(t('members.groups.chooseLeader'));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await membersApi.setLeader(courseId, group.id, value);
      const name = group.members.find((m) => m.uid === value)?.username ?? '';
      Toast.show({ content: t('members.groups.leaderSet', { name }) });
      await refresh();
      goBack();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page-body form-page">
      <p className="form-intro">{t('members.groups.leaderIntro', { name: group.name })}</p>
      {group.members.length === 0 ? (
        <p className="muted small center-text" data-testid="leader-empty">
          {t('members.groups.noMembers')}
        </p>
      ) : (
        <Radio.Group value={value ?? undefined} onChange={(v) => setChosen(Number(v))}>
          <ul className="person-list">
            {group.members.map((m) => (
              <li key={m.uid} className={`person-row${value === m.uid ? ' is-selected' : ''}`}>
                <Radio value={m.uid} className="leader-radio" data-testid="leader-option" data-uid={m.uid}>
                  <span className="leader-option">
                    <UserAvatar name={m.username} src={m.avatar || undefined} size={36} testid="person-avatar" />
                    <span className="person-name">{m.username}</span>
                    {m.uid === current ? <span className="leader-badge">{t('members.groups.leader')}</span> : null}
                  </span>
                </Radio>
              </li>
            ))}
          </ul>
        </Radio.Group>
      )}
      <FormError message={error} testid="leader-error" />
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={saving}
        disabled={saving || group.members.length === 0}
        onClick={() => void save()}
        className="submit-button"
        data-testid="leader-save"
      >
        {t('common.confirm')}
      </Button>
    </div>
  );
}
