import { Button } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/translations';
import { useDragSort } from '../hooks/useDragSort';
import type { CourseItem } from '../types';
import { sortRange } from '../utils';

/** The course list's sort mode: drag rows by their handle, or move them with the arrows; then save. */
export function SortList({
  courses,
  saving,
  onMove,
  onCancel,
  onSave,
}: {
  courses: CourseItem[];
  saving: boolean;
  onMove: (from: number, to: number) => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const { listRef, handleProps, rowStyle, drag } = useDragSort({
    range: (index) => sortRange(courses, index),
    onMove,
  });
  return (
    <section className="sort-panel" data-testid="sort-panel">
      <div className="sort-bar">
        <span className="muted small">{t('courses.sort.hint')}</span>
        <div className="sort-bar-buttons">
          <Button size="small" shape="rounded" onClick={onCancel} disabled={saving} data-testid="sort-cancel">
            {t('common.cancel')}
          </Button>
          <Button size="small" shape="rounded" color="primary" onClick={onSave} loading={saving} data-testid="sort-save">
            {t('courses.sort.save')}
          </Button>
        </div>
      </div>
      <ol className={`sort-list${drag.from !== null ? ' is-dragging' : ''}`} ref={listRef} data-testid="sort-list">
        {courses.map((course, index) => (
          <li
            key={course.id}
            className={`sort-row${drag.from === index ? ' is-dragged' : ''}`}
            style={rowStyle(index)}
            data-testid="sort-row"
            data-course-id={course.id}
            data-dragging={drag.from === index ? 'true' : undefined}
          >
            {/* the drag handle; the arrows below are the keyboard and screen-reader alternative */}
            <span
              className="sort-handle"
              aria-hidden="true"
              title={t('courses.sort.drag')}
              data-testid="sort-handle"
              data-course-id={course.id}
              {...(saving ? {} : handleProps(index))}
            >
              <GripIcon />
            </span>
            <span className="sort-index">{index + 1}</span>
            <div className="sort-text">
              <div className="sort-name" data-testid="sort-name">
                {course.coursename}
              </div>
              <div className="muted small">
                {course.isTop ? `${t('courses.card.pinned')} · ` : ''}
                {course.classname || t('courses.card.noClass')}
              </div>
            </div>
            <button
              type="button"
              className="sort-move"
              disabled={index === 0 || courses[index - 1]!.isTop !== course.isTop}
              onClick={() => onMove(index, index - 1)}
              aria-label={t('courses.sort.up')}
              data-testid="sort-up"
            >
              <UpOutline />
            </button>
            <button
              type="button"
              className="sort-move"
              disabled={index === courses.length - 1 || courses[index + 1]!.isTop !== course.isTop}
              onClick={() => onMove(index, index + 1)}
              aria-label={t('courses.sort.down')}
              data-testid="sort-down"
            >
              <DownOutline />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** six dots, the usual sign of something that can be dragged */
function GripIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5.5" cy="3.5" r="1.5" />
      <circle cx="10.5" cy="3.5" r="1.5" />
      <circle cx="5.5" cy="8" r="1.5" />
      <circle cx="10.5" cy="8" r="1.5" />
      <circle cx="5.5" cy="12.5" r="1.5" />
      <circle cx="10.5" cy="12.5" r="1.5" />
    </svg>
  );
}
