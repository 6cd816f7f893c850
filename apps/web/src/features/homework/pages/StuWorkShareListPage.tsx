import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { useUser } from '../../accounts/authStore';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { homeworkApi, homeworkKeys } from '../api';
import { SubmissionCard } from '../components/SubmissionCard';
import { homeworkPath } from '../paths';
import '../../materials/materials.css';
import '../homework.css';

/**
 * /homework/stuWorkShareList?courseId=&id=: the submissions the teacher shared as excellent work,
 * each with the teacher's reason and its files, for the whole class.
 */
export default function StuWorkShareListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const goBack = useGoBack(courseId && id ? homeworkPath(courseId, manager ? 1 : 0, id) : undefined);
  return (
    <div className="page hw-page" data-testid="share-list-page">
      <PageNavBar title={t('homework.shared.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? (
            <LoadFailed message={t('homework.notFound')} />
          ) : (
            <Shares courseId={course.id} id={id} manager={hasAbility(course, 'manageContent')} />
          )
        }
      </CourseGate>
    </div>
  );
}

function Shares({ courseId, id, manager }: { courseId: number; id: number; manager: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const shares = useQuery({
    queryKey: homeworkKeys.shares(courseId, id),
    queryFn: () => homeworkApi.shareList(courseId, id),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  if (shares.isPending)
    return (
      <div className="page-body" data-testid="shares-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (shares.isError) return <QueryFailed error={shares.error} onRetry={() => void shares.refetch()} />;
  const list = shares.data.list;
  if (list.length === 0)
    return (
      <div className="page-body page-center" data-testid="shares-empty">
        <ErrorBlock status="empty" title={t('homework.shared.empty')} description={t('homework.shared.emptyText')} />
      </div>
    );
  return (
    <div className="page-body hw-body" data-testid="shares-list">
      <p className="activity-count muted small">{t('homework.shared.count', { count: list.length })}</p>
      {list.map((s) => (
        <SubmissionCard
          key={s.sid}
          submission={s}
          testid="shared-work"
          showState={false}
          shareReason
          // grades stay between a student and the teacher: a classmate's score is not shown here
          showScore={manager || s.uid === Number(user?.id)}
        />
      ))}
    </div>
  );
}
