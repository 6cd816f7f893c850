import { BellOutline, FileOutline, MessageOutline, SoundOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translations';
import { formatNoticeTime } from '../../todos/utils';
import { APPEAL_EVENTTYPE, type MessageNotice } from '../api';

/** The icon and colour of a notice by what it is about. */
function noticeIcon(n: MessageNotice) {
  if (Number(n.eventtype) === APPEAL_EVENTTYPE) return { icon: <MessageOutline />, tone: 'is-orange' };
  if (Number(n.contenttype) === 7) return { icon: <SoundOutline />, tone: 'is-orange' };
  if (Number(n.contenttype) === 5) return { icon: <MessageOutline />, tone: 'is-purple' };
  if (Number(n.contenttype) > 0) return { icon: <FileOutline />, tone: 'is-blue' };
  if (n.action === 'member_change' || n.action === 'member_join') return { icon: <TeamOutline />, tone: 'is-green' };
  if (n.action === 'join_request') return { icon: <UserAddOutline />, tone: 'is-orange' };
  return { icon: <BellOutline />, tone: 'is-cyan' };
}

/** One message notice: what it is, its text, who sent it, when, and a dot while unread (spec 1 §3). */
export function NoticeRow({ notice, now, onOpen }: { notice: MessageNotice; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const unread = Number(notice.isread) === 0;
  const { icon, tone } = noticeIcon(notice);
  const label =
    notice.activitylabel || (Number(notice.eventtype) === APPEAL_EVENTTYPE ? t('messages.appealLabel') : t('messages.system'));
  return (
    <article
      className={`notice-row${unread ? ' is-unread' : ''}`}
      data-testid="notice-item"
      data-id={notice.id}
      data-read={unread ? 0 : 1}
    >
      <button type="button" className="notice-row-main" onClick={onOpen} data-testid="notice-open">
        <span className={`notice-icon ${tone}`}>
          {icon}
          {unread ? (
            <span className="notice-dot" data-testid="notice-unread-dot">
              <span className="sr-only">{t('messages.unreadLabel')}</span>
            </span>
          ) : null}
        </span>
        <span className="notice-text">
          <span className="notice-head">
            <span className="notice-label" data-testid="notice-label">
              {label}
            </span>
            <span className="notice-time" data-testid="notice-time">
              {formatNoticeTime(Number(notice.createtime), now)}
            </span>
          </span>
          <span className="notice-title" data-testid="notice-title">
            {notice.title}
          </span>
          {notice.teacher?.username ? (
            <span className="notice-from" data-testid="notice-from">
              {t('messages.from', { name: notice.teacher.username })}
            </span>
          ) : null}
        </span>
      </button>
    </article>
  );
}
