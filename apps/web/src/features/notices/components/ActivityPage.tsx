import { AddOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath } from '../../courses/utils';
import { parseItemId, roleOf } from '../utils';
import '../notices.css';

interface ActivityPageProps {
  /** the locale namespace and test-id prefix: notices or topics */
  kind: 'notice' | 'topic';
  listPath: (courseId: number, role: 0 | 1) => string;
  addPath: (courseId: number, role: 0 | 1) => string;
  /** whether the caller may start one (the server decides anyway) */
  canCreate: (manager: boolean, info: CourseInfo | undefined) => boolean;
  list: (course: CourseInfo) => ReactNode;
  view: (course: CourseInfo, id: number) => ReactNode;
}

/**
 * The page of an activity kind, `/noticeDetail` or `/topicDetail`: without `id=` the course's list
 * with a "new" button for whoever may start one; with `id=` one item. A detail goes back to the list,
 * the list to the course home, when there is no page to go back to.
 */
export function ActivityPage({ kind, listPath, addPath, canCreate, list, view }: ActivityPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const id = parseItemId(rawId);
  const role = info.data ? roleOf(info.data) : Number(params.get('courseRole')) === 1 ? 1 : 0;
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const goBack = useGoBack(courseId ? (rawId ? listPath(courseId, role) : courseHomePath(courseId, role)) : undefined);
  const ns = `${kind}s`;

  return (
    <div className="page activity-page" data-testid={rawId ? `${kind}-detail-page` : `${kind}-list-page`}>
      <PageNavBar
        title={rawId ? t(`${ns}.detailTitle`) : t(`${ns}.title`)}
        onBack={goBack}
        right={
          !rawId && courseId && canCreate(manager, info.data) ? (
            <button
              type="button"
              className="nav-icon-button nav-add"
              onClick={() => navigate(addPath(courseId, role))}
              aria-label={t(`${ns}.create`)}
              data-testid={`${kind}-create`}
            >
              <AddOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId === null ? list(course) : id === null ? <LoadFailed message={t(`${ns}.notFound`)} /> : view(course, id)
        }
      </CourseGate>
    </div>
  );
}
