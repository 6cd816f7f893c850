import {
  QUESTION_TYPES,
  SWITCH_MOBILE_SECONDS,
  SWITCH_WARNING_SECONDS,
  TEST_DEADLINE_CMD,
  TEST_HEARTBEAT_SECONDS,
  TEST_SUBMITTED_CMD,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Toast } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar } from '../../../components/PageNavBar';
import { ApiError, errorMessage, NETWORK_ERROR } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { parseItemId } from '../../notices/utils';
import { studentExamApi, studentExamKeys, studentExamPaths } from '../api.student';
import { QuestionCard } from '../components/student/QuestionCard';
import { clockText } from '../components/student/studentUtils';
import { useTakingSession } from '../hooks/useTakingSession';
import type { StudentPaper, SwitchResult } from '../types';
import '../../materials/materials.css';
import '../components/student/student.css';

/**
 * /testing/ontesting?courseId=&testpaperid=: a student takes a paper (issue 14, decision 017). The
 * paper is started or resumed by the server; the timer counts down the server's remaining time; each
 * answer goes to a local journal first and is saved a little later, replayed in order after a
 * network drop; unanswered questions are named before handing in; at the deadline the page hands in
 * by itself (the server does anyway); leaving the page is reported (spec 2 §4 screen switches).
 */
export default function StudentOnTestingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('testpaperid') ?? params.get('id'));
  return (
    <div className="page ex-page" data-testid="ontesting-page">
      <CourseGate courseId={courseId} info={info}>
        {(course) =>
          id === null ? (
            <>
              <PageNavBar title={t('exams.student.takeTitle')} />
              <LoadFailed message={t('exams.student.notFound')} />
            </>
          ) : (
            <StartPaper courseId={course.id} id={id} />
          )
        }
      </CourseGate>
    </div>
  );
}

function StartPaper({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef<StudentPaper | null>(null);
  // doSubjectList starts or resumes: read once for this visit (never again on focus: that would
  // re-anchor the clock mid-answer)
  const paper = useQuery({
    // outside studentExamKeys.all: refreshing the student's tests after a hand-in must never start another attempt
    queryKey: studentExamKeys.paper(courseId, id),
    // one start per visit: a refetch for any reason answers the paper already started
    queryFn: async () => {
      started.current ??= await studentExamApi.start(courseId, id);
      return started.current;
    },
    retry: (n, e) => n < 2 && e instanceof ApiError && e.code === NETWORK_ERROR,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (paper.isPending)
    return (
      <>
        <PageNavBar title={t('exams.student.takeTitle')} />
        <LoadingScreen text={t('exams.student.starting')} />
      </>
    );
  if (paper.isError) {
    const back = () => navigate(studentExamPaths.details(courseId, id), { replace: true });
    return (
      <>
        <PageNavBar title={t('exams.student.takeTitle')} onBack={back} />
        <div className="page-body ex-body">
          <section className="ex-card" data-testid="start-refused">
            <p className="ex-note is-danger" data-testid="start-refused-message">
              <ExclamationCircleOutline />
              <span>{errorMessage(paper.error)}</span>
            </p>
            <div className="ex-actions">
              {paper.error instanceof ApiError && paper.error.code === NETWORK_ERROR ? (
                <Button color="primary" block onClick={() => void paper.refetch()}>
                  {t('common.retry')}
                </Button>
              ) : null}
              <Button block onClick={back} data-testid="start-refused-back">
                {t('exams.student.backToTest')}
              </Button>
            </div>
          </section>
        </div>
      </>
    );
  }
  return <TakePaper courseId={courseId} paper={paper.data} />;
}

const isTouchDevice = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

function TakePaper({ courseId, paper }: { courseId: number; paper: StudentPaper }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useTakingSession(courseId, paper);
  const [, tick] = useState(0);
  const [extra, setExtra] = useState(paper.extratime);
  const [handing, setHanding] = useState(false);
  // the student handed in while the network was down: it goes in by itself when the network is back (issue 25)
  const [queued, setQueued] = useState(false);
  const queuedTried = useRef(0);
  const done = useRef(false);
  const gaveUp = useRef(false);
  const [switches, setSwitches] = useState(paper.switchcount);
  const [forceAt, setForceAt] = useState<number | null>(null);

  const finish = useCallback(
    async (attemptId: number, toast?: string) => {
      done.current = true;
      Dialog.clear();
      await queryClient.invalidateQueries({ queryKey: studentExamKeys.all(courseId) });
      if (toast) Toast.show({ content: toast });
      navigate(studentExamPaths.result(courseId, paper.testpaperid, attemptId, 'submitresult'), { replace: true });
    },
    [courseId, navigate, paper.testpaperid, queryClient],
  );

  const handIn = useCallback(
    async (why: 'student' | 'deadline' | 'switches') => {
      if (done.current) return;
      setHanding(true);
      try {
        const r = await session.handIn();
        // said by who handed it in, as the server recorded it (a retry answers the first hand-in)
        const said: Record<number, string> = {
          1: t('exams.student.handedIn'),
          2: t('exams.student.timeUpDone'),
          3: t('exams.student.switchDone'),
          4: t('exams.student.endedDone'),
        };
        // the page's own hand-in at the deadline or the switch limit is recorded as the student's when it came in time
        const kind = r.submitkind === 1 && why !== 'student' ? (why === 'switches' ? 3 : 2) : r.submitkind;
        await finish(r.attemptid, said[kind] ?? t('exams.student.handedIn'));
      } catch (e) {
        if (e instanceof ApiError && e.handled) return;
        const network = !(e instanceof ApiError) || e.code === NETWORK_ERROR;
        // by itself the page tries again while the network is down, and says a refusal once
        if (why !== 'student' && !network) gaveUp.current = true;
        if (why === 'student' && network) {
          queuedTried.current = performance.now();
          setQueued(true);
          return;
        }
        setQueued(false);
        if (why === 'student' || !network) {
          // spec 2 §8: submit failure, retry (the answers stay in the journal)
          Dialog.alert({
            title: t('common.systemPrompt'),
            content: network ? t('exams.student.handInFailed') : errorMessage(e),
            confirmText: t('common.ok'),
          });
        }
      } finally {
        setHanding(false);
      }
    },
    [session, finish, t],
  );

  // the clock: a repaint each second; at the deadline the page hands in (the server does at deadline + 60 s anyway)
  const remaining = session.clock.remaining();
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const timeUp = remaining !== null && remaining <= 0;
  const tried = useRef(0);
  useEffect(() => {
    // at the deadline, and again every 10 s while the network keeps it from reaching the server
    if (!timeUp || done.current || handing || gaveUp.current) return;
    const now = performance.now();
    if (now - tried.current < 10_000) return;
    tried.current = now;
    void handIn('deadline');
  });

  // a hand-in waiting for the network: at once when the browser says it is back, and every 10 s
  // meanwhile (a phone's radio may come back without saying so)
  useEffect(() => {
    if (!queued || done.current || handing) return;
    const now = performance.now();
    if (!session.online && now - queuedTried.current < 10_000) return;
    if (session.online && now - queuedTried.current < 1_000) return;
    queuedTried.current = now;
    void handIn('student');
  });

  // a forced hand-in after too many screen switches: the 15-second warning, then in it goes
  const forceLeft = forceAt === null ? null : forceAt * 1000 - session.clock.now();
  useEffect(() => {
    // `forceat` is whole seconds, rounded down: a little after it, so the server counts it as the forced hand-in
    if (forceLeft !== null && forceLeft <= -1200 && !done.current && !handing && !gaveUp.current) void handIn('switches');
  });

  // a save refused for good (handed in by the server, closed, time up): on to the result
  useEffect(() => {
    if (!session.final || done.current) return;
    void handIn('deadline');
  }, [session.final, handIn]);

  // live: the server moved the deadline (extra time, a new close, the teacher's end) or handed the paper in
  useClassroom(courseId);
  useSocketEvent(TEST_DEADLINE_CMD, (data) => {
    const d = data as { attemptid?: number; deadline?: number; extratime?: number };
    if (Number(d.attemptid) !== paper.attemptid) return;
    session.clock.setDeadline(Number(d.deadline) || 0);
    if (d.extratime !== undefined) setExtra(Number(d.extratime));
    Toast.show({ content: t('exams.student.deadlineMoved') });
    tick((n) => n + 1);
  });
  useSocketEvent(TEST_SUBMITTED_CMD, (data) => {
    const d = data as { attemptid?: number };
    if (Number(d.attemptid) !== paper.attemptid || done.current) return;
    void handIn('deadline');
  });

  // screen switches (spec 2 §4): each exit reported with the running count; on a phone one more
  // for every 5 s away; past the limit the server answers with the moment it hands in
  const count = useRef(paper.switchcount);
  const hiddenAt = useRef<number | null>(null);
  // the warning once per count, and only on screen (an answer that came while away waits for the return)
  const warned = useRef(paper.switchcount);
  const waiting = useRef<SwitchResult | null>(null);
  const unsent = useRef(false);
  // when the page saw the switch being reported (server-anchored ms since the start): a report held
  // back is flagged to the teacher (issue 24)
  const seenAt = useRef(0);
  const warn = useCallback(
    (r: SwitchResult) => {
      if (r.count <= warned.current) return;
      if (document.visibilityState !== 'visible') {
        waiting.current = r;
        return;
      }
      waiting.current = null;
      warned.current = r.count;
      Dialog.alert({
        title: t('exams.student.switchTitle'),
        content: (
          <span data-testid="switch-warning">
            {t('exams.student.switchWarning', { count: r.count, left: Math.max(0, r.limit - r.count) })}
          </span>
        ),
        confirmText: t('exams.student.switchBack'),
      });
    },
    [t],
  );
  const report = useCallback(async () => {
    try {
      const r = await studentExamApi.reportSwitch(courseId, paper.testpaperid, count.current, seenAt.current);
      unsent.current = false;
      count.current = Math.max(count.current, r.count);
      setSwitches(count.current);
      if (r.force) setForceAt(r.forceat);
      else warn(r);
    } catch {
      // offline: the count goes with the next exit or return
      unsent.current = true;
    }
  }, [courseId, paper.testpaperid, warn]);
  useEffect(() => {
    if (paper.switchlimit <= 0) return;
    const onChange = () => {
      if (done.current) return;
      if (document.visibilityState === 'hidden') {
        hiddenAt.current = performance.now();
        if (!unsent.current) seenAt.current = session.clock.elapsed();
        count.current += 1;
        setSwitches(count.current);
        void report();
      } else if (hiddenAt.current !== null) {
        const away = performance.now() - hiddenAt.current;
        hiddenAt.current = null;
        const more = isTouchDevice() ? Math.floor(away / (SWITCH_MOBILE_SECONDS * 1000)) : 0;
        count.current += more;
        if (more > 0 && !unsent.current) seenAt.current = session.clock.elapsed();
        setSwitches(count.current);
        if (more > 0 || unsent.current) void report();
        else if (waiting.current) warn(waiting.current);
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [paper.switchlimit, report, warn, session.clock]);

  // the heartbeat (issue 24): while the page is on screen; the server flags a gap while the paper is open
  useEffect(() => {
    const beat = () => {
      if (done.current || document.visibilityState !== 'visible') return;
      studentExamApi.heartbeat(courseId, paper.testpaperid).catch(() => undefined);
    };
    beat();
    const timer = window.setInterval(beat, TEST_HEARTBEAT_SECONDS * 1000);
    document.addEventListener('visibilitychange', beat);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [courseId, paper.testpaperid]);

  const askHandIn = async () => {
    const unanswered = session.unanswered;
    const ok = await confirmDialog({
      title: t('exams.student.handInTitle'),
      content: unanswered > 0 ? t('exams.student.handInUnanswered', { count: unanswered }) : t('exams.student.handInAll'),
      confirmText: t('exams.student.handIn'),
      testid: 'handin-confirm',
    }).result;
    if (ok) await handIn('student');
  };

  // leaving with answers not yet on the server: they stay on this device and go when the student comes back
  const unsaved = session.status === 'saving' || session.status === 'offline';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const leave = async () => {
    if (unsaved && !done.current) {
      const ok = await confirmDialog({
        title: t('exams.student.leaveTitle'),
        content: t('exams.student.leaveUnsaved'),
        confirmText: t('exams.student.leave'),
        cancelText: t('exams.student.stay'),
        testid: 'leave-ask',
      }).result;
      if (!ok) return;
    }
    navigate(studentExamPaths.details(courseId, paper.testpaperid));
  };

  const numbers = new Map<number, number>();
  let n = 0;
  for (const item of paper.lists) if (item.typeid !== QUESTION_TYPES.note) numbers.set(item.subjectid, ++n);
  const offline = !session.online || session.status === 'offline';
  // red near the end: the last 5 minutes, or the last fifth of a short paper (issue 25: a 5-minute
  // test was red from the start)
  const span = paper.deadline > 0 ? (paper.deadline - paper.startedat) * 1000 : 0;
  const lowAt = span > 0 ? Math.min(5 * 60_000, span / 5) : 5 * 60_000;
  const low = remaining !== null && remaining < lowAt;

  return (
    <>
      <PageNavBar title={paper.title} onBack={() => void leave()} />
      <div className="ex-take-head">
        <div className="ex-take-bar" data-testid="take-bar">
          <span>
            {remaining === null ? (
              <span data-testid="timer-none">{t('exams.student.noTimeLimit')}</span>
            ) : (
              <>
                {t('exams.student.timeLeft')}{' '}
                <span className={`ex-timer${low ? ' is-low' : ''}`} data-testid="timer">
                  {clockText(remaining)}
                </span>
              </>
            )}
            {extra > 0 ? (
              <span className="ex-tag is-green" style={{ marginLeft: 6 }} data-testid="take-extra">
                {t('exams.student.extraShort', { minutes: extra })}
              </span>
            ) : null}
          </span>
          <span
            className={`ex-save is-${offline ? 'offline' : session.status}`}
            data-testid="save-state"
            data-state={offline ? 'offline' : session.status}
          >
            {offline
              ? t('exams.student.saveOffline')
              : session.status === 'saving'
                ? t('exams.student.saving')
                : session.status === 'failed'
                  ? t('exams.student.saveFailed')
                  : t('exams.student.saved')}
          </span>
        </div>
        {queued ? (
          <div className="ex-offline" role="status" data-testid="handin-queued">
            {t('exams.student.handInQueued')}
          </div>
        ) : offline ? (
          <div className="ex-offline" role="status" data-testid="offline-bar">
            {t('exams.student.offlineBar')}
          </div>
        ) : null}
      </div>
      <div className="page-body ex-body" data-testid="paper">
        {timeUp ? (
          <p className="ex-note is-warning" data-testid="time-up">
            <ExclamationCircleOutline />
            <span>{offline ? t('exams.student.timeUpOffline') : t('exams.student.timeUp')}</span>
          </p>
        ) : null}
        {session.failure?.kind === 'refused' ? (
          <p className="ex-note is-danger" data-testid="save-refused">
            <ExclamationCircleOutline />
            <span>{session.failure.message}</span>
          </p>
        ) : null}
        {session.refused.length > 0 ? (
          <div className="ex-note is-danger" data-testid="answers-refused">
            <ExclamationCircleOutline />
            <span>
              {t('exams.student.answersRefused')}
              {session.refused.map((r) => (
                <span key={`${r.subjectid}-${r.message}`} style={{ display: 'block' }} data-testid="answer-refused">
                  {t('exams.student.refusedLine', { n: numbers.get(r.subjectid) ?? '?', message: r.message })}
                </span>
              ))}
            </span>
          </div>
        ) : null}
        {paper.switchlimit > 0 ? (
          <p className="ex-note is-warning" data-testid="switch-rule">
            <ExclamationCircleOutline />
            <span>{t('exams.student.switchCounter', { count: switches, limit: paper.switchlimit })}</span>
          </p>
        ) : null}
        <div style={{ height: 10 }} />
        {paper.lists.map((item) => (
          <QuestionCard
            key={item.subjectid}
            item={item}
            number={numbers.get(item.subjectid) ?? 0}
            value={session.answers[item.subjectid]}
            disabled={timeUp || handing}
            onChange={(v) => session.setAnswer(item.subjectid, v)}
          />
        ))}
      </div>
      <div className="ex-submit-bar">
        <span data-testid="answered-count">
          {t('exams.student.answeredCount', { done: numbers.size - session.unanswered, all: numbers.size })}
        </span>
        <Button color="primary" loading={handing} onClick={() => void askHandIn()} data-testid="handin">
          {t('exams.student.handIn')}
        </Button>
      </div>
      {forceLeft !== null ? (
        <div className="adm-mask" style={{ background: 'rgba(0,0,0,0.55)', zIndex: 1000 }}>
          <div
            className="ex-card ex-force"
            style={{ position: 'fixed', left: 24, right: 24, top: '30%' }}
            role="alertdialog"
            data-testid="force-warning"
          >
            <p>{t('exams.student.forceTitle')}</p>
            <strong data-testid="force-seconds">{Math.max(0, Math.ceil(forceLeft / 1000))}</strong>
            <p>{t('exams.student.forceText', { seconds: SWITCH_WARNING_SECONDS })}</p>
          </div>
        </div>
      ) : null}
    </>
  );
}
