import { Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { BodyTestId } from '../../../components/BodyTestId';
import { useTranslation } from '../../../lib/translations';
import type { TodoCourse } from '../api';

export interface TodoFilterPopupProps {
  visible: boolean;
  /** the courses that have to-dos */
  courses: TodoCourse[];
  /** 0 all courses */
  selected: number;
  onSelect: (course: TodoCourse | null) => void;
  onClose: () => void;
}

/** The course filter of the to-do list (spec 1 §2): all courses, or one course with to-dos. */
export function TodoFilterPopup({ visible, courses, selected, onSelect, onClose }: TodoFilterPopupProps) {
  const { t } = useTranslation();
  const option = (id: number, name: string, sub: string, course: TodoCourse | null) => (
    <button
      type="button"
      key={id}
      className={`todo-filter-option${selected === id ? ' is-active' : ''}`}
      onClick={() => onSelect(course)}
      aria-pressed={selected === id}
      data-testid="todo-filter-option"
      data-id={id}
    >
      <span className="todo-filter-option-text">
        <span className="todo-filter-option-name">{name}</span>
        {sub ? <span className="todo-filter-option-sub">{sub}</span> : null}
      </span>
      {selected === id ? <CheckOutline /> : null}
    </button>
  );
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="todo-filter-popup" destroyOnClose>
      <BodyTestId id="todo-filter-popup" />
      <div className="todo-filter-head">
        <span>{t('todos.filter.title')}</span>
        <button type="button" className="nav-text-button" onClick={onClose} data-testid="todo-filter-close">
          {t('common.close')}
        </button>
      </div>
      <div className="todo-filter-options">
        {option(0, t('todos.filter.all'), '', null)}
        {courses.map((c) => option(c.id, c.coursename, c.classname, c))}
      </div>
    </Popup>
  );
}
