import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation } from '../../../lib/router';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../../accounts/authStore';
import { OpenAttendancePrompt } from '../../attendance/components/OpenAttendancePrompt';
import { barrageApi, barrageKeys, type CurrentRace, type Race } from '../../barrage/api';
import { BarrageLayer } from '../../barrage/components/BarrageLayer';
import { pressRace } from '../../barrage/pressRace';
import { courseKeys } from '../../courses/api';
import { JoinStepPrompt } from '../../interact/components/JoinStepPrompt';
import { ClassTimerBadge } from '../../speak/components/ClassTimerBadge';
import { classTimeApi, classTimeKeys } from '../api';
import { useClaimed } from './claims';
import { useClassAnnouncer } from './useClassAnnouncer';
import './classEvents.css';

/** how long a race's result stays in view when nobody closes it */
const RESULT_MS = 15_000;

/** pages where a "join?" question would ask about what the page already shows (the list shows the open steps) */
const ANSWERING = [
  '/interactiveanswers/answer',
  '/interactiveanswers/success',
  '/interactiveanswers/detail',
  // the live's own question pages (decision 040)
  '/onlinelive/question',
  '/onlinelive/question/answersheet',
];
/** a test being written: nothing of the class interrupts it (leaving the paper counts as a screen switch) */
const WRITING_TEST = '/testing/ontesting';

/**
 * The course-level layer of the class's events (issue 25, decision 029), mounted by the route-wide
 * course check (CourseCheck) on every page of a course a student opens, the slides included. It keeps
 * the course open on the socket and shows, over whatever page is open:
 * - an interactive answer taking answers ("join?", asked once per step in the tab) and an open
 *   attendance ("check in now?"), whether a class is on or not;
 * - while a class is on: the race with its grab button and its result, bullet comments flying over
 *   the top of the page, and the class timer — each unless the page shows it itself (claims.ts);
 * - the teacher ending the class.
 * A live region reads the race, the end of the class and the timer's end to a screen reader.
 */
export default function ClassEvents({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const status = useQuery({ queryKey: classTimeKeys.status(courseId), queryFn: () => classTimeApi.status(courseId) });
  const [said, setSaid] = useState('');
  const questionClaimed = useClaimed('question');
  useClassroom(courseId);
  const pushed = (over: boolean) => (data: { courseid?: number }) => {
    if (Number(data?.courseid) !== courseId) return;
    void queryClient.invalidateQueries({ queryKey: classTimeKeys.status(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    if (over) {
      Toast.show({ content: t('classEvents.over') });
      setSaid(t('classEvents.over'));
    }
  };
  useSocketEvent('AttendClass.classBegin', pushed(false));
  useSocketEvent('AttendClass.classOver', pushed(true));
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: classTimeKeys.status(courseId) }));
  // a question opened and the class timer, said to a screen reader (issue 25)
  useClassAnnouncer(courseId, setSaid);

  const answering = ANSWERING.includes(pathname.toLowerCase()) || questionClaimed;
  const checkingIn = pathname.toLowerCase().startsWith('/checkin/');
  const inClass = status.data?.status === 1;
  if (pathname.toLowerCase() === WRITING_TEST) return null;
  return (
    <section className="class-events" aria-label={t('classEvents.region')} data-testid="class-events">
      {answering ? null : <JoinStepPrompt courseId={courseId} />}
      {checkingIn ? null : <OpenAttendancePrompt courseId={courseId} show="dialog" />}
      {inClass ? <InClass key={status.data?.classtimeid} courseId={courseId} onSay={setSaid} /> : null}
      <div className="sr-only" role="status" aria-live="polite" data-testid="class-events-said">
        {said}
      </div>
    </section>
  );
}

function InClass({ courseId, onSay }: { courseId: number; onSay: (text: string) => void }) {
  const race = !useClaimed('race');
  const barrage = !useClaimed('barrage');
  const timer = !useClaimed('timer');
  return (
    <>
      {barrage ? (
        <div className="class-events-barrage" data-testid="class-events-barrage">
          <BarrageLayer courseId={courseId} lanes={3} />
        </div>
      ) : null}
      {timer ? (
        <div className="class-events-timer">
          <ClassTimerBadge courseId={courseId} claim={false} />
        </div>
      ) : null}
      {race ? <RaceCard courseId={courseId} onSay={onSay} /> : null}
    </>
  );
}

/**
 * The race on any page: the grab button while it is open (pressed on the socket, so that the press
 * is timed fairly, as on the course home: decision 021), then who won, for 15 s or until closed.
 */
function RaceCard({ courseId, onSay }: { courseId: number; onSay: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = Number(useAuth((s) => s.user?.id ?? 0));
  const [pressing, setPressing] = useState(false);
  /** the race whose result arrived while the page was open, until closed or timed out */
  const [result, setResult] = useState(0);
  const race = useQuery({
    queryKey: barrageKeys.race(courseId),
    queryFn: () => barrageApi.currentRace(courseId),
    refetchOnMount: 'always',
  });
  const take = (r: Race) => {
    if (r.courseid !== courseId) return;
    queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), (c) => ({
      race: r,
      joined: c?.race?.raceid === r.raceid ? c.joined : 0,
    }));
  };
  useSocketEvent('Tools.raceStart', (r: Race) => {
    take(r);
    if (r.courseid === courseId) onSay(t('barrage.race.started'));
  });
  useSocketEvent('Tools.raceResult', (r: Race) => {
    take(r);
    if (r.courseid !== courseId) return;
    setResult(r.raceid);
    onSay(
      r.winner
        ? r.winner.uid === me
          ? t('barrage.race.youWon')
          : t('barrage.race.winner', { name: r.winner.username })
        : t('barrage.race.noWinner'),
    );
  });
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: barrageKeys.race(courseId) }));
  useSocketEvent('Tools.joinRace.ok', (d: { raceid: number }) => {
    setPressing(false);
    queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), (c) =>
      c?.race?.raceid === d.raceid ? { ...c, joined: 1 } : c,
    );
  });
  useSocketEvent('User.error', (d: { error?: string }) => {
    if (!pressing) return;
    setPressing(false);
    Toast.show({ content: d.error ?? t('barrage.race.failed') });
  });
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(0), RESULT_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const current = race.data?.race;
  const open = current?.status === 1 ? current : undefined;
  const press = async () => {
    if (!open) return;
    setPressing(true);
    await pressRace(queryClient, courseId, open.raceid, () => setPressing(false));
  };

  if (open)
    return (
      <div className="class-events-card" data-testid="class-events-race" data-state="open">
        {race.data?.joined ? (
          <div className="race-waiting" data-testid="race-waiting">
            {t('barrage.race.waiting')}
          </div>
        ) : (
          <>
            <div className="class-events-card-title">{t('barrage.race.started')}</div>
            <button type="button" className="race-grab" disabled={pressing} onClick={() => void press()} data-testid="race-grab">
              {t('barrage.race.grab')}
            </button>
          </>
        )}
      </div>
    );
  if (current && result === current.raceid)
    return (
      <div className="class-events-card" data-testid="class-events-race" data-state="over">
        <div className="race-result" data-testid="race-result" data-winner={current.winner?.uid ?? 0}>
          {current.winner
            ? current.winner.uid === me
              ? t('barrage.race.youWon')
              : t('barrage.race.winner', { name: current.winner.username })
            : t('barrage.race.noWinner')}
        </div>
        <button type="button" className="class-events-close" onClick={() => setResult(0)} data-testid="class-events-race-close">
          {t('classEvents.dismiss')}
        </button>
      </div>
    );
  return null;
}
