import { CONTENT_TYPES } from '@paiclass/shared';
import { ClockCircleOutline, MoreOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translations';
import type { TodoItem } from '../api';
import { deadlineOf, timeLeftText } from '../utils';
import '../todos.css';

/** The colour of an activity label by content type. */
function labelTone(contenttype: number) {
  if (contenttype === CONTENT_TYPES.announcement) return 'is-orange';
  if (contenttype === CONTENT_TYPES.topic) return 'is-purple';
  if (contenttype === CONTENT_TYPES.homework) return 'is-green';
  if (contenttype === CONTENT_TYPES.test) return 'is-red';
  return 'is-blue';
}

export interface TodoCardProps {
  item: TodoItem;
  /** epoch seconds, for the countdown */
  now: number;
  onOpen: () => void;
  /** the "⋯" actions (mark finished, ignore); none on the home page */
  onMore?: () => void;
}

/** One to-do: activity label, title, course, deadline with the time left (spec 1 §3). */
export function TodoCard({ item, now, onOpen, onMore }: TodoCardProps) {
  const { t } = useTranslation();
  const deadline = deadlineOf(Number(item.endtime), now);
  return (
    <article
      className="todo-card"
      data-testid="todo-item"
      data-id={item.contentid}
      data-course-id={item.courseid}
      data-msgtype={item.msgtype}
    >
      <button type="button" className="todo-card-main" onClick={onOpen} data-testid="todo-open">
        <span className="todo-card-top">
          <span className={`todo-label ${labelTone(Number(item.contenttype))}`} data-testid="todo-label">
            {item.activitylabel}
          </span>
          {Number(item.msgtype) === 2 ? (
            <span className="todo-pending" data-testid="todo-pending">
              {t('todos.pending', { count: Number(item.number) })}
            </span>
          ) : null}
        </span>
        <span className="todo-title" data-testid="todo-title">
          {item.contenttitle}
        </span>
        <span className="todo-course" data-testid="todo-course">
          {item.classname ? `${item.coursename} · ${item.classname}` : item.coursename}
        </span>
        <span
          className={`todo-deadline${deadline.kind === 'open' && deadline.urgent ? ' is-urgent' : ''}${deadline.kind === 'ended' ? ' is-ended' : ''}`}
          data-testid="todo-deadline"
          data-kind={deadline.kind}
        >
          <ClockCircleOutline />
          {deadline.kind === 'none' ? (
            <span>{t('todos.noDeadline')}</span>
          ) : deadline.kind === 'ended' ? (
            <span>{t('todos.ended', { time: deadline.at })}</span>
          ) : (
            <>
              <span>{t('todos.deadline', { time: deadline.at })}</span>
              <span className="todo-left" data-testid="todo-left">
                {timeLeftText(t, deadline)}
              </span>
            </>
          )}
        </span>
      </button>
      {onMore ? (
        <button type="button" className="todo-card-more" onClick={onMore} aria-label={t('todos.actions')} data-testid="todo-more">
          <MoreOutline />
        </button>
      ) : null}
    </article>
  );
}
