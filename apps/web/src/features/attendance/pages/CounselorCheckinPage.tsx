import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { attendanceApi, attendanceKeys } from '../api';
import { StudentTable } from '../components/CourseStatistics';
import { StatsChart } from '../components/StatsChart';
import { paths } from '../utils';
import '../attendance.css';

/**
 * /checkIn/counselorCheckin?courseId=&courseRole=1 — the course's attendance by administrative
 * class, each with its rate; and /checkIn/counselorAdminClassCheckin?…&classid= — one class's
 * students (spec 2 §2; PaiClass has no counsellor role: the course's teachers see these, decision 013).
 */
export default function CounselorCheckinPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const classid = parseItemId(params.get('classid'));
  const goBack = useGoBack(courseId ? `${paths.teacherIndex(courseId)}&tab=stats` : undefined);
  return (
    <div className="page att-page" data-testid={classid ? 'counselor-class-checkin' : 'counselor-checkin'}>
      <PageNavBar title={classid ? t('attendance.counselor.classTitle') : t('attendance.counselor.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <ByClass courseId={course.id} classid={classid ?? 0} />}
      </CourseGate>
    </div>
  );
}

function ByClass({ courseId, classid }: { courseId: number; classid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stats = useQuery({
    queryKey: attendanceKeys.adminClassStats(courseId, classid),
    queryFn: () => attendanceApi.adminClassStats(courseId, classid),
    retry: retryNetworkOnly,
  });
  if (stats.isPending)
    return (
      <div className="page-body att-body" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (stats.isError) return <QueryFailed error={stats.error} onRetry={() => void stats.refetch()} />;
  const { classes, lists } = stats.data;
  if (classid) {
    const one = classes.find((c) => c.classid === classid);
    return (
      <div className="page-body att-body">
        {one ? (
          <section className="att-card">
            <div className="att-stat-head">
              <span className="att-row-title" data-testid="counselor-class-name">
                {one.name}
              </span>
              <strong data-testid="counselor-class-rate">{one.rate}%</strong>
            </div>
            <StatsChart counts={one.counts} />
          </section>
        ) : null}
        <section className="att-card">
          <h2 className="att-section-title">{t('attendance.stats.byStudent')}</h2>
          <StudentTable rows={lists} />
        </section>
      </div>
    );
  }
  if (classes.length === 0)
    return (
      <div className="page-center" data-testid="counselor-empty">
        <ErrorBlock
          status="empty"
          title={t('attendance.counselor.noClasses')}
          description={t('attendance.counselor.noClassesText')}
        />
      </div>
    );
  return (
    <div className="page-body att-body">
      <ul className="att-list" data-testid="counselor-classes">
        {classes.map((c) => (
          <li key={c.classid} className="att-row">
            <button
              type="button"
              className="att-row-main"
              onClick={() =>
                navigate(`/checkIn/counselorAdminClassCheckin?courseId=${courseId}&courseRole=1&classid=${c.classid}`)
              }
              data-testid="counselor-class"
              data-classid={c.classid}
            >
              <span className="att-row-text">
                <span className="att-row-title">{c.name}</span>
                <span className="muted small">{t('attendance.counselor.students', { count: c.students })}</span>
              </span>
              <span className="att-row-count" data-testid="counselor-class-rate">
                {c.rate}%
              </span>
              <RightOutline />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
