import { MoreOutline, SystemQRcodeOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translations';
import { classState } from '../classState';
import type { CourseItem } from '../types';
import { cardColors, semesterTitle } from '../utils';

export interface CourseCardProps {
  course: CourseItem;
  onOpen?: () => void;
  /** the "⋯" menu; none on archive cards */
  onMore?: () => void;
  /** the join code chip (teachers); tapping shows the code popup */
  onCode?: () => void;
  /** drawn at the bottom right instead of the code (restore on archive cards) */
  action?: ReactNode;
  showSemester?: boolean;
  /** the student count (not on archive cards: the archive list does not count students) */
  showTotal?: boolean;
}

/** One course in a list: name, class, teacher, students, join code and state tags (spec 1 §2, §3). */
export function CourseCard({ course, onOpen, onMore, onCode, action, showSemester, showTotal = true }: CourseCardProps) {
  const { t } = useTranslation();
  const showCode = Boolean(course.code) && String(course.identity) !== '4' && Boolean(onCode);
  const state = classState(course);
  const head = (
    <>
      <span className="course-card-tags">
        {state ? (
          <span className="course-tag course-tag-live" data-testid="course-tag-class-state" data-state={state}>
            <span className="class-state-dot" aria-hidden />
            {t(`courses.classState.${state}`)}
          </span>
        ) : null}
        {course.isTop ? (
          <span className="course-tag course-tag-top" data-testid="course-tag-top">
            {t('courses.card.pinned')}
          </span>
        ) : null}
        {course.stopcode ? (
          <span className="course-tag course-tag-stopped" data-testid="course-tag-stopped">
            {t('courses.card.codeStopped')}
          </span>
        ) : null}
        {course.classending ? (
          <span className="course-tag course-tag-ended" data-testid="course-tag-ended">
            {t('courses.card.ended')}
          </span>
        ) : null}
        {Number(course.icontype) === 2 ? (
          <span className="course-tag" data-testid="course-tag-assistant">
            {t('courses.card.assistant')}
          </span>
        ) : null}
      </span>
      <span className="course-card-name" data-testid="course-card-name">
        {course.coursename}
      </span>
      <span className="course-card-class" data-testid="course-card-class">
        {course.classname || t('courses.card.noClass')}
        {showSemester ? <span className="course-card-semester"> · {semesterTitle(t, course.semester, course.term)}</span> : null}
      </span>
    </>
  );
  return (
    <article className="course-card" data-testid="course-card" data-course-id={course.id}>
      {onOpen ? (
        <button
          type="button"
          className="course-card-head"
          style={cardColors(course.id)}
          onClick={onOpen}
          data-testid="course-card-open"
        >
          {head}
        </button>
      ) : (
        <div className="course-card-head is-static" style={cardColors(course.id)}>
          {head}
        </div>
      )}
      {onMore ? (
        <button
          type="button"
          className="course-card-more"
          onClick={onMore}
          aria-label={t('courses.card.more')}
          data-testid="course-card-more"
        >
          <MoreOutline />
        </button>
      ) : null}
      <div className="course-card-foot">
        <span className="course-card-meta" data-testid="course-card-teacher">
          <UserOutline /> {course.username}
        </span>
        {showTotal && Number(course.role) === 1 ? (
          <span className="course-card-meta" data-testid="course-card-total">
            <TeamOutline /> {t('courses.card.students', { count: Number(course.total) })}
          </span>
        ) : null}
        <span className="course-card-spacer" />
        {action}
        {showCode ? (
          <button type="button" className="course-code-chip" onClick={onCode} data-testid="course-card-code">
            <SystemQRcodeOutline className="qr-icon" />
            <span>{course.code}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
