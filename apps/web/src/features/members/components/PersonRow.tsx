import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';

export interface PersonRowProps {
  uid: number;
  name: string;
  avatar?: string;
  /** the line under the name (student number, school) */
  sub?: ReactNode;
  /** tags after the name */
  tags?: ReactNode;
  /** drawn before the person (a checkbox) */
  prefix?: ReactNode;
  /** drawn at the right end (buttons) */
  extra?: ReactNode;
  onOpen?: () => void;
  testid: string;
  selected?: boolean;
  /** the arrow of a row that opens a page (none while the row only toggles a choice) */
  arrow?: boolean;
}

/** One person in a member list: avatar, name, a line under it, tags and actions. */
export function PersonRow({
  uid,
  name,
  avatar,
  sub,
  tags,
  prefix,
  extra,
  onOpen,
  testid,
  selected,
  arrow = true,
}: PersonRowProps) {
  const body = (
    <>
      <UserAvatar name={name} src={avatar || undefined} size={40} testid="person-avatar" />
      <span className="person-text">
        <span className="person-name-line">
          <span className="person-name" data-testid="person-name">
            {name}
          </span>
          {tags}
        </span>
        {sub ? <span className="person-sub">{sub}</span> : null}
      </span>
    </>
  );
  return (
    <li className={`person-row${selected ? ' is-selected' : ''}`} data-testid={testid} data-uid={uid}>
      {prefix}
      {onOpen ? (
        <button type="button" className="person-main" onClick={onOpen}>
          {body}
          {arrow ? <RightOutline className="person-arrow" /> : null}
        </button>
      ) : (
        <div className="person-main">{body}</div>
      )}
      {extra ? <div className="person-extra">{extra}</div> : null}
    </li>
  );
}
