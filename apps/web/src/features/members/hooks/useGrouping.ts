import { useQuery } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { memberKeys, membersApi } from '../api';
import type { Group } from '../types';
import { useRefreshMembers } from './useRefreshMembers';

/** A grouping with its groups, the students in none, and what the caller may do. */
export function useGrouping(courseId: number, id: number) {
  return useQuery({
    queryKey: memberKeys.grouping(courseId, id),
    queryFn: () => membersApi.groupingInfo(courseId, id),
    retry: retryNetworkOnly,
  });
}

/**
 * A student joins or leaves a group. The server's refusals (group full, already in a group, a
 * grouping the teacher assigns) are kept in `error` for the page to show, and the grouping reloads,
 * since what the page showed was out of date.
 */
export function useGroupChoice(courseId: number) {
  const { t } = useTranslation();
  const refresh = useRefreshMembers(courseId);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<number | null>(null);

  const run = async (groupId: number, call: () => Promise<unknown>) => {
    setError(undefined);
    setBusy(groupId);
    try {
      await call();
      await refresh();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
      await refresh();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const join = async (group: Pick<Group, 'id' | 'name'>) => {
    const ok = await run(group.id, () => membersApi.joinGroup(courseId, group.id));
    if (ok) Toast.show({ content: t('members.groups.joined', { name: group.name }) });
    return ok;
  };

  const leave = async (group: Pick<Group, 'id' | 'name' | 'leader'>, myUid: number | undefined) => {
    const leading = myUid !== undefined && Number(group.leader) === myUid;
    const confirmed = await confirmDialog({
      title: t('members.groups.leaveTitle'),
      content: leading
        ? t('members.groups.leaveLeaderConfirm', { name: group.name })
        : t('members.groups.leaveConfirm', { name: group.name }),
      confirmText: t('members.groups.leave'),
      danger: true,
      testid: 'group-leave-ask',
    }).result;
    if (!confirmed) return false;
    const ok = await run(group.id, () => membersApi.quitGroup(courseId, group.id));
    if (ok) Toast.show({ content: t('members.groups.left', { name: group.name }) });
    return ok;
  };

  return { join, leave, error, setError, busy };
}
