import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { CommentSection } from '../../topics/components/CommentSection';
import { useHomework } from '../hooks/useHomework';
import { homeworkPath } from '../paths';
import '../../notices/notices.css';
import '../homework.css';

/**
 * /homework/discussDetail?courseId=&id=&courseRole=: the class's discussion of a homework, its
 * questions and answers, with replies and likes (the same comments as a topic's).
 */
export default function DiscussDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const goBack = useGoBack(courseId && id ? homeworkPath(courseId, manager ? 1 : 0, id) : undefined);
  return (
    <div className="page hw-page" data-testid="discuss-page">
      <PageNavBar title={t('homework.discuss.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? <LoadFailed message={t('homework.notFound')} /> : <Discussion courseId={course.id} id={id} />
        }
      </CourseGate>
    </div>
  );
}

function Discussion({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const hw = useHomework(courseId, id);
  if (hw.isError) return <QueryFailed error={hw.error} onRetry={() => void hw.refetch()} />;
  return (
    // laid out as a topic: the composer at the foot of the screen
    <div className="page-body hw-body topic-body">
      <section className="hw-card">
        <h2 className="hw-title" data-testid="discuss-homework-title">
          {hw.data?.title ?? t('common.loading')}
        </h2>
        <p className="muted small">{t('homework.discuss.hint')}</p>
      </section>
      <CommentSection courseId={courseId} topicId={id} open />
    </div>
  );
}
