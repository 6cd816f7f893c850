import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { ListEmpty } from '../../notices/components/ListStates';
import { parseItemId } from '../../notices/utils';
import { teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { ItemView } from '../components/teacher/ItemView';
import { teacherTestPaths } from '../components/teacher/paths';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../components/teacher/teacher.css';

/**
 * /testing/preview?courseId=&id=: the paper as a student would get it, with the keys and analyses:
 * the random draws are a sample drawn for this look (issue 14).
 */
export default function TeacherPreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId && id ? teacherTestPaths.settings(courseId, id) : undefined);
  return (
    <div className="page activity-page exam-page" data-testid="teacher-preview-page">
      <PageNavBar title={t('exams.teacher.preview.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) =>
          id === null ? <LoadFailed message={t('exams.teacher.notFound')} /> : <Preview courseId={course.id} id={id} />
        }
      </CourseGate>
    </div>
  );
}

function Preview({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: teacherExamKeys.preview(courseId, id),
    queryFn: () => teacherExamsApi.preview(courseId, id),
    retry: retryNetworkOnly,
    gcTime: 0,
  });
  if (preview.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (preview.isError) return <QueryFailed error={preview.error} onRetry={() => void preview.refetch()} />;
  const p = preview.data;
  if (p.lists.length === 0)
    return (
      <ListEmpty
        testid="preview-empty"
        title={t('exams.teacher.preview.emptyTitle')}
        text={t('exams.teacher.preview.emptyText')}
      />
    );
  const hasDraws = p.lists.some((item) => item.draw > 0);
  return (
    <div className="page-body exam-form" data-testid="preview">
      <div className="form-card">
        <div className="exam-head-title" data-testid="preview-title">
          {p.title}
        </div>
        <p className="muted small" data-testid="preview-total">
          {t('exams.teacher.rowSummary', { count: p.lists.filter((i) => i.sort > 0).length, score: p.totalScore })}
        </p>
        {hasDraws ? <p className="field-hint">{t('exams.teacher.preview.sampleHint')}</p> : null}
      </div>
      {p.lists.map((item) => (
        <ItemView key={item.id} item={item} />
      ))}
    </div>
  );
}
