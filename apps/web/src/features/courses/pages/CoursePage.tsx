import { CODES, DEFAULT_TAB } from '@paiclass/shared';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage } from '../../../lib/api';
import { Navigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { LoadFailed } from '../components/NoPermission';
import { useCourseInfo } from '../hooks/useCourseInfo';
import { courseHomePath, courseIdParam, parseCourseId } from '../utils';

/**
 * /course?courseId= (or courseid): an entry into a course for links that do not know the caller's
 * role. The role comes from getCourseInfo and the address is replaced by the course home
 * (/courseHome?courseId=&courseRole=), which then runs its usual checks. Without a course id the
 * course list opens; a course that is gone or not the caller's (30202) offers the join-code step, as everywhere.
 */
export default function CoursePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = parseCourseId(courseIdParam(params));
  const info = useCourseInfo(courseId);

  if (courseId === null) return <Navigate to={DEFAULT_TAB} replace />;
  if (info.data) return <Navigate to={courseHomePath(courseId, Number(info.data.courseRole) === 1 ? 1 : 0)} replace />;
  // the API client has already forgotten the course and is on its way to the join-code step (issue 12 item 7)
  if (info.error instanceof ApiError && info.error.code === CODES.courseGone)
    return <div className="page" data-testid="course-entry-gone" />;

  return (
    <div className="page" data-testid="course-entry-page">
      <PageNavBar title={t('courses.home.title')} />
      {info.isError ? (
        <LoadFailed message={errorMessage(info.error)} onRetry={() => void info.refetch()} />
      ) : (
        <LoadingScreen text={t('common.loading')} />
      )}
    </div>
  );
}
