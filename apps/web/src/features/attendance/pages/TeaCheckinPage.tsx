import { CODE_CHANGED_CMD } from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { RECONNECTED, useSocketEvent } from '../../../lib/socket';
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
 * students arriving live (`addRecord`), the time left, and its end after a confirmation. The list
 * shows the students still missing first, with a filter; End stays at the bottom of the screen; a roll
 * call marks everyone not marked yet present in one tap (issue 25).
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
  const [marking, setMarking] = useState(false);
  const [filter, setFilter] = useState<'all' | 'missing' | 'arrived'>('all');

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

  const markAll = async () => {
    const ok = await confirmDialog({
      content: t('attendance.rollCall.markAllConfirm', { count: waiting.length }),
      confirmText: t('attendance.rollCall.markAll'),
      testid: 'att-mark-all',
    }).result;
    if (!ok) return;
    setMarking(true);
    try {
      const done = await attendanceApi.markAllPresent(id);
      await client.invalidateQueries({ queryKey: attendanceKeys.students(courseId, id, -1) });
      Toast.show({ content: t('attendance.rollCall.markedAll', { count: done.marked }) });
    } catch (e) {
      showApiError(e);
    } finally {
      setMarking(false);
    }
  };

  const arrived = rows.filter((r) => stateOf(r) !== 100);
  const waiting = rows.filter((r) => stateOf(r) === 100);
  // the ones still missing first: those are the ones the teacher looks for
  const shown = filter === 'missing' ? waiting : filter === 'arrived' ? arrived : [...waiting, ...arrived];
  const filters = [
    { key: 'all', label: t('attendance.run.filterAll', { count: rows.length }) },
    { key: 'missing', label: t('attendance.run.filterMissing', { count: waiting.length }) },
    {
      key: 'arrived',
      label:
        type === 0
          ? t('attendance.run.filterMarked', { count: arrived.length })
          : t('attendance.run.filterArrived', { count: arrived.length }),
    },
  ] as const;

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
        {type === 0 && waiting.length > 0 ? (
          <Button
            block
            color="primary"
            fill="outline"
            loading={marking}
            onClick={() => void markAll()}
            className="att-mark-all"
            data-testid="att-mark-all"
          >
            {t('attendance.rollCall.markAll')}
          </Button>
        ) : null}
        {rows.length > 0 ? (
          <fieldset className="att-run-filter" aria-label={t('attendance.run.filter')}>
            {filters.map((f) => (
              <button
                key={f.key}
                type="button"
                aria-pressed={filter === f.key}
                className={`att-run-filter-item${filter === f.key ? ' is-active' : ''}`}
                onClick={() => setFilter(f.key)}
                data-testid={`att-filter-${f.key}`}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
        ) : null}
        {rows.length === 0 ? (
          <ErrorBlock status="empty" title={t('attendance.run.noStudents')} description="" />
        ) : shown.length === 0 ? (
          <p className="muted att-none" data-testid="att-filter-empty">
            {filter === 'missing' ? t('attendance.run.noneMissing') : t('attendance.detail.noneHere')}
          </p>
        ) : (
          <ul className="att-records" data-testid="att-arrivals">
            {shown.map((r) => (
              <RecordRow key={r.userid} r={r} type={type} onOpen={() => setSetting(r)} />
            ))}
          </ul>
        )}
      </section>

      {running ? (
        <div className="att-end-bar">
          <Button block color="danger" fill="outline" loading={ending} onClick={() => void end()} data-testid="att-end">
            {t('attendance.run.end')}
          </Button>
        </div>
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
  // too many wrong guesses across the class changed the code by itself (issue 24): show the new one and say why
  const [guessed, setGuessed] = useState(0);
  useSocketEvent(CODE_CHANGED_CMD, (data) => {
    const e = data as { attenceid?: unknown; code?: unknown; wrong?: unknown } | null;
    if (!e || Number(e.attenceid) !== id) return;
    client.setQueryData(attendanceKeys.code(courseId, id), String(e.code));
    setGuessed(Number(e.wrong) || 1);
  });
  // a change missed while the socket was away: read the code again
  useSocketEvent(RECONNECTED, () => void code.refetch());
  const renew = async () => {
    const ok = await confirmDialog({ content: t('attendance.run.newCodeConfirm'), testid: 'att-new-code' }).result;
    if (!ok) return;
    setBusy(true);
    try {
      const next = await attendanceApi.newDigitCode(id);
      client.setQueryData(attendanceKeys.code(courseId, id), String(next.code));
      setGuessed(0);
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
      {guessed ? (
        <p className="att-code-changed" role="status" data-testid="att-code-changed">
          {t('attendance.run.codeChanged', { count: guessed })}
        </p>
      ) : null}
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
