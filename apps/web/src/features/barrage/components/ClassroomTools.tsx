import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog, Input, Switch, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import { showApiError } from '../../../lib/api';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { testId } from '../../../lib/testid';
import { useTranslation } from '../../../lib/translations';
import { useAuth } from '../../accounts/authStore';
import { useClaimClassEvent } from '../../classtime/events/claims';
import {
  type BarrageConfig,
  type BarrageItem,
  type BarrageList,
  barrageApi,
  barrageKeys,
  type CurrentRace,
  type Race,
} from '../api';
import { pressRace } from '../pressRace';
import { BarrageLayer } from './BarrageLayer';

const BARRAGE_MAX = 50;

/**
 * The course home's classroom tools while a class is in progress (issue 15): bullet comments flying
 * over a strip; the teacher switches barrage on and off, sees each comment arrive (and may delete one),
 * starts a grab-answer and sees who won; a student sends comments (with the VIP effect while it lasts)
 * and presses the big grab button — on the socket, so the press is timed fairly (decision 021).
 */
export function ClassroomTools({ courseId, canTeach }: { courseId: number; canTeach: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: barrageKeys.config(courseId),
    queryFn: () => barrageApi.config(courseId),
    refetchOnMount: 'always',
  });
  const race = useQuery({
    queryKey: barrageKeys.race(courseId),
    queryFn: () => barrageApi.currentRace(courseId),
    refetchOnMount: 'always',
  });

  // the course's room carries the switch, the comments and the race (the class-time bar opens it too)
  useClassroom(courseId);
  // the course home shows the race and the comments itself: the course-level layer does not (decision 029)
  useClaimClassEvent('race');
  useClaimClassEvent('barrage');
  useSocketEvent('Barrage.switch', (d: { courseid: number; status: 0 | 1 }) => {
    if (d.courseid !== courseId) return;
    queryClient.setQueryData<BarrageConfig>(barrageKeys.config(courseId), (c) => (c ? { ...c, status: d.status } : c));
  });
  const raceEvent = (r: Race) => {
    if (r.courseid !== courseId) return;
    queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), (c) => ({
      race: r,
      joined: c?.race?.raceid === r.raceid ? c.joined : 0,
    }));
  };
  useSocketEvent('Tools.raceStart', raceEvent);
  useSocketEvent('Tools.raceResult', raceEvent);
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: barrageKeys.all(courseId) }));

  return (
    <section className="classroom-tools" data-testid="classroom-tools" aria-label={t('barrage.title')}>
      <div className="classroom-tools-head">
        <span className="classroom-tools-title">{t('barrage.title')}</span>
        {config.data ? (
          <span className={`barrage-state${config.data.status ? ' is-on' : ''}`} data-testid="barrage-state">
            {config.data.status ? t('barrage.on') : t('barrage.off')}
          </span>
        ) : null}
      </div>
      <div className="barrage-stage">
        <BarrageLayer courseId={courseId} lanes={3} />
        {config.data && !config.data.status ? <span className="barrage-stage-empty">{t('barrage.stageOff')}</span> : null}
      </div>
      {config.isError || race.isError ? (
        <div className="classroom-tools-error" data-testid="classroom-tools-error">
          {t('barrage.loadFailed')}
          <Button
            size="mini"
            fill="none"
            color="primary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: barrageKeys.all(courseId) })}
          >
            {t('barrage.retry')}
          </Button>
        </div>
      ) : null}
      {!config.data || !race.data ? (
        config.isError || race.isError ? null : (
          <div className="classroom-tools-loading" aria-busy="true">
            {t('barrage.loading')}
          </div>
        )
      ) : canTeach ? (
        <TeacherTools courseId={courseId} config={config.data} race={race.data} />
      ) : (
        <StudentTools courseId={courseId} config={config.data} race={race.data} />
      )}
    </section>
  );
}

function RaceResult({ race, me }: { race: Race; me?: number }) {
  const { t } = useTranslation();
  if (race.status === 1) return null;
  return (
    <div className="race-result" data-testid="race-result" data-winner={race.winner?.uid ?? 0}>
      {race.winner
        ? race.winner.uid === me
          ? t('barrage.race.youWon')
          : t('barrage.race.winner', { name: race.winner.username })
        : t('barrage.race.noWinner')}
    </div>
  );
}

function TeacherTools({ courseId, config, race }: { courseId: number; config: BarrageConfig; race: CurrentRace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'switch' | 'race' | null>(null);
  const list = useQuery({ queryKey: barrageKeys.list(courseId), queryFn: () => barrageApi.list(courseId) });
  useSocketEvent('Barrage.new', (item: BarrageItem) => {
    if (item.courseid !== courseId) return;
    queryClient.setQueryData<BarrageList>(barrageKeys.list(courseId), (l) =>
      l && !l.list.some((m) => m.id === item.id) ? { ...l, list: [...l.list, item] } : l,
    );
  });
  useSocketEvent('Tools.racePress', (d: { raceid: number; courseid: number; entrants: number }) => {
    if (d.courseid !== courseId) return;
    queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), (c) =>
      c?.race?.raceid === d.raceid && c.race.status === 1
        ? { ...c, race: { ...c.race, entrants: Math.max(c.race.entrants, d.entrants) } }
        : c,
    );
  });
  useSocketEvent('Barrage.deleted', (d: { id: number }) =>
    queryClient.setQueryData<BarrageList>(barrageKeys.list(courseId), (l) =>
      l ? { ...l, list: l.list.filter((m) => m.id !== d.id) } : l,
    ),
  );

  const toggle = async (on: boolean) => {
    setBusy('switch');
    try {
      const answer = await barrageApi.setStatus(courseId, on);
      queryClient.setQueryData<BarrageConfig>(barrageKeys.config(courseId), (c) => (c ? { ...c, status: answer.status } : c));
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };
  const raceAction = async (action: 'startRace' | 'closeRace') => {
    setBusy('race');
    try {
      const r = await barrageApi[action](courseId);
      queryClient.setQueryData<CurrentRace>(barrageKeys.race(courseId), { race: r, joined: 0 });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(null);
    }
  };
  const remove = async (id: number) => {
    try {
      await barrageApi.remove(courseId, id);
      queryClient.setQueryData<BarrageList>(barrageKeys.list(courseId), (l) =>
        l ? { ...l, list: l.list.filter((m) => m.id !== id) } : l,
      );
    } catch (e) {
      showApiError(e);
    }
  };
  const open = race.race?.status === 1 ? race.race : undefined;
  const comments = [...(list.data?.list ?? [])].reverse().slice(0, 30);

  return (
    <>
      <div className="classroom-tools-row">
        <label className="classroom-tools-label" htmlFor="barrage-switch">
          {t('barrage.switch')}
        </label>
        <Switch
          checked={config.status === 1}
          loading={busy === 'switch'}
          onChange={(on) => void toggle(on)}
          aria-label={t('barrage.switch')}
          data-testid="barrage-switch"
        />
      </div>
      <div className="classroom-tools-row">
        {open ? (
          <>
            <span className="race-open" data-testid="race-open">
              {t('barrage.race.running', { n: open.entrants })}
            </span>
            <Button
              size="small"
              fill="outline"
              loading={busy === 'race'}
              onClick={() => void raceAction('closeRace')}
              data-testid="race-close"
            >
              {t('barrage.race.close')}
            </Button>
          </>
        ) : (
          <>
            {race.race ? <RaceResult race={race.race} /> : <span className="classroom-tools-hint">{t('barrage.race.hint')}</span>}
            <Button
              size="small"
              color="primary"
              loading={busy === 'race'}
              onClick={() => void raceAction('startRace')}
              data-testid="race-start"
            >
              {t('barrage.race.start')}
            </Button>
          </>
        )}
      </div>
      <div className="barrage-list-head">{t('barrage.list')}</div>
      {list.isPending ? (
        <div className="classroom-tools-loading" aria-busy="true">
          {t('barrage.loading')}
        </div>
      ) : list.isError ? (
        <div className="classroom-tools-error">{t('barrage.loadFailed')}</div>
      ) : comments.length === 0 ? (
        <div className="barrage-list-empty" data-testid="barrage-list-empty">
          {t('barrage.empty')}
        </div>
      ) : (
        <ul className="barrage-list" data-testid="barrage-list">
          {comments.map((m) => (
            <li key={m.id} className={m.vip ? 'is-vip' : undefined} data-testid="barrage-row">
              <span className="barrage-row-text">
                <b>{t('barrage.says', { name: m.username })}</b>
                {m.content}
              </span>
              <Button
                size="mini"
                fill="none"
                color="danger"
                onClick={() => void remove(m.id)}
                aria-label={t('barrage.delete')}
                {...testId('barrage-delete')}
              >
                {t('barrage.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function StudentTools({ courseId, config, race }: { courseId: number; config: BarrageConfig; race: CurrentRace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [vip, setVip] = useState(false);
  const [sending, setSending] = useState(false);
  const [pressing, setPressing] = useState(false);
  const grab = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const me = Number(useAuth((s) => s.user?.id ?? 0));

  const open = race.race?.status === 1 ? race.race : undefined;
  const vipLeft = config.vip.left;

  // spec 2 §8: entering the course while a race is open, the student is asked to go to class (one
  // started while the page is open shows its grab button at once: nothing to ask)
  const [openOnEntering] = useState(() => (race.race?.status === 1 && !race.joined ? race.race.raceid : 0));
  useEffect(() => {
    if (asked.current || !open || race.joined || open.raceid !== openOnEntering) return;
    asked.current = true;
    void Dialog.confirm({
      title: titleWithTestId(t('barrage.race.promptTitle'), 'race-prompt-dialog'),
      content: t('barrage.race.prompt'),
      confirmText: t('barrage.race.go'),
      cancelText: t('common.cancel'),
    }).then((go) => {
      if (go) grab.current?.scrollIntoView({ block: 'center' });
    });
  }, [open, race.joined, openOnEntering, t]);

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

  const press = async () => {
    if (!open) return;
    setPressing(true);
    await pressRace(queryClient, courseId, open.raceid, () => setPressing(false));
  };

  const send = async () => {
    const content = text.trim();
    if (!content) {
      Toast.show({ content: t('barrage.emptyText') });
      return;
    }
    setSending(true);
    try {
      await barrageApi.send(courseId, content, vip && vipLeft > 0);
      setText('');
      setVip(false);
      void queryClient.invalidateQueries({ queryKey: barrageKeys.config(courseId) });
    } catch (e) {
      showApiError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {config.status ? (
        <div className="barrage-compose">
          <div className="barrage-compose-row">
            <Input
              value={text}
              onChange={setText}
              maxLength={BARRAGE_MAX}
              placeholder={t('barrage.placeholder')}
              onEnterPress={() => void send()}
              aria-label={t('barrage.placeholder')}
              data-testid="barrage-input"
            />
            <Button size="small" color="primary" loading={sending} onClick={() => void send()} data-testid="barrage-send">
              {t('barrage.send')}
            </Button>
          </div>
          <Checkbox checked={vip} disabled={vipLeft === 0} onChange={setVip} data-testid="barrage-vip">
            <span className="barrage-vip-label">{t('barrage.vip')}</span>
          </Checkbox>
          <div className="classroom-tools-hint" data-testid="barrage-vip-left">
            {t('barrage.vipHint', { n: vipLeft, total: config.vip.total })}
            {' · '}
            {t('barrage.limitHint', { sent: config.sent, limit: config.limit })}
          </div>
        </div>
      ) : (
        <div className="classroom-tools-hint" data-testid="barrage-closed">
          {t('barrage.closedForStudents')}
        </div>
      )}
      <div className="race-area" ref={grab}>
        {open ? (
          race.joined ? (
            <div className="race-waiting" data-testid="race-waiting">
              {t('barrage.race.waiting')}
            </div>
          ) : (
            <>
              <div className="race-prompt">{t('barrage.race.started')}</div>
              <button
                type="button"
                className="race-grab"
                disabled={pressing}
                onClick={() => void press()}
                data-testid="race-grab"
              >
                {t('barrage.race.grab')}
              </button>
            </>
          )
        ) : race.race ? (
          <RaceResult race={race.race} me={me} />
        ) : (
          <div className="classroom-tools-hint">{t('barrage.race.none')}</div>
        )}
      </div>
    </>
  );
}
