import { PUBLISH_TEST_CMD, SHOW_ANSWERS, TEST_RETURNED_CMD, TEST_STATES, TEST_TYPES } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ClockCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { type TFunction, useTranslation } from '../../../lib/translations';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { courseHomePath } from '../../courses/utils';
import { formatTime } from '../../materials/utils';
import { ListBody, ListEmpty } from '../../notices/components/ListStates';
import { parseItemId } from '../../notices/utils';
import { mistakesPaths } from '../api.mistakes';
import { studentExamApi, studentExamKeys, studentExamPaths } from '../api.student';
import { scoreText, stateLabel, stateTone } from '../components/student/studentUtils';
import type { StudentTest, TestListItem } from '../types';
import '../../notices/notices.css';
import '../components/student/student.css';
import '../components/student/mistakes.css';

/**
 * /testing/stu/detail?courseId=&courseRole=0: a student's tests in the course with their state (spec
 * 2 §4), time limit and score; with `testpaperid=`, one test: its times, attempts, extra time, the
 * rules, and the way in (start, resume) or to its results.
 */
export default function StudentTestsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const rawId = params.get('testpaperid') ?? params.get('id');
  const id = parseItemId(rawId);
  const goBack = useGoBack(courseId ? (rawId ? studentExamPaths.list(courseId) : courseHomePath(courseId, 0)) : undefined);
  return (
    <div className="page ex-page" data-testid={rawId ? 'student-test-page' : 'student-tests-page'}>
      <PageNavBar title={rawId ? t('exams.student.detailTitle') : t('exams.student.listTitle')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          rawId === null ? (
            <TestList courseId={course.id} />
          ) : id === null ? (
            <div className="page-body ex-body">
              <p className="ex-note is-danger">{t('exams.student.notFound')}</p>
            </div>
          ) : (
            <TestDetails courseId={course.id} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}

function timeLimitText(t: TFunction, minutes: number) {
  return minutes > 0 ? t('exams.student.timeLimit', { minutes }) : t('exams.student.noTimeLimit');
}

function TestList({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: studentExamKeys.list(courseId),
    queryFn: () => studentExamApi.list(courseId),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  // a test published or ended, a paper returned: read again
  useClassroom(courseId);
  useSocketEvent(PUBLISH_TEST_CMD, () => void query.refetch());
  useSocketEvent(TEST_RETURNED_CMD, () => void query.refetch());
  const rows = query.data?.list ?? [];
  // the server's clock less the phone's when the list was read: a phone set wrong shows the same states
  const skew = query.data ? query.data.now - query.dataUpdatedAt / 1000 : 0;
  const empty =
    rows.length === 0 ? (
      <ListEmpty testid="tests-empty" title={t('exams.student.empty')} text={t('exams.student.emptyText')} />
    ) : null;
  return (
    <div className="page-body ex-body" data-testid="student-tests" aria-busy={query.isFetching}>
      <div className="ex-links">
        <button
          type="button"
          className="ex-link"
          data-testid="tests-mistakes-link"
          onClick={() => navigate(mistakesPaths.list(courseId))}
        >
          {t('exams.mistakes.mistakesLink')}
        </button>
        <button
          type="button"
          className="ex-link"
          data-testid="tests-weak-link"
          onClick={() => navigate(mistakesPaths.weak(courseId))}
        >
          {t('exams.mistakes.weakLink')}
        </button>
      </div>
      <ListBody query={query} empty={empty} loadingTestid="tests-loading">
        <ul className="ex-list">
          {rows.map((row) => (
            <li key={row.id}>
              <TestRow row={row} skew={skew} onOpen={() => navigate(studentExamPaths.details(courseId, row.id))} />
            </li>
          ))}
        </ul>
      </ListBody>
    </div>
  );
}

function TestRow({ row, skew, onOpen }: { row: TestListItem; skew: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const now = Date.now() / 1000 + skew;
  const opensLater = row.state === TEST_STATES.notStarted && row.begintime > now;
  return (
    <button type="button" className="ex-row" data-testid="test-row" data-id={row.id} onClick={onOpen}>
      <div className="ex-row-head">
        <h2 className="ex-title" data-testid="test-row-title">
          {row.title}
        </h2>
        <span className={`ex-tag ${stateTone(row.state, row.score)}`} data-testid="test-row-state">
          {opensLater ? t('exams.student.opensLater') : stateLabel(t, row.state, row.score)}
        </span>
      </div>
      <div className="ex-meta">
        <span>{row.testpaperType === TEST_TYPES.exam ? t('exams.student.exam') : t('exams.student.general')}</span>
        <span data-testid="test-row-limit">{row.offline ? t('exams.student.offline') : timeLimitText(t, row.timelimit)}</span>
        <span>{t('exams.student.total', { score: scoreText(row.totalScore) })}</span>
        {opensLater ? (
          <span data-testid="test-row-opens">{t('exams.student.opensAt', { time: formatTime(row.begintime) })}</span>
        ) : null}
        {row.endtime > 0 ? <span>{t('exams.student.closesAt', { time: formatTime(row.endtime) })}</span> : null}
        {row.score !== null ? (
          <span data-testid="test-row-score">{t('exams.student.scoreIs', { score: scoreText(row.score) })}</span>
        ) : null}
      </div>
    </button>
  );
}

function showAnswersText(t: TFunction, showanswer: number) {
  if (showanswer === SHOW_ANSWERS.afterSubmit) return t('exams.student.showAfterSubmit');
  if (showanswer === SHOW_ANSWERS.afterClose) return t('exams.student.showAfterClose');
  return t('exams.student.showNever');
}

function submitKindText(t: TFunction, kind: number) {
  return t(`exams.student.submitKind.${kind}`);
}

function TestDetails({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: studentExamKeys.details(courseId, id),
    queryFn: () => studentExamApi.details(courseId, id),
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  useClassroom(courseId);
  const mine = (data: unknown) => Number((data as { testpaperid?: unknown } | null)?.testpaperid) === id;
  useSocketEvent(PUBLISH_TEST_CMD, (data) => mine(data) && void query.refetch());
  useSocketEvent(TEST_RETURNED_CMD, (data) => mine(data) && void query.refetch());
  if (query.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (query.isError) return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const test: StudentTest = query.data;
  const s = test.settings;
  const serverNow = test.servertime / 1000;
  const opensLater = test.state === TEST_STATES.notStarted && s.begintime > serverNow;
  const inProgress = test.current !== null;
  const handedIn = test.attempts.filter((a) => a.submittedat > 0);

  const start = async () => {
    if (!inProgress) {
      const lines = [
        s.timelimit > 0
          ? t('exams.student.startTimed', { minutes: s.timelimit + test.extratime })
          : t('exams.student.startUntimed'),
        s.switchlimit > 0 ? t('exams.student.startSwitch', { limit: s.switchlimit }) : '',
      ].filter(Boolean);
      const ok = await confirmDialog({
        title: t('exams.student.startTitle'),
        content: lines.join(' '),
        confirmText: t('exams.student.start'),
        testid: 'start-confirm',
      }).result;
      if (!ok) return;
    }
    navigate(studentExamPaths.take(courseId, id));
  };

  return (
    <div className="page-body ex-body" data-testid="student-test">
      <section className="ex-card">
        <h1 className="ex-big-title" data-testid="test-title">
          {test.title}
        </h1>
        <div className="ex-row-head" style={{ justifyContent: 'flex-start', marginBottom: 12 }}>
          <span className={`ex-tag ${stateTone(test.state, test.score)}`} data-testid="test-state">
            {opensLater ? t('exams.student.opensLater') : stateLabel(t, test.state, test.score)}
          </span>
          <span className="ex-tag">
            {test.testpaperType === TEST_TYPES.exam ? t('exams.student.exam') : t('exams.student.general')}
          </span>
        </div>
        {test.score !== null ? (
          <p className="ex-score" data-testid="test-score">
            {scoreText(test.score)} <small>/ {scoreText(test.totalScore)}</small>
          </p>
        ) : null}
        <dl className="ex-facts">
          <dt>{t('exams.student.questions')}</dt>
          <dd data-testid="test-questions">
            {t('exams.student.questionsValue', { count: test.fullcount, score: scoreText(test.totalScore) })}
          </dd>
          <dt>{t('exams.student.limitLabel')}</dt>
          <dd data-testid="test-limit">{s.offline ? t('exams.student.offline') : timeLimitText(t, s.timelimit)}</dd>
          <dt>{t('exams.student.opensLabel')}</dt>
          <dd data-testid="test-opens">{s.begintime > 0 ? formatTime(s.begintime) : t('exams.student.fromPublish')}</dd>
          <dt>{t('exams.student.closesLabel')}</dt>
          <dd data-testid="test-closes">{s.endtime > 0 ? formatTime(s.endtime) : t('exams.student.noClose')}</dd>
          <dt>{t('exams.student.attemptsLabel')}</dt>
          <dd data-testid="test-attempts">
            {t('exams.student.attemptsValue', { used: test.attemptsused, all: s.attempts, left: test.attemptsleft })}
          </dd>
          {test.extratime > 0 ? (
            <>
              <dt>{t('exams.student.extraLabel')}</dt>
              <dd data-testid="test-extra">{t('exams.student.extraValue', { minutes: test.extratime })}</dd>
            </>
          ) : null}
          <dt>{t('exams.student.answersLabel')}</dt>
          <dd>{showAnswersText(t, s.showanswer)}</dd>
        </dl>
        {s.switchlimit > 0 ? (
          <p className="ex-note is-warning" data-testid="test-switch-rule">
            <ExclamationCircleOutline />
            <span>{t('exams.student.switchRule', { limit: s.switchlimit })}</span>
          </p>
        ) : null}
        {test.state === TEST_STATES.offline ? <p className="ex-note">{t('exams.student.offlineNote')}</p> : null}
        {test.state === TEST_STATES.returned ? <p className="ex-note is-warning">{t('exams.student.returnedNote')}</p> : null}
        {opensLater ? (
          <p className="ex-note" data-testid="test-not-open">
            <ClockCircleOutline />
            <span>{t('exams.student.notOpenYet', { time: formatTime(s.begintime) })}</span>
          </p>
        ) : null}
        <div className="ex-actions">
          {test.canstart ? (
            <Button color="primary" block onClick={() => void start()} data-testid="test-start">
              {inProgress ? t('exams.student.resume') : handedIn.length > 0 ? t('exams.student.again') : t('exams.student.start')}
            </Button>
          ) : null}
          {inProgress && test.current && test.current.remaining >= 0 ? (
            <p className="ex-note" data-testid="test-remaining">
              <ClockCircleOutline />
              <span>{t('exams.student.remainingNote', { minutes: Math.ceil(test.current.remaining / 60000) })}</span>
            </p>
          ) : null}
        </div>
      </section>
      {handedIn.length > 0 ? (
        <section className="ex-card">
          <h2 className="ex-title" style={{ marginBottom: 6 }}>
            {t('exams.student.myAttempts')}
          </h2>
          <ul className="ex-attempts" data-testid="test-attempt-list">
            {handedIn.map((a) => (
              <li key={a.attemptid} data-testid="test-attempt">
                <span>
                  {t('exams.student.attemptNo', { n: a.attemptno })}
                  <br />
                  <span className="ex-meta" style={{ marginTop: 2 }}>
                    {formatTime(a.submittedat)} · {submitKindText(t, a.submitkind)}
                  </span>
                </span>
                <Button
                  size="small"
                  onClick={() => navigate(studentExamPaths.result(courseId, id, a.attemptid))}
                  data-testid="test-attempt-open"
                >
                  {a.score !== null ? t('exams.student.scoreIs', { score: scoreText(a.score) }) : t('exams.student.viewPaper')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {test.fullcount === 0 && test.state !== TEST_STATES.offline ? (
        <p className="ex-note">{t('exams.student.noQuestions')}</p>
      ) : null}
    </div>
  );
}
