import { AddOutline } from 'antd-mobile-icons';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { courseHomePath } from '../../courses/utils';
import { parseItemId } from '../../notices/utils';
import { HomeworkList } from '../components/HomeworkList';
import { StudentHomeworkView } from '../components/StudentHomeworkView';
import { TeacherHomeworkView } from '../components/TeacherHomeworkView';
import { useHomework, useHomeworkHandIns } from '../hooks/useHomework';
import { addTaskPath, homeworkPath, type Role } from '../paths';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../homework.css';

/**
 * /homework?courseId=&courseRole=: the course's homework; with `id=`, one homework: the teacher's
 * management view or the student's own work (spec 2 §2 Homework routes, §4 homework states).
 */
export default function HomeworkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const id = parseItemId(rawId);
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const role: Role = info.data ? (manager ? 1 : 0) : Number(params.get('courseRole')) === 1 ? 1 : 0;
  // one homework goes back to the list, the list to the course home, when there is no page to go back to
  const live = useHomeworkHandIns(manager && courseId ? courseId : undefined);
  const goBack = useGoBack(courseId ? (rawId ? homeworkPath(courseId, role) : courseHomePath(courseId, role)) : undefined);

  return (
    <div
      className="page activity-page hw-page"
      data-testid={rawId ? 'homework-page' : 'homework-list-page'}
      data-live={live ? 'on' : undefined}
    >
      <PageNavBar
        title={rawId ? t('homework.detailTitle') : t('homework.title')}
        onBack={goBack}
        right={
          !rawId && manager && courseId ? (
            <button
              type="button"
              className="nav-icon-button nav-add"
              onClick={() => navigate(addTaskPath(courseId))}
              aria-label={t('homework.create')}
              data-testid="homework-create"
            >
              <AddOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId === null ? (
            <HomeworkList info={course} />
          ) : id === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <HomeworkView key={id} info={course} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}

function HomeworkView({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const hw = useHomework(info.id, id);
  if (hw.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (hw.isError) return <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />;
  return hasAbility(info, 'manageContent') ? (
    <TeacherHomeworkView courseId={info.id} hw={hw.data} />
  ) : (
    <StudentHomeworkView courseId={info.id} hw={hw.data} />
  );
}
