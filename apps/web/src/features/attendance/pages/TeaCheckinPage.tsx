import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import { formatTime } from '../../materials/utils';
import { parseItemId } from '../../notices/utils';
import { attendanceApi, attendanceKeys } from '../api';
import { QrScreen } from '../components/QrScreen';
import type { RecordLike } from '../components/RecordRow';
import { RecordRow } from '../components/RecordRow';
import { StateSheet } from '../components/StateSheet';
import { TypeIcon } from '../components/TypeIcon';
import { useAttendanceStudents, useRefreshAttendance } from '../hooks/useAttendance';
import { useAttendanceEvents } from '../hooks/useLive';
import { useNow } from '../hooks/useNow';
import type { AddRecordEvent, StaffAttence, StudentList } from '../types';
import { formatCountdown, isRunning, paths, secondsLeft, stateOf, typeOf } from '../utils';
import '../attendance.css';

/**
 * /checkIn/teaCheckinPage?courseId=&courseRole=1&id=: the running attendance for the classroom
 * screen — the digit code large, the QR code changing every few seconds, the GPS centre — with the
 * students arriving live (`addRecord`), the time left, and its end after a confirmation.
 */
export default function TeaCheckinPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(courseId ? paths.teacherIndex(courseId) : undefined);
  return (
    <div className="page att-page" data-testid="tea-checkin-page">
      <PageNavBar title={t('attendance.run.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info} ability="teachClass">
        {(course) => (id === null ? <LoadFailed message={t('attendance.notFound')} /> : <Running courseId={course.id} id={id} />)}
      </CourseGate>
    </div>
  );
}

function Running({ courseId, id }: { courseId: number; id: number }) {
  const students = useAttendanceStudents(courseId, id);
  if (students.isPending)
    return (
      <div className="page-body att-body" aria-busy="true" data-testid="att-run-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (students.isError) return <QueryFailed error={students.error} onRetry={() => void students.refetch()} />;
  return <RunningBody courseId={courseId} a={students.data.attence} rows={students.data.lists} />;
}

function RunningBody({ courseId, a, rows }: { courseId: number; a: StaffAttence; rows: RecordLike[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = Number(a.id);
  const type = typeOf(a);
  const now = useNow();
  const running = isRunning(a, now);
  const left = secondsLeft(a, now);
  const refresh = useRefreshAttendance(courseId);
  const [large, setLarge] = useState(false);
  const [setting, setSetting] = useState<RecordLike | null>(null);
  const [ending, setEnding] = useState(false);

  // a check-in shows at once: the event's row replaces the student's, then the list is read again
  useAttendanceEvents(courseId, {
    onRecord: (data) => {
      const e = data as AddRecordEvent | null;
      if (e && Number(e.attenceid) === id) {
        client.setQueryData<StudentList>(attendanceKeys.students(courseId, id, -1), (list) => {
          if (!list) return list;
          const i = list.lists.findIndex((r) => r.userid === Number(e.userid));
          if (i === -1) return list;
          return { ...list, lists: list.lists.map((r, j) => (j === i ? { ...r, ...e } : r)) };
        });
      }
      void client.invalidateQueries({ queryKey: attendanceKeys.students(courseId, id, -1) });
    },
  });

  // the time is up: the server closes it; read it again to show the result
  useEffect(() => {
    if (left === 0) void refresh();
  }, [left, refresh]);

  const end = async () => {
    const ok = await confirmDialog({
      title: t('attendance.run.endTitle'),
      content: t('attendance.run.endConfirm'),
      confirmText: t('attendance.run.end'),
      danger: true,
      testid: 'att-end',
    }).result;
    if (!ok) return;
    setEnding(true);
    try {
      await attendanceApi.end(id);
      Toast.show({ content: t('attendance.run.ended') });
      await refresh();
      navigate(paths.detail(courseId, id), { replace: true });
    } catch (e) {
      showApiError(e);
    } finally {
      setEnding(false);
    }
  };

  const arrived = rows.filter((r) => stateOf(r) !== 100);
  const waiting = rows.filter((r) => stateOf(r) === 100);

  return (
    <div className="page-body att-body">
      <section className="att-card att-run-head">
        <TypeIcon type={type} />
        <div className="att-row-text">
          <span className="att-row-title" data-testid="att-run-title">
            {a.title}
          </span>
          <span className="muted small">
            {t(`attendance.type.t${type}`)} · {formatTime(Number(a.createtime))}
          </span>
        </div>
        {running && left !== null ? (
          <span className="att-countdown" data-testid="att-countdown">
            {formatCountdown(left)}
          </span>
        ) : null}
      </section>

      {!running ? (
        <section className="att-card" data-testid="att-run-over">
          <p>{t('attendance.run.over')}</p>
          <Button
            block
            color="primary"
            onClick={() => navigate(paths.detail(courseId, id), { replace: true })}
            data-testid="att-run-detail"
          >
            {t('attendance.run.seeResult')}
          </Button>
        </section>
      ) : (
        <section className="att-card att-show">
          {type === 1 ? <DigitCode courseId={courseId} id={id} /> : null}
          {type === 3 ? <QrScreen id={id} large={large} onToggleLarge={() => setLarge((v) => !v)} /> : null}
          {type === 2 ? <GpsCentre id={id} /> : null}
          {type === 4 ? <CheckoutPhase a={a} now={now} /> : null}
          {type === 0 ? (
            <p className="muted" data-testid="att-roll-call-hint">
              {t('attendance.run.rollCallHint')}
            </p>
          ) : null}
        </section>
      )}

      <section className="att-card">
        <h2 className="att-section-title" data-testid="att-arrived">
          {/* a roll call counts the students marked: nobody checks in to it */}
          {type === 0 ? t('attendance.rollCall.marked') : t('attendance.run.arrived')}{' '}
          <span data-testid="att-arrived-count">
            {arrived.length}/{rows.length}
          </span>
        </h2>
        {rows.length === 0 ? (
          <ErrorBlock status="empty" title={t('attendance.run.noStudents')} description="" />
        ) : (
          <ul className="att-records" data-testid="att-arrivals">
            {[...arrived, ...waiting].map((r) => (
              <RecordRow key={r.userid} r={r} type={type} onOpen={() => setSetting(r)} />
            ))}
          </ul>
        )}
      </section>

      {running ? (
        <Button block color="danger" fill="outline" loading={ending} onClick={() => void end()} data-testid="att-end">
          {t('attendance.run.end')}
        </Button>
      ) : null}
      <StateSheet courseId={courseId} attenceId={id} record={setting} onClose={() => setSetting(null)} />
    </div>
  );
}

/** The digit code, large, for the classroom (teachers and assistants only: the server refuses students). */
function DigitCode({ courseId, id }: { courseId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const code = useQuery({ queryKey: attendanceKeys.code(courseId, id), queryFn: () => attendanceApi.digitCode(id) });
  const [busy, setBusy] = useState(false);
  const renew = async () => {
    const ok = await confirmDialog({ content: t('attendance.run.newCodeConfirm'), testid: 'att-new-code' }).result;
    if (!ok) return;
    setBusy(true);
    try {
      const next = await attendanceApi.newDigitCode(id);
      client.setQueryData(attendanceKeys.code(courseId, id), String(next.code));
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  if (code.isPending) return <Skeleton.Title animated />;
  if (code.isError) return <QueryFailed error={code.error} onRetry={() => void code.refetch()} />;
  return (
    <div className="att-code-wrap">
      <p className="muted small">{t('attendance.run.codeHint')}</p>
      <div className="att-code" data-testid="att-code">
        {code.data}
      </div>
      <Button size="small" fill="none" loading={busy} onClick={() => void renew()} data-testid="att-new-code">
        {t('attendance.run.newCode')}
      </Button>
    </div>
  );
}

/** Where a GPS attendance is centred and how far it reaches (teachers only). */
function GpsCentre({ id }: { id: number }) {
  const { t } = useTranslation();
  const where = useQuery({ queryKey: ['attendance', 'location', id], queryFn: () => attendanceApi.location(id) });
  if (where.isPending) return <Skeleton.Title animated />;
  if (where.isError) return <QueryFailed error={where.error} onRetry={() => void where.refetch()} />;
  return (
    <div className="att-gps" data-testid="att-gps-centre">
      <p>{t('attendance.run.gpsHint', { range: where.data.radius })}</p>
      {where.data.address ? <p>{where.data.address}</p> : null}
      <p className="muted small">
        {Number(where.data.latitude).toFixed(5)}, {Number(where.data.longitude).toFixed(5)}
      </p>
    </div>
  );
}

/** Check-in/out: which half is open now. */
function CheckoutPhase({ a, now }: { a: StaffAttence; now: number }) {
  const { t } = useTranslation();
  const at = a.checkouttime;
  const out = a.checkinover === 1 || (at > 0 && now >= at);
  return (
    <div className="att-gps" data-testid="att-phase" data-phase={out ? 'out' : 'in'}>
      <p>{out ? t('attendance.run.phaseOut') : t('attendance.run.phaseIn', { time: at ? formatTime(at) : '—' })}</p>
    </div>
  );
}
