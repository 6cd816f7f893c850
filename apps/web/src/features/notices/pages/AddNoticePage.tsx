import { hasInAppHistory, PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { NOTICE_TYPE, noticeKeys } from '../api';
import { ActivityForm } from '../components/ActivityForm';
import { noticePath } from '../paths';
import { parseItemId, roleOf } from '../utils';
import '../notices.css';

/**
 * /addActivity/notice?courseId=&courseRole=[&id=]: a teacher writes a notice and publishes it now,
 * at a time, or keeps it as a draft; with `id`, edits one. An empty notice is refused (spec 2 §5, §8).
 */
export default function AddNoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('id');
  const editId = parseItemId(rawId);
  const role = info.data ? roleOf(info.data) : 1;
  const goBack = useGoBack(courseId ? noticePath(courseId, role, editId ?? undefined) : undefined);

  return (
    <div className="page activity-page" data-testid="add-notice-page">
      <PageNavBar title={rawId ? t('notices.editTitle') : t('notices.newTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          rawId !== null && editId === null ? (
            <LoadFailed message={t('notices.notFound')} />
          ) : (
            <ActivityForm
              info={course}
              contenttype={NOTICE_TYPE}
              editId={editId}
              canSchedule
              prefix="notice"
              emptyBody="validation.noticeEmpty"
              titlePlaceholder={t('notices.form.titlePlaceholder')}
              bodyPlaceholder={t('notices.form.bodyPlaceholder')}
              detailKey={noticeKeys.detail(course.id, editId ?? 0)}
              areaKey={noticeKeys.all(course.id)}
              onSaved={(item) => {
                // an edit returns to the notice it came from; a new notice takes this page's place
                if (editId !== null && hasInAppHistory()) navigate(-1);
                else navigate(noticePath(course.id, roleOf(course), item.id), { replace: true });
              }}
            />
          )
        }
      </CourseGate>
    </div>
  );
}
