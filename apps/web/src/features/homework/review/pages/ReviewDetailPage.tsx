import { ErrorBlock } from 'antd-mobile';
import { LoadingScreen } from '../../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../../components/PageNavBar';
import { useSearchParams } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/translations';
import { CourseGate, QueryFailed } from '../../../courses/components/CourseGate';
import { LoadFailed } from '../../../courses/components/NoPermission';
import { useCourseInfo } from '../../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../../courses/types';
import { parseItemId, roleOf } from '../../../notices/utils';
import { HomeworkHead } from '../components/HomeworkHead';
import { StudentReviews } from '../components/StudentReviews';
import { SubmissionReviews } from '../components/SubmissionReviews';
import { TeacherOverview } from '../components/TeacherOverview';
import { useHomeworkInfo } from '../hooks/useHomeworkInfo';
import { reviewDetailPath } from '../paths';
import '../review.css';

/**
 * /homework/reviewDetail?courseId=&id=&courseRole= (spec 2 §2): peer review of a homework of type 3.
 * A student reviews the submissions assigned to them and reads the reviews of their own work; a
 * teacher assigns and publishes, and with `&sid=` sees and changes one submission's reviews.
 */
export default function ReviewDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const sid = parseItemId(params.get('sid'));
  const role = info.data ? roleOf(info.data) : Number(params.get('courseRole')) === 1 ? 1 : 0;
  // one submission goes back to the overview; the overview to the homework
  const goBack = useGoBack(
    courseId && id
      ? sid && role === 1
        ? reviewDetailPath(courseId, id, 1)
        : `/homework?courseId=${courseId}&id=${id}&courseRole=${role}`
      : undefined,
  );

  return (
    <div className="page peer-page" data-testid="review-page">
      <PageNavBar title={sid && role === 1 ? t('review.submissionTitle') : t('review.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? <LoadFailed message={t('review.badAddress')} /> : <ReviewBody course={course} id={id} sid={sid} />
        }
      </CourseGate>
    </div>
  );
}

function ReviewBody({ course, id, sid }: { course: CourseInfo; id: number; sid: number | null }) {
  const { t } = useTranslation();
  const homework = useHomeworkInfo(course.id, id);
  const teacher = roleOf(course) === 1;
  if (homework.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (homework.isError) return <QueryFailed error={homework.error} onRetry={() => void homework.refetch()} />;
  const hw = homework.data;
  return (
    <div className="page-body peer-body">
      <HomeworkHead homework={hw} />
      {Number(hw.settings.type) !== 3 ? (
        <ErrorBlock
          status="empty"
          className="peer-empty"
          title={<span data-testid="review-not-peer">{t('review.notPeer')}</span>}
          description={t('review.notPeerText')}
        />
      ) : !teacher ? (
        <StudentReviews courseId={course.id} homework={hw} />
      ) : sid ? (
        <SubmissionReviews courseId={course.id} homework={hw} sid={sid} />
      ) : (
        <TeacherOverview courseId={course.id} homework={hw} />
      )}
    </div>
  );
}
