import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { showApiError } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import type { CourseInfo } from '../../courses/types';
import { memberKeys, membersApi } from '../api';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { newTeamPath } from '../paths';
import type { TeamMember } from '../types';
import { PersonRow } from './PersonRow';

/** The 教学团队 tab of /member: the owner and the assistants; the owner adds and removes assistants. */
export function TeamTab({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = info.id;
  const owner = hasAbility(info, 'manageTeam');
  const refresh = useRefreshMembers(courseId);
  const [removing, setRemoving] = useState<number | null>(null);
  const team = useQuery({
    queryKey: memberKeys.team(courseId),
    queryFn: () => membersApi.team(courseId),
    retry: retryNetworkOnly,
  });

  const remove = async (member: TeamMember) => {
    const confirmed = await confirmDialog({
      title: t('members.team.removeTitle'),
      content: t('members.team.removeConfirm', { name: member.username }),
      confirmText: t('members.team.remove'),
      danger: true,
      testid: 'team-remove-ask',
    }).result;
    if (!confirmed) return;
    setRemoving(member.uid);
    try {
      await membersApi.removeAssistant(courseId, member.uid);
      Toast.show({ content: t('members.team.removed', { name: member.username }) });
      await refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="member-tab">
      {owner ? (
        <div className="member-intro">
          <p className="muted small">{t('members.team.tip')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            size="small"
            onClick={() => navigate(newTeamPath(courseId))}
            data-testid="team-add"
          >
            <AddOutline /> {t('members.team.add')}
          </Button>
        </div>
      ) : null}
      {team.isPending ? (
        <div className="member-list-loading">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ) : team.isError ? (
        <QueryFailed error={team.error} onRetry={() => void team.refetch()} />
      ) : (
        <ul className="person-list" data-testid="team-list">
          {team.data.map((member) => (
            <PersonRow
              key={member.uid}
              testid="team-row"
              uid={member.uid}
              name={member.username}
              avatar={member.avatar}
              sub={member.school || undefined}
              tags={
                <Tag
                  color={member.role === 'owner' ? 'primary' : 'default'}
                  fill="outline"
                  className="person-tag"
                  data-testid="team-role"
                >
                  {member.role === 'owner' ? t('members.team.owner') : t('members.team.assistant')}
                </Tag>
              }
              extra={
                owner && member.role === 'assistant' ? (
                  <Button
                    size="mini"
                    shape="rounded"
                    color="danger"
                    fill="outline"
                    loading={removing === member.uid}
                    onClick={() => void remove(member)}
                    data-testid="team-remove"
                  >
                    {t('members.team.remove')}
                  </Button>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
      {team.isSuccess && team.data.length === 1 ? (
        <p className="list-end muted small" data-testid="team-no-assistant">
          {owner ? t('members.team.noAssistantOwner') : t('members.team.noAssistant')}
        </p>
      ) : null}
    </div>
  );
}
