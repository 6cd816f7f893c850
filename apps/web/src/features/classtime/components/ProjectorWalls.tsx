import { ADD_RECORD_CMD, PUBLISH_ATTENDANCE_CMD, QUESTION_TYPES } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { RichTextView } from '../../../components/RichTextView';
import { showApiError } from '../../../lib/api';
import { useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { attendanceKeys } from '../../attendance/api';
import { QrScreen } from '../../attendance/components/QrScreen';
import { useAttendanceStudents } from '../../attendance/hooks/useAttendance';
import { countOf } from '../../attendance/utils';
import type { Race } from '../../barrage/api';
import { interactApi, interactKeys, useExhibition, useStepResult } from '../../interact/api';
import { answerText } from '../../interact/components/answerText';
import { ResultBars } from '../../interact/components/ResultBars';
import { clockText, useCountdown } from '../../interact/hooks/useCountdown';
import '../../attendance/attendance.css';
import '../projector.css';
import '../../interact/interact.css';

/**
 * What the projector screen puts over the slide for the class (issue 25, decision 022): a question with its
 * countdown, live count and reveal; the race and its winner; the attendance code with its arrivals.
 */

/** a race's winner stays on the wall this long */
const RACE_RESULT_MS = 15_000;

/**
 * A question on the wall: its stem and choices large, the countdown by the server's clock and how many
 * answered, filling live. The key and the class's bars come only with the reveal (decision 022: showing
 * how others chose while answers are taken would sway them). Never a name.
 */
export function StepWall({ courseId, stepid, onClose }: { courseId: number; stepid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useExhibition(stepid);
  const s = screen.data?.step;
  const result = useStepResult(stepid, Boolean(s && s.state !== 0));
  const left = useCountdown(s, screen.dataUpdatedAt, () => void screen.refetch());
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  if (!screen.data || !s) return null;
  const answered = result.data?.answered ?? screen.data.answered;
  const members = result.data?.members ?? screen.data.members;
  const share = members > 0 ? Math.min(100, Math.round((answered / members) * 100)) : 0;
  const reveal = async () => {
    setBusy(true);
    try {
      await interactApi.reveal(stepid);
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: interactKeys.all });
    }
  };
  return (
    <section
      className="projector-wall projector-step"
      data-testid="projector-step"
      data-stepid={stepid}
      data-state={s.state}
      data-revealed={s.revealed}
      data-course={courseId}
    >
      <div className="projector-step-head">
        {s.state === 1 ? (
          <span className="projector-clock" data-testid="projector-step-clock" data-seconds={left ?? 0}>
            {clockText(left ?? 0)}
          </span>
        ) : (
          <span className="projector-step-state" data-testid="projector-step-state">
            {s.revealed ? t('interact.state.revealed') : t('interact.screen.waitingReveal')}
          </span>
        )}
        <span className="projector-answered" data-testid="projector-step-answered" data-answered={answered}>
          {t('interact.screen.answered', { answered, members })}
        </span>
      </div>
      <div className="projector-fill" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </div>
      <div className="projector-stem">
        <RichTextView html={s.stem} testid="projector-step-stem" />
      </div>
      {/* revealed, the chart lists the choices with their counts and the key's tick: the list would say it
          twice, and at 1366×768 push the panel's buttons out of sight */}
      {s.options.length > 0 && !(s.revealed && result.data) ? (
        <ol className="projector-options">
          {s.options.map((o, i) => {
            const letter = String.fromCharCode(65 + i);
            const isKey = s.revealed === 1 && s.key.split('|').includes(letter);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once asked
              <li key={i} className={isKey ? 'is-key' : undefined}>
                <b>{letter}</b>
                <span>{o}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      {s.type === QUESTION_TYPES.trueFalse && !s.revealed ? (
        <ol className="projector-options">
          {['1', '0'].map((v) => (
            <li key={v}>
              <span>{answerText(t, s.type, v)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {s.revealed && s.key ? (
        <p className="projector-key" data-testid="projector-step-key">
          {t('interact.key', { key: answerText(t, s.type, s.key) })}
        </p>
      ) : null}
      {s.revealed && result.data ? (
        <div className="projector-bars" data-testid="projector-step-result">
          <ResultBars result={result.data} />
        </div>
      ) : null}
      <div className="projector-wall-actions projector-chrome">
        {s.revealed ? null : (
          <Button color="primary" loading={busy} onClick={() => void reveal()} data-testid="projector-step-reveal">
            {t('interact.screen.reveal')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="projector-step-close">
          {t('projector.backToSlide')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The grab-answer race on the wall (`Tools.raceStart`, `Tools.racePress`, `Tools.raceResult`, the
 * events the phones get): "go!" with how many pressed, then the winner for a while. The winner's name
 * only with the names switch on.
 */
export function RaceWall({ courseId, names }: { courseId: number; names: boolean }) {
  const { t } = useTranslation();
  const [race, setRace] = useState<Race | null>(null);
  const take = (r: Race) => {
    if (r?.courseid === courseId) setRace(r);
  };
  useSocketEvent('Tools.raceStart', take);
  useSocketEvent('Tools.raceResult', take);
  useSocketEvent('Tools.racePress', (d: { raceid: number; courseid: number; entrants: number }) => {
    if (d.courseid !== courseId) return;
    setRace((r) => (r && r.raceid === d.raceid && r.status === 1 ? { ...r, entrants: Math.max(r.entrants, d.entrants) } : r));
  });
  const decided = race?.status === 2 ? race.raceid : 0;
  useEffect(() => {
    if (!decided) return;
    const timer = setTimeout(() => setRace(null), RACE_RESULT_MS);
    return () => clearTimeout(timer);
  }, [decided]);
  if (!race) return null;
  return (
    <section
      className="projector-wall projector-race"
      data-testid="projector-race"
      data-status={race.status}
      data-winner={race.winner?.uid ?? 0}
    >
      {race.status === 1 ? (
        <>
          <p className="projector-race-big">{t('projector.raceGo')}</p>
          <p className="projector-race-small" data-testid="projector-race-entrants">
            {t('barrage.race.running', { n: race.entrants })}
          </p>
        </>
      ) : race.winner ? (
        <>
          <p className="projector-race-small">{t('projector.raceWinner')}</p>
          <p className="projector-race-big" data-testid="projector-race-winner">
            {names ? race.winner.username : t('projector.nameHidden')}
          </p>
        </>
      ) : (
        <p className="projector-race-big" data-testid="projector-race-winner">
          {t('barrage.race.noWinner')}
        </p>
      )}
      <Button className="projector-chrome" onClick={() => setRace(null)} data-testid="projector-race-close">
        {t('projector.backToSlide')}
      </Button>
    </section>
  );
}

/** attendance types shown on the wall: 1 a number code, 3 a rotating QR code */
const WALL_ATTENDANCE = new Set([1, 3]);

/**
 * An attendance the class takes part in, on the wall (`KeTangPaiPublishAttendance`, as the phones
 * get it): the number code or the rotating QR code, with how many have arrived (`addRecord`, to the
 * staff, rereads the count). Never a name. Ended, it says so with the final count.
 */
export function AttendanceWall({ courseId }: { courseId: number }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(0);
  useSocketEvent(PUBLISH_ATTENDANCE_CMD, (d: { courseid?: number; attenceid?: number; type?: number } | null) => {
    if (!d || Number(d.courseid) !== courseId) return;
    if (d.attenceid && WALL_ATTENDANCE.has(Number(d.type))) setShown(Number(d.attenceid));
    void queryClient.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
  });
  useSocketEvent(ADD_RECORD_CMD, (d: { attenceid?: number } | null) => {
    if (shown && Number(d?.attenceid) === shown)
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.students(courseId, shown, -1) });
  });
  if (!shown) return null;
  return <AttendancePanel key={shown} courseId={courseId} id={shown} onClose={() => setShown(0)} />;
}

function AttendancePanel({ courseId, id, onClose }: { courseId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const all = useAttendanceStudents(courseId, id, -1);
  const a = all.data?.attence;
  if (!a) return null;
  const arrived = countOf(a.counts, 0) + countOf(a.counts, 2);
  const open = a.state === 1;
  return (
    <section className="projector-wall projector-att" data-testid="projector-attendance" data-type={a.type} data-state={a.state}>
      <p className="projector-att-title">{open ? a.title : t('attendance.run.ended')}</p>
      {open && a.type === 1 ? (
        <p className="projector-att-code" data-testid="projector-attendance-code">
          {a.code}
        </p>
      ) : null}
      {open && a.type === 3 ? (
        <div className="projector-att-qr">
          {/* the wall's own size: the QR screen's "large" covers the whole window, the count and the title too */}
          <QrScreen id={id} large={false} />
        </div>
      ) : null}
      <p className="projector-att-count" data-testid="projector-attendance-arrived" data-arrived={arrived}>
        {t('attendance.detail.present', { count: arrived, total: a.total })}
      </p>
      <Button className="projector-chrome" onClick={onClose} data-testid="projector-attendance-close">
        {t('projector.backToSlide')}
      </Button>
    </section>
  );
}
