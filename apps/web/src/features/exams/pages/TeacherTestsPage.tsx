import { PUBLISH_STATES, TEST_PROGRESS_CMD } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, Tag } from 'antd-mobile';
import { AddOutline, FileOutline, RightOutline } from 'antd-mobile-icons';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { Navigate, useNavigate, useSearchParams } from '../../../lib/router';
import { useLiveRefetch } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { ListEmpty, ListLoading } from '../../notices/components/ListStates';
import { teacherExamKeys, teacherExamsApi } from '../api.teacher';
import { teacherTestPaths } from '../components/teacher/paths';
import { QuestionBank } from '../components/teacher/QuestionBank';
import { TestStateTag } from '../components/teacher/TestStateTag';
import { teacherTestState } from '../components/teacher/utils';
import type { TestListRow } from '../types';
import '../../notices/notices.css';
import '../../materials/materials.css';
import '../components/teacher/teacher.css';

/**
 * /testing/detail?courseId=&courseRole=1[&tab=bank]: the course's tests for its teacher and
 * assistants, with their states (spec 2 §4), and the course's question bank (issue 14).
 * A student who lands here goes to the student's page of tests.
 */
export default function TeacherTestsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const tab = params.get('tab') === 'bank' ? 'bank' : 'tests';
  const manager = info.data ? hasAbility(info.data, 'manageContent') : false;
  const goBack = useGoBack(courseId ? courseHomePath(courseId, 1) : undefined);
  if (info.data && !manager && courseId) return <Navigate to={`/testing/stu/detail?courseId=${courseId}&courseRole=0`} replace />;

  return (
    <div className="page activity-page exam-page" data-testid="teacher-tests-page">
      <PageNavBar
        title={t('exams.teacher.title')}
        onBack={goBack}
        right={
          manager && courseId && tab === 'tests' ? (
            <button
              type="button"
              className="nav-icon-button nav-add"
              onClick={() => navigate(teacherTestPaths.create(courseId))}
              aria-label={t('exams.teacher.create')}
              data-testid="test-create"
            >
              <AddOutline />
            </button>
          ) : undefined
        }
      />
      <CourseGate courseId={courseId} info={info} ability="manageContent">
        {(course) => (
          <>
            <Tabs
              activeKey={tab}
              onChange={(key) =>
                setParams(
                  key === 'bank'
                    ? { courseId: String(course.id), courseRole: '1', tab: 'bank' }
                    : { courseId: String(course.id), courseRole: '1' },
                  { replace: true },
                )
              }
              className="exam-tabs"
            >
              <Tabs.Tab title={<span data-testid="tab-tests">{t('exams.teacher.tabTests')}</span>} key="tests" />
              <Tabs.Tab title={<span data-testid="tab-bank">{t('exams.teacher.tabBank')}</span>} key="bank" />
            </Tabs>
            {tab === 'tests' ? <TestList courseId={course.id} /> : <QuestionBank courseId={course.id} />}
          </>
        )}
      </CourseGate>
    </div>
  );
}

function TestList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: teacherExamKeys.list(courseId),
    queryFn: () => teacherExamsApi.list(courseId),
    retry: retryNetworkOnly,
  });
  // started and handed-in papers are counted as they happen (issue 25)
  const live = useLiveRefetch(courseId, [TEST_PROGRESS_CMD], () => void query.refetch());
  if (query.isPending) return <ListLoading testid="tests-loading" />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data.list;
  if (list.length === 0)
    return (
      <ListEmpty
        testid="tests-empty"
        title={t('exams.teacher.emptyTitle')}
        text={t('exams.teacher.emptyText')}
        action={t('exams.teacher.create')}
        onAction={() => navigate(teacherTestPaths.create(courseId))}
      />
    );
  return (
    <div className="page-body" data-testid="tests-list" data-live={live ? 'on' : undefined}>
      <ul className="activity-list">
        {list.map((row) => (
          <TestRow key={row.id} row={row} onOpen={() => navigate(teacherTestPaths.settings(courseId, row.id))} />
        ))}
      </ul>
      <div className="exam-bottom-action exam-bottom-actions">
        <Button fill="outline" onClick={() => navigate(teacherTestPaths.batch(courseId))} data-testid="tests-batch">
          {t('exams.teacher.batch.title')}
        </Button>
        <Button color="primary" onClick={() => navigate(teacherTestPaths.create(courseId))} data-testid="tests-create-bottom">
          {t('exams.teacher.create')}
        </Button>
      </div>
    </div>
  );
}

function TestRow({ row, onOpen }: { row: TestListRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const state = teacherTestState(row);
  const c = row.counts;
  return (
    <li className="activity-row" data-testid="test-row" data-id={row.id}>
      <button type="button" className="activity-main" onClick={onOpen}>
        <span className="activity-icon">
          <span className="activity-icon-inner exam-icon">
            <FileOutline />
          </span>
        </span>
        <span className="activity-text">
          <span className="activity-title" data-testid="test-row-title">
            {row.title}
          </span>
          <span className="activity-meta">
            <TestStateTag state={state} testid="test-row-state" />
            {row.testpaperType === 2 ? (
              <Tag color="warning" fill="outline">
                {t('exams.common.exam')}
              </Tag>
            ) : null}
            {row.offline ? (
              <Tag color="default" fill="outline">
                {t('exams.common.offline')}
              </Tag>
            ) : null}
            <span className="activity-meta-text">
              {t('exams.teacher.rowSummary', { count: row.fullcount, score: row.totalScore })}
            </span>
          </span>
          {state === 'notStarted' || (state === 'inProgress' && row.endtime > 0) ? (
            <span className="activity-stats" data-testid="test-row-when">
              {state === 'inProgress'
                ? t('exams.teacher.closesAt', { time: formatTime(row.endtime) })
                : row.publishState === PUBLISH_STATES.scheduled
                  ? t('exams.teacher.settings.publishesAt', { time: formatTime(row.publish_time) })
                  : t('exams.teacher.opensAt', { time: formatTime(row.begintime) })}
            </span>
          ) : null}
          {c && state !== 'draft' ? (
            <span className="activity-stats" data-testid="test-row-counts">
              {t('exams.teacher.rowCounts', { submitted: c.submitted, students: c.students, pending: c.pending })}
            </span>
          ) : null}
        </span>
        <RightOutline className="activity-arrow" aria-label={t('exams.teacher.open')} />
      </button>
    </li>
  );
}
