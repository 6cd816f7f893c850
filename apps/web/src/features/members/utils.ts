import type { TFunction } from '../../lib/translations';
import type { Group, Grouping, GroupKind } from './types';

/** 固定分组 / 自由分组 / 限制分组 (spec 2 §3 Group: types fixed, free, limited). */
export const kindLabel = (t: TFunction, kind: GroupKind | number) =>
  t(`members.groups.kind${Number(kind) === 1 ? 1 : Number(kind) === 2 ? 2 : 3}`);

/** The rules of a grouping in a few words: the member cap, the group cap, whether students create groups. */
export function groupingRules(t: TFunction, g: Pick<Grouping, 'type' | 'membercap' | 'groupcap' | 'allowcreate'>): string {
  const parts = [
    Number(g.membercap) > 0 ? t('members.groups.memberCap', { count: Number(g.membercap) }) : t('members.groups.memberNoCap'),
    Number(g.groupcap) > 0 ? t('members.groups.groupCap', { count: Number(g.groupcap) }) : t('members.groups.groupNoCap'),
  ];
  if (Number(g.type) === 1) parts.push(t('members.groups.teacherAssigns'));
  else if (Number(g.allowcreate) === 1) parts.push(t('members.groups.studentsCreate'));
  else parts.push(t('members.groups.studentsChoose'));
  return parts.join(' · ');
}

/** true when the group has as many members as the grouping allows */
export const isFull = (group: Pick<Group, 'members'>, grouping: Pick<Grouping, 'membercap'>) =>
  Number(grouping.membercap) > 0 && group.members.length >= Number(grouping.membercap);

/** The leader's name, when the leader is still one of the group's members. */
export const leaderOf = (group: Group) => group.members.find((m) => m.uid === Number(group.leader));

/** "2/4 人" or "2 人" */
export const memberCount = (t: TFunction, group: Pick<Group, 'members'>, grouping: Pick<Grouping, 'membercap'>) =>
  Number(grouping.membercap) > 0
    ? t('members.groups.countOfCap', { count: group.members.length, cap: Number(grouping.membercap) })
    : t('members.groups.count', { count: group.members.length });
