import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { StateTag } from '../components/StateTag';
import { TypeIcon } from '../components/TypeIcon';
import { useAttendanceList, useOpenAttendances, useRefreshAttendance } from '../hooks/useAttendance';
import { useCheckin } from '../hooks/useCheckin';
import { useAttendanceEvents } from '../hooks/useLive';
import { useNow } from '../hooks/useNow';
import type { OpenAttence } from '../types';
import { formatCountdown, isRunning, secondsLeft, stateLabel, stateOf, studentPathFor, typeOf } from '../utils';
import '../attendance.css';

/**
 * /checkIn/studentCheckinIndex?courseId=&courseRole=0: the course's open attendances, each with the
 * way to check in to it, updated live when the teacher starts one; then the student's own record of
 * the ended ones. (spec 2 §2: this page skips the pending-attendance prompt: it is the list itself.)
 */
export default function StudentCheckinIndexPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const goBack = useGoBack(courseId ? `/courseHome?courseId=${courseId}` : undefined);
  return (
    <div className="page att-page" data-testid="student-checkin-index">
      <PageNavBar title={t('attendance.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => <StudentIndex courseId={course.id} />}
      </CourseGate>
    </div>
  );
}

function StudentIndex({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const open = useOpenAttendances(courseId);
  const { query, items } = useAttendanceList(courseId);
  const refresh = useRefreshAttendance(courseId);
  // an attendance started, ended or deleted; the teacher set this student's status (a roll call)
  useAttendanceEvents(courseId, { onPublish: () => void refresh(), onRecord: () => void refresh() });

  const history = items.filter((a) => !isRunning(a));
  return (
    <div className="page-body att-body">
      <h2 className="att-section-title">{t('attendance.student.open')}</h2>
      {open.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : open.isError ? (
        <QueryFailed error={open.error} onRetry={() => void open.refetch()} />
      ) : open.data.length === 0 ? (
        <div className="att-card att-none" data-testid="att-open-empty">
          {t('attendance.student.noneOpen')}
        </div>
      ) : (
        open.data.map((a) => <OpenCard key={a.id} courseId={courseId} a={a} />)
      )}

      <h2 className="att-section-title">{t('attendance.student.mine')}</h2>
      {query.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : history.length === 0 ? (
        <ErrorBlock status="empty" title={t('attendance.student.noHistory')} description="" data-testid="att-history-empty" />
      ) : (
        <ul className="att-records" data-testid="att-history">
          {history.map((a) => (
            <li key={a.id} className="att-record" data-testid="att-history-row" data-id={a.id}>
              <div className="att-record-main">
                <TypeIcon type={typeOf(a)} />
                <span className="att-record-text">
                  <span className="att-record-name">{a.title}</span>
                  <span className="muted small">{formatTime(a.createtime)}</span>
                </span>
                <StateTag state={stateOf({ state: a.mystate })} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button block fill="none" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('attendance.more')}
        </Button>
      ) : null}
    </div>
  );
}

/** An open attendance and how to take part: the code, the location, a scan, a check-in or check-out, or the teacher's roll call. */
export function OpenCard({ courseId, a }: { courseId: number; a: OpenAttence }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { busy, run, checkin } = useCheckin(courseId);
  const refresh = useRefreshAttendance(courseId);
  const type = typeOf(a);
  const now = useNow();
  const left = secondsLeft(a, now);
  const done = stateOf(a) !== 100;
  const to = studentPathFor(courseId, a);
  // the time is up: read the list again, the card goes to the student's record
  useEffect(() => {
    if (left === 0) void refresh();
  }, [left, refresh]);
  // check-in/out: check-out opens at its time on this phone, without a reload (issue 25); read again
  // at most every 3 s until the server agrees it is open
  const checkoutOpen = a.checkinover === 1;
  const checkoutAt = Number(a.checkouttime ?? 0);
  const readAt = useRef(0);
  const checkoutDue = type === 4 && !checkoutOpen && checkoutAt > 0 && now >= checkoutAt;
  useEffect(() => {
    if (!checkoutDue || now - readAt.current < 3) return;
    readAt.current = now;
    void refresh();
  }, [checkoutDue, now, refresh]);
  // never checked in, and check-in is over: nothing to check out (issue 25)
  const missed = type === 4 && checkoutOpen && !done && a.attenceCheckinState === 0;
  let action: ReactNode = null;
  if (missed)
    action = (
      <p className="muted" data-testid="att-open-missed">
        {t('attendance.student.missedCheckin')}
      </p>
    );
  else if (type === 4 && (!done || (checkoutOpen && a.attenceCheckinState === 1)))
    action = (
      <Button
        block
        color="primary"
        loading={busy}
        onClick={() => void run(() => checkin({ id: Number(a.id) }), false)}
        data-testid="att-open-go"
      >
        {checkoutOpen ? t('attendance.student.checkout') : t('attendance.student.checkin')}
      </Button>
    );
  else if (done)
    action = (
      // a roll call's status may be anything (absent too): said plainly, the tag gives its colour
      <p className={type === 0 ? 'muted' : 'att-done'} data-testid="att-open-done">
        {type === 0
          ? t('attendance.student.rollCallSet', { state: stateLabel(t, stateOf(a), type) })
          : type === 4 && a.attenceCheckinState === 1
            ? t('attendance.student.waitCheckout')
            : t('attendance.student.done')}
      </p>
    );
  else if (to)
    action = (
      <Button block color="primary" onClick={() => navigate(to)} data-testid="att-open-go">
        {type === 1 ? t('attendance.student.enterCode') : t('attendance.student.locate')}
      </Button>
    );
  else
    action = (
      <p className="muted" data-testid="att-open-hint">
        {type === 3 ? t('attendance.student.scanHint') : t('attendance.student.rollCall')}
      </p>
    );
  return (
    <section className="att-card att-open" data-testid="att-open" data-id={a.id} data-type={type}>
      <div className="att-run-head">
        <TypeIcon type={type} />
        <span className="att-row-text">
          <span className="att-row-title">{a.title}</span>
          <span className="muted small">{t(`attendance.type.t${type}`)}</span>
        </span>
        {left !== null ? <span className="att-countdown small">{formatCountdown(left)}</span> : null}
        {done ? <StateTag state={stateOf(a)} /> : null}
      </div>
      {action}
    </section>
  );
}
