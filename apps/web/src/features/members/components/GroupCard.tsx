import { Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTranslation } from '../../../lib/translations';
import type { Group, Grouping } from '../types';
import { isFull, memberCount } from '../utils';

/** One group: its name, count, leader and members; the caller's own group stands out. */
export function GroupCard({
  group,
  grouping,
  mine,
  onOpen,
  actions,
}: {
  group: Group;
  grouping: Pick<Grouping, 'membercap'>;
  mine: boolean;
  onOpen?: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const full = isFull(group, grouping);
  const leader = Number(group.leader);
  const head = (
    <>
      <span className="group-card-name">
        <span className="group-name" data-testid="group-name">
          {group.name}
        </span>
        {mine ? (
          <Tag color="primary" className="person-tag" data-testid="group-mine">
            {t('members.groups.mine')}
          </Tag>
        ) : null}
        {full ? (
          <Tag color="warning" fill="outline" className="person-tag" data-testid="group-full">
            {t('members.groups.full')}
          </Tag>
        ) : null}
      </span>
      <span className="group-count muted small" data-testid="group-count">
        {memberCount(t, group, grouping)}
      </span>
      {onOpen ? <RightOutline className="person-arrow" /> : null}
    </>
  );
  return (
    <li className={`group-card${mine ? ' is-mine' : ''}`} data-testid="group-card" data-id={group.id}>
      {onOpen ? (
        <button type="button" className="group-card-head" onClick={onOpen} data-testid="group-open">
          {head}
        </button>
      ) : (
        <div className="group-card-head">{head}</div>
      )}
      <div className="group-members">
        {group.members.length === 0 ? <span className="muted small">{t('members.groups.noMembers')}</span> : null}
        {group.members.map((m) => (
          <span
            key={m.uid}
            className={`member-chip${m.uid === leader ? ' is-leader' : ''}`}
            data-testid="group-member"
            data-uid={m.uid}
          >
            <UserAvatar name={m.username} src={m.avatar || undefined} size={22} testid="group-member-avatar" />
            <span className="member-chip-name">{m.username}</span>
            {m.uid === leader ? (
              <span className="leader-badge" data-testid="group-leader">
                {t('members.groups.leader')}
              </span>
            ) : null}
          </span>
        ))}
      </div>
      {actions ? <div className="group-card-actions">{actions}</div> : null}
    </li>
  );
}
