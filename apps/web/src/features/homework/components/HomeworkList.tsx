import { PUBLISH_STATES } from '@paiclass/shared';
import { Tag } from 'antd-mobile';
import { EditSOutline, RightOutline } from 'antd-mobile-icons';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { hasAbility } from '../../courses/hooks/useCourseInfo';
import { useMarkSeen } from '../../courses/hooks/useMarkSeen';
import type { CourseInfo } from '../../courses/types';
import type { ContentItem } from '../../materials/types';
import { formatTime, publishLabel } from '../../materials/utils';
import { ListBody, ListEmpty, ListFooter } from '../../notices/components/ListStates';
import { useHomework, useHomeworkList } from '../hooks/useHomework';
import { addTaskPath, homeworkPath, type Role } from '../paths';
import type { WorkState } from '../types';
import { WorkStateTag } from './WorkStateTag';

/**
 * /homework without an id: the course's homework, newest first. Teachers see each one's publish
 * state and how many have submitted, wait for grading and have not submitted; students see where
 * their own work stands.
 */
export function HomeworkList({ info }: { info: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const manager = hasAbility(info, 'manageContent');
  const role: Role = manager ? 1 : 0;
  // opening the list clears the course home's red number for it
  useMarkSeen(info.id, 'homework');
  const { query, items } = useHomeworkList(info.id);
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;

  const empty =
    items.length === 0 ? (
      <ListEmpty
        testid="homework-empty"
        title={t('homework.empty')}
        text={manager ? t('homework.emptyTeacher') : t('homework.emptyStudent')}
        action={manager ? t('homework.create') : undefined}
        onAction={manager ? () => navigate(addTaskPath(info.id)) : undefined}
      />
    ) : null;

  return (
    <div className="page-body hw-body" data-testid="homework-list" aria-busy={query.isFetching}>
      <ListBody query={query} empty={empty} loadingTestid="homework-list-loading">
        <p className="activity-count muted small" data-testid="homework-count">
          {t('homework.count', { count: total })}
        </p>
        <ul className="activity-list">
          {items.map((item) => (
            <HomeworkRow
              key={item.id}
              courseId={info.id}
              item={item}
              manager={manager}
              onOpen={() => navigate(homeworkPath(info.id, role, item.id))}
            />
          ))}
        </ul>
        <ListFooter query={query} testid="homework-list" />
      </ListBody>
    </div>
  );
}

function HomeworkRow({
  courseId,
  item,
  manager,
  onOpen,
}: {
  courseId: number;
  item: ContentItem;
  manager: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  // each row reads its homework for the counts (teachers) or the caller's own state (students)
  const hw = useHomework(courseId, item.id);
  const state = Number(item.publishState) as ContentItem['publishState'];
  const deadline = Number(item.endtime);
  const counts = hw.data?.counts;
  return (
    <li className="activity-row" data-testid="homework-row" data-id={item.id}>
      <button type="button" className="activity-main" onClick={onOpen}>
        <span className="activity-icon">
          <span className="activity-icon-inner is-orange">
            <EditSOutline />
          </span>
        </span>
        <span className="activity-text">
          <span className="activity-title" data-testid="homework-row-title">
            {item.title}
          </span>
          <span className="activity-meta">
            {manager ? (
              state !== PUBLISH_STATES.published ? (
                <Tag
                  color={state === PUBLISH_STATES.scheduled ? 'warning' : 'default'}
                  fill="outline"
                  className="hw-tag"
                  data-testid="homework-row-publish"
                >
                  {state === PUBLISH_STATES.scheduled && item.publish_time
                    ? t('homework.publishAt', { time: formatTime(Number(item.publish_time)) })
                    : publishLabel(t, state)}
                </Tag>
              ) : null
            ) : hw.data && hw.data.state !== undefined ? (
              // a student's answer: `state` is where their work stands
              <WorkStateTag state={hw.data.state as WorkState} testid="homework-row-state" />
            ) : null}
            {hw.data && hw.data.settings.type !== 1 ? (
              <Tag color="primary" fill="outline" className="hw-tag" data-testid="homework-row-type">
                {t(`homework.type.${hw.data.settings.type}`)}
              </Tag>
            ) : null}
            <span className="activity-meta-text" data-testid="homework-row-deadline">
              {deadline ? t('homework.deadlineAt', { time: formatTime(deadline) }) : ''}
            </span>
          </span>
          {manager && counts && state >= 2 ? (
            <span className="activity-stats" data-testid="homework-row-stats">
              {t('homework.rowStats', {
                submitted: counts.submitted + counts.graded,
                ungraded: counts.ungraded,
                missing: counts.notsubmitted,
              })}
            </span>
          ) : null}
          {!manager && hw.data && Number(hw.data.called) === 1 ? (
            <span className="activity-stats danger-text" data-testid="homework-row-called">
              {t('homework.student.called')}
            </span>
          ) : null}
        </span>
        <RightOutline className="activity-arrow" aria-label={t('homework.open')} />
      </button>
    </li>
  );
}
