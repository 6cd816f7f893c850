import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { parseItemId } from '../../notices/utils';
import { HomeworkForm } from '../components/HomeworkForm';
import { useHomework } from '../hooks/useHomework';
import '../../materials/materials.css';
import '../../notices/notices.css';
import '../homework.css';

/**
 * /addActivity/task?courseId=&courseRole=[&id=]: a teacher writes a homework and publishes it now,
 * at a time, or keeps it as a draft; with `id`, edits one (spec 2 §2, §3, §5).
 */
export default function AddTaskPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const editId = parseItemId(rawId);
  const allowed = info.isSuccess && hasAbility(info.data, 'manageContent');
  return (
    <div className="page activity-page hw-page" data-testid="add-task-page">
      {/* the form draws its own bar, whose back asks before throwing input away */}
      {allowed && !(rawId !== null && editId === null) ? null : (
        <PageNavBar title={rawId ? t('homework.form.editTitle') : t('homework.form.newTitle')} />
      )}
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          rawId === null ? (
            <HomeworkForm info={course} initial={null} />
          ) : editId === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <EditHomework info={course} id={editId} />
          )
        }
      </CourseGate>
    </div>
  );
}

function EditHomework({ info, id }: { info: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const hw = useHomework(info.id, id);
  if (hw.isPending)
    return (
      <>
        <PageNavBar title={t('homework.form.editTitle')} />
        <LoadingScreen text={t('common.loading')} />
      </>
    );
  if (hw.isError)
    return (
      <>
        <PageNavBar title={t('homework.form.editTitle')} />
        <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />
      </>
    );
  return <HomeworkForm key={hw.data.id} info={info} initial={hw.data} />;
}
