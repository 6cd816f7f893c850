import { ActionSheet } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useCourseFlows } from '../hooks/useCourseMenu';
import type { CourseItem } from '../types';
import { menuRole } from '../utils';

type MenuKey = 'pin' | 'edit' | 'copy' | 'archive' | 'transfer' | 'delete' | 'quit';

/** spec 1 §6 course menu: owner, assistant (icontype 2), student (role 0), identity 4. */
const MENUS: Record<ReturnType<typeof menuRole>, MenuKey[]> = {
  owner: ['pin', 'edit', 'copy', 'archive', 'transfer', 'delete'],
  assistant: ['pin', 'edit', 'copy', 'archive'],
  student: ['pin', 'archive', 'quit'],
  limited: ['archive'],
};

/**
 * The "⋯" action sheet of a course card, by role (spec 1 §6), and the flows its actions start.
 * The course list fetches it on the first tap of a "⋯" (issue 10: the sheet, its dialogs and the
 * course schemas are not part of /ktpCourse's first load) and keeps it mounted after, so that a flow
 * goes on once the sheet has closed. `course` null closes the sheet.
 */
export function CourseMenu({ course, onClose }: { course: CourseItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flows = useCourseFlows();
  // mounted closed, then opened: the sheet slides in on its first opening as on the later ones
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const labels: Record<MenuKey, string> = {
    pin: course?.isTop ? t('courses.menu.unpin') : t('courses.menu.pin'),
    edit: t('courses.menu.edit'),
    copy: t('courses.menu.copy'),
    archive: t('courses.menu.archive'),
    transfer: t('courses.menu.transfer'),
    delete: t('courses.menu.delete'),
    quit: t('courses.menu.quit'),
  };

  const run = (key: MenuKey, target: CourseItem) => {
    onClose();
    switch (key) {
      case 'pin':
        return void flows.pinCourse(target);
      case 'edit':
        return navigate(`/newCourse?id=${target.id}`);
      case 'copy':
        return void flows.copyCourse(target);
      case 'archive':
        return void flows.archiveCourse(target);
      case 'transfer':
        return void flows.transferCourse(target.id);
      case 'delete':
        return void flows.removeCourse(target.id);
      case 'quit':
        return void flows.quitCourse(target.id);
    }
  };

  const actions: Action[] = course
    ? MENUS[menuRole(course)].map((key) => ({
        key,
        text: <span data-testid={`course-action-${key}`}>{labels[key]}</span>,
        danger: key === 'delete' || key === 'quit',
        onClick: () => run(key, course),
      }))
    : [];

  return (
    <>
      <ActionSheet
        visible={mounted && course !== null}
        actions={actions}
        extra={course ? <span data-testid="course-menu-title">{course.coursename}</span> : undefined}
        cancelText={t('common.cancel')}
        onClose={onClose}
        data-testid="course-menu"
      />
      {flows.element}
    </>
  );
}
