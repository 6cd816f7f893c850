import { groupRenameInput } from '@paiclass/shared';
import { ActionSheet, Button, List, Tag, Toast } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { FormError } from '../../../components/FormError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { useGoBack } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { validate } from '../../../lib/validation';
import { useUser } from '../../accounts/authStore';
import { QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { usePrompt } from '../../courses/components/PromptDialog';
import type { CourseInfo } from '../../courses/types';
import { parseCourseId } from '../../courses/utils';
import { membersApi } from '../api';
import { PersonRow } from '../components/PersonRow';
import { useGroupChoice, useGrouping } from '../hooks/useGrouping';
import { useRefreshMembers } from '../hooks/useRefreshMembers';
import { groupDetailsPath, groupLeaderPath, ungroupPath } from '../paths';
import type { Group, GroupMember } from '../types';
import { isFull, kindLabel, memberCount } from '../utils';
import { GroupPageFrame } from './GroupDetailsPage';

/** /member/groupDetails/subGrouped?courseId=&id=&groupid=: one group; teachers rename, lead, move, remove and delete. */
export default function SubGroupedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupId = parseCourseId(params.get('groupid'));
  return (
    <GroupPageFrame testid="subgroup-page" title={t('members.groups.groupTitle')} back={groupDetailsPath}>
      {(info, id) =>
        groupId === null ? (
          <LoadFailed message={t('members.groups.groupGone')} />
        ) : (
          <SubGroup info={info} id={id} groupId={groupId} />
        )
      }
    </GroupPageFrame>
  );
}

function SubGroup({ info, id, groupId }: { info: CourseInfo; id: number; groupId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const courseId = info.id;
  const goBack = useGoBack(groupDetailsPath(courseId, id));
  const grouping = useGrouping(courseId, id);
  const refresh = useRefreshMembers(courseId);
  const choice = useGroupChoice(courseId);
  const { prompt, element } = usePrompt();
  const [error, setError] = useState<string>();
  const [moving, setMoving] = useState<GroupMember | null>(null);

  if (grouping.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (grouping.isError) return <QueryFailed error={grouping.error} onRetry={() => void grouping.refetch()} />;
  const g = grouping.data;
  const group = g.groups.find((x) => x.id === groupId);
  if (!group) return <LoadFailed message={t('members.groups.groupGone')} />;
  const manager = Number(g.canManage) === 1;
  const me = user ? Number(user.id) : undefined;
  const mine = group.id === Number(g.mygroup);
  const leader = Number(group.leader);
  const iLead = me !== undefined && leader === me;
  // a student may delete a group they made while alone in it (docs/api.md); the server checks who made it
  const mayDelete = manager || (Number(g.canCreate) === 1 && iLead && group.members.length === 1 && mine);

  const act = async (call: () => Promise<unknown>, done: string) => {
    setError(undefined);
    try {
      await call();
      Toast.show({ content: done });
      await refresh();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
      await refresh();
      return false;
    }
  };

  const rename = () =>
    void prompt({
      title: t('members.groups.renameTitle'),
      initialValue: group.name,
      maxLength: 30,
      testid: 'group-rename',
      submit: async (value) => {
        const checked = validate(groupRenameInput, { courseid: courseId, groupid: group.id, name: value });
        if (!checked.ok) return t(checked.errors.name ?? 'validation.invalid');
        await membersApi.renameGroup(courseId, group.id, checked.data.name);
        Toast.show({ content: t('members.groups.renamed') });
        await refresh();
        return undefined;
      },
    });

  const removeMember = async (m: GroupMember) => {
    const confirmed = await confirmDialog({
      title: t('members.groups.removeMemberTitle'),
      content: t('members.groups.removeMemberConfirm', { name: m.username, group: group.name }),
      confirmText: t('members.groups.removeMember'),
      danger: true,
      testid: 'group-remove-member-ask',
    }).result;
    if (confirmed)
      await act(() => membersApi.quitGroup(courseId, group.id, [m.uid]), t('members.groups.memberRemoved', { name: m.username }));
  };

  const moveTo = async (target: Group) => {
    const m = moving;
    setMoving(null);
    if (!m) return;
    await act(
      () => membersApi.joinGroup(courseId, target.id, [m.uid]),
      t('members.groups.memberMoved', { name: m.username, group: target.name }),
    );
  };

  const removeGroup = async () => {
    const confirmed = await confirmDialog({
      title: t('members.groups.deleteGroupTitle'),
      content: t('members.groups.deleteGroupConfirm', { name: group.name, count: group.members.length }),
      confirmText: t('members.groups.deleteGroup'),
      danger: true,
      testid: 'group-delete-ask',
    }).result;
    if (!confirmed) return;
    if (await act(() => membersApi.deleteGroup(courseId, group.id), t('members.groups.groupDeleted', { name: group.name })))
      goBack();
  };

  const targets = g.groups.filter((x) => x.id !== group.id);
  const moveActions: Action[] = targets.map((x) => ({
    key: String(x.id),
    text: (
      <span data-testid="move-group-option" data-id={x.id}>
        {x.name}（{memberCount(t, x, g)}）
      </span>
    ),
    disabled: isFull(x, g),
    onClick: () => void moveTo(x),
  }));

  const full = isFull(group, g);

  return (
    <div className="page-body member-body">
      <section className={`grouping-head${mine ? ' is-mine' : ''}`} data-testid="subgroup-head">
        <div className="grouping-head-title">
          <h1 data-testid="subgroup-name">{group.name}</h1>
          {mine ? (
            <Tag color="primary" className="person-tag" data-testid="group-mine">
              {t('members.groups.mine')}
            </Tag>
          ) : null}
        </div>
        <p className="muted small">
          {g.title} · {kindLabel(t, g.type)}
        </p>
        <p className="grouping-stats small" data-testid="subgroup-count">
          {memberCount(t, group, g)}
        </p>
      </section>

      <FormError message={error ?? choice.error} testid="subgroup-error" />

      {group.members.length === 0 ? (
        <p className="muted small center-text member-note" data-testid="subgroup-empty">
          {t('members.groups.noMembers')}
        </p>
      ) : (
        <ul className="person-list" data-testid="subgroup-members">
          {group.members.map((m) => (
            <PersonRow
              key={m.uid}
              testid="subgroup-member"
              uid={m.uid}
              name={m.username}
              avatar={m.avatar}
              tags={
                m.uid === leader ? (
                  <Tag color="warning" fill="solid" className="person-tag" data-testid="subgroup-leader-tag">
                    {t('members.groups.leader')}
                  </Tag>
                ) : m.uid === me ? (
                  <Tag className="person-tag">{t('members.groups.me')}</Tag>
                ) : undefined
              }
              extra={
                manager ? (
                  <span className="person-buttons">
                    <Button
                      size="mini"
                      shape="rounded"
                      disabled={targets.length === 0}
                      onClick={() => setMoving(m)}
                      data-testid="subgroup-move-member"
                    >
                      {t('members.groups.moveMember')}
                    </Button>
                    <Button
                      size="mini"
                      shape="rounded"
                      color="danger"
                      fill="outline"
                      onClick={() => void removeMember(m)}
                      data-testid="subgroup-remove-member"
                    >
                      {t('members.groups.removeMember')}
                    </Button>
                  </span>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}

      {manager || iLead || mayDelete ? (
        <List className="setting-list" header={t('members.groups.manageGroup')} data-testid="subgroup-manage">
          {manager || iLead ? (
            <List.Item onClick={rename} data-testid="subgroup-rename">
              {t('members.groups.rename')}
            </List.Item>
          ) : null}
          {manager ? (
            <List.Item
              onClick={() => navigate(groupLeaderPath(courseId, id, group.id))}
              extra={group.members.find((m) => m.uid === leader)?.username ?? t('members.groups.noLeader')}
              data-testid="subgroup-set-leader"
            >
              {t('members.groups.setLeader')}
            </List.Item>
          ) : null}
          {manager ? (
            <List.Item
              onClick={() => navigate(ungroupPath(courseId, id, group.id))}
              extra={t('members.groups.ungroupedShort', { count: g.ungrouped.length })}
              data-testid="subgroup-add-members"
            >
              {t('members.groups.addMembers')}
            </List.Item>
          ) : null}
          {mayDelete ? (
            <List.Item onClick={() => void removeGroup()} data-testid="subgroup-delete">
              <span className="danger-text">{t('members.groups.deleteGroup')}</span>
            </List.Item>
          ) : null}
        </List>
      ) : null}

      {!manager && Number(g.canChoose) === 1 ? (
        mine ? (
          <Button
            block
            shape="rounded"
            color="danger"
            fill="outline"
            loading={choice.busy === group.id}
            onClick={() => void choice.leave(group, me)}
            data-testid="subgroup-leave"
          >
            {t('members.groups.leave')}
          </Button>
        ) : Number(g.mygroup) === 0 ? (
          <Button
            block
            shape="rounded"
            color="primary"
            disabled={full}
            loading={choice.busy === group.id}
            onClick={() => void choice.join(group)}
            data-testid="subgroup-join"
          >
            {full ? t('members.groups.full') : t('members.groups.join')}
          </Button>
        ) : null
      ) : null}

      <ActionSheet
        visible={moving !== null}
        actions={moveActions}
        extra={<span data-testid="move-group-title">{t('members.groups.moveTitle', { name: moving?.username ?? '' })}</span>}
        cancelText={t('common.cancel')}
        onClose={() => setMoving(null)}
      />
      {element}
    </div>
  );
}
