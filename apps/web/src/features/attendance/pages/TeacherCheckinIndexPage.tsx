import { Button, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { CourseStatistics } from '../components/CourseStatistics';
import { TypeIcon } from '../components/TypeIcon';
import { useAttendanceList, useRefreshAttendance } from '../hooks/useAttendance';
import { useAttendanceEvents } from '../hooks/useLive';
import type { SummaryItem } from '../types';
import { countOf, isRunning, paths, typeOf } from '../utils';
import '../attendance.css';

/**
 * /checkIn/teacherCheckinIndex?courseId=&courseRole=1: the course's attendances, the running one
 * first, each with its counts; start a new one (spec 2 §2, issue 13).
 */
export default function TeacherCheckinIndexPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/courseHome?courseId=${courseId}` : undefined);
  return (
    <div className="page att-page" data-testid="teacher-checkin-index">
      <PageNavBar title={t('attendance.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => <IndexTabs courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

/** The attendances, and the course's statistics (`tab=stats`). */
function IndexTabs({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'stats' ? 'stats' : 'list';
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const p = new URLSearchParams(params);
          if (key === 'stats') p.set('tab', 'stats');
          else p.delete('tab');
          setParams(p, { replace: true });
        }}
        className="att-tabs"
      >
        <Tabs.Tab key="list" title={<span data-testid="att-tab-list">{t('attendance.tabList')}</span>} />
        <Tabs.Tab key="stats" title={<span data-testid="att-tab-stats">{t('attendance.tabStats')}</span>} />
      </Tabs>
      {tab === 'stats' ? <CourseStatistics courseId={courseId} /> : <AttendanceList courseId={courseId} />}
    </>
  );
}

function AttendanceList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, items } = useAttendanceList(courseId);
  const refresh = useRefreshAttendance(courseId);
  useAttendanceEvents(courseId, { onPublish: () => void refresh() });

  const start = (
    <Button block color="primary" onClick={() => navigate(paths.add(courseId))} data-testid="att-start">
      <AddOutline /> {t('attendance.start')}
    </Button>
  );
  if (query.isPending)
    return (
      <div className="page-body att-body" aria-busy="true" data-testid="att-list-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;

  const running = items.filter((a) => isRunning(a));
  const ended = items.filter((a) => !isRunning(a));
  return (
    <div className="page-body att-body">
      {running.length === 0 ? <div className="att-start-wrap">{start}</div> : null}
      {running.map((a) => (
        <button
          key={a.id}
          type="button"
          className="att-running-card"
          onClick={() => navigate(paths.running(courseId, Number(a.id)))}
          data-testid="att-running"
          data-id={a.id}
        >
          <TypeIcon type={typeOf(a)} />
          <span className="att-row-text">
            <span className="att-row-title">{a.title}</span>
            <span className="muted small">
              {t(`attendance.type.t${typeOf(a)}`)} · {t('attendance.runningNow')}
            </span>
          </span>
          <RightOutline />
        </button>
      ))}
      {items.length === 0 ? (
        <div className="page-center" data-testid="att-empty">
          <ErrorBlock status="empty" title={t('attendance.emptyTitle')} description={t('attendance.emptyText')} />
        </div>
      ) : (
        <>
          <h2 className="att-section-title">{t('attendance.history')}</h2>
          {ended.length === 0 ? <p className="muted small">{t('attendance.noHistory')}</p> : null}
          <ul className="att-list" data-testid="att-list">
            {ended.map((a) => (
              <AttenceRow key={a.id} a={a} onOpen={() => navigate(paths.detail(courseId, Number(a.id)))} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              block
              fill="none"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              data-testid="att-more"
            >
              {t('attendance.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function AttenceRow({ a, onOpen }: { a: SummaryItem; onOpen: () => void }) {
  const { t } = useTranslation();
  // present and late came; the total is everyone counted
  const present = countOf(a.counts, 0) + countOf(a.counts, 2);
  const total = Object.values(a.counts).reduce((n, c) => n + Number(c), 0);
  return (
    <li className="att-row">
      <button type="button" className="att-row-main" onClick={onOpen} data-testid="att-row" data-id={a.id}>
        <TypeIcon type={typeOf(a)} />
        <span className="att-row-text">
          <span className="att-row-title">{a.title}</span>
          <span className="muted small">
            {t(`attendance.type.t${typeOf(a)}`)} · {formatTime(Number(a.createtime))}
          </span>
        </span>
        {total ? (
          <span className="att-row-count" data-testid="att-row-count">
            {present}/{total}
          </span>
        ) : null}
        <RightOutline />
      </button>
    </li>
  );
}
