import {
  COURSEWARE_COMMENT_EVENT,
  COURSEWARE_DOUBT_EVENT,
  type CoursewareCommentEvent,
  INTERACT_EVENTS,
  type ManageSlides,
  REMOTE_COMMANDS,
} from '@paiclass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Switch, Tag, Toast } from 'antd-mobile';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { confirmDialog } from '../../../components/dialogs';
import { useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { Link } from '../../../lib/router';
import { classroomSocket, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import type { Race } from '../../barrage/api';
import { BarrageLayer } from '../../barrage/components/BarrageLayer';
import { courseHomePath } from '../../courses/utils';
import { coursewareApi } from '../../courseware/api';
import { interactApi, interactKeys } from '../../interact/api';
import { useReviewEvents } from '../../interact/hooks/useReviewEvents';
import { interactPaths } from '../../interact/paths';
import { ClassTimerBadge } from '../../speak/components/ClassTimerBadge';
import { type Presentation, presentingApi, presentingKeys } from '../api';
import { useClassAnnouncer } from '../events/useClassAnnouncer';
import { inClassPaths } from '../paths';
import { AttendanceWall, RaceWall, StepWall } from './ProjectorWalls';
import { keyAction } from './projectorKeys';
import { SlideStage } from './SlideStage';
import '../../attendance/attendance.css';
import '../projector.css';
import '../../interact/interact.css';

/** the controls hide after this long without the mouse moving */
export const CHROME_IDLE_MS = 3000;
/** digits typed for "go to page" are forgotten after this long without Enter */
const TYPED_MS = 4000;

/**
 * How many students marked the page "don't understand", and its comments: read as the page turns, and
 * again when a student marks or unmarks one (`Courseware.doubt`, pushed to the course's staff); a
 * comment written meanwhile (`Courseware.comment`, decision 025) shows at once with its count.
 */
function usePageCounts(interactid: number, page: number) {
  const queryClient = useQueryClient();
  const key = ['presenting', 'doubts', interactid, page];
  const per = useQuery({ queryKey: key, queryFn: () => coursewareApi.manageSlides(interactid) });
  const [newest, setNewest] = useState<Record<number, CoursewareCommentEvent['comment']>>({});
  useSocketEvent(COURSEWARE_DOUBT_EVENT, (data: { interactid?: number }) => {
    if (Number(data?.interactid) === interactid)
      void queryClient.invalidateQueries({ queryKey: ['presenting', 'doubts', interactid] });
  });
  useSocketEvent(COURSEWARE_COMMENT_EVENT, (data: CoursewareCommentEvent) => {
    if (Number(data?.interactid) !== interactid) return;
    setNewest((was) => ({ ...was, [data.pageindex]: data.comment }));
    queryClient.setQueriesData<ManageSlides>({ queryKey: ['presenting', 'doubts', interactid] }, (old) =>
      old
        ? { ...old, pages: old.pages.map((x) => (x.pageindex === data.pageindex ? { ...x, comments: data.comments } : x)) }
        : old,
    );
  });
  const counts = per.data?.pages.find((x) => x.pageindex === page);
  return { doubts: counts?.doubts ?? 0, comments: counts?.comments ?? 0, newest: newest[page] };
}

/**
 * The question placed on the screen's page, if any (the first): it opens when the page is reached,
 * and the screen links to its live answers. Read again when a step starts (`useReviewEvents`).
 */
function usePageQuestion(p: Presentation) {
  const placed = useQuery({
    queryKey: interactKeys.slides(p.interactid),
    queryFn: () => interactApi.slideQuestions(p.interactid),
  });
  return placed.data?.pages.find((x) => x.pageindex === p.page)?.steps[0];
}

/** true while `document.fullscreenElement` is set, kept by `fullscreenchange` */
function useNativeFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const change = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);
  return on;
}

/** The controls show on mouse movement and hide after `CHROME_IDLE_MS` without it. */
function useIdleChrome() {
  const [shown, setShown] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wake = useCallback(() => {
    setShown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(false), CHROME_IDLE_MS);
  }, []);
  useEffect(() => {
    wake();
    window.addEventListener('mousemove', wake);
    window.addEventListener('pointerdown', wake);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('mousemove', wake);
      window.removeEventListener('pointerdown', wake);
    };
  }, [wake]);
  return shown;
}

/**
 * The room the class timer takes in its corner, in pixels (0 × 0 while none runs), measured as it is
 * drawn: its words differ by language ("计时 4:59", "Timer 4:59", "Time's up") and its size by the screen.
 */
function useTimerRoom() {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const { width, height } = box.getBoundingClientRect();
      setRoom((was) =>
        was.width === Math.ceil(width) && was.height === Math.ceil(height)
          ? was
          : { width: Math.ceil(width), height: Math.ceil(height) },
      );
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, room };
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The classroom screen for a projector (issue 25, decision 022): the slide fills the screen, the
 * controls hide themselves, a clicker's keys turn the pages, and what the class should see — a
 * question with its countdown and answered count, the reveal's chart, a race and its winner, the
 * bullet comments — is drawn large on the wall. Students' names stay off the wall unless the
 * teacher switches them on. Still turned from the phone's remote controller as well.
 */
export function ProjectorScreen({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const goBack = useGoBack(courseHomePath(p.courseid, 1));
  const [remoteOpen, setRemoteOpen] = useState(false);
  const [black, setBlack] = useState(false);
  const [names, setNames] = useState(false);
  const [typed, setTyped] = useState('');
  const [ownFull, setOwnFull] = useState(false);
  const nativeFull = useNativeFullscreen();
  const chrome = useIdleChrome();
  const timerRoom = useTimerRoom();
  const counts = usePageCounts(p.interactid, p.page);
  const question = usePageQuestion(p);
  const [stepid, setStepid] = useState(0);
  const key = presentingKeys.current(p.courseid);
  // what the wall shows, said to a screen reader (issue 25): a question, the timer, the race and its
  // winner (a name only while the wall shows names)
  const [said, setSaid] = useState('');
  useClassAnnouncer(p.courseid, setSaid);
  useSocketEvent('Tools.raceStart', (r: Race) => {
    if (r?.courseid === p.courseid) setSaid(t('barrage.race.started'));
  });
  useSocketEvent('Tools.raceResult', (r: Race) => {
    if (r?.courseid !== p.courseid) return;
    setSaid(
      !r.winner
        ? t('barrage.race.noWinner')
        : names
          ? t('barrage.race.winner', { name: r.winner.username })
          : t('projector.nameHidden'),
    );
  });
  // the latest page, for keys pressed faster than the page renders
  const shown = useRef(p);
  shown.current = p;

  useReviewEvents(p.courseid);
  // a question opened (here, on the teacher's phone, or by reaching its page) goes up on the wall
  useSocketEvent(INTERACT_EVENTS.started, (e: { courseid?: number; stepid?: number }) => {
    if (Number(e?.courseid) === p.courseid && e.stepid) setStepid(Number(e.stepid));
  });
  // the screen opened while the page's question takes answers: it is shown too
  const openOnPage = question?.state === 1 ? question.stepid : 0;
  useEffect(() => {
    if (openOnPage) setStepid((was) => was || openOnPage);
  }, [openOnPage]);

  /** to a page by the call (the buttons' fallback): shown at once, settled by the server's push or refusal */
  const go = async (to: number) => {
    const now = shown.current;
    if (to < 1 || to > now.total || to === now.page) return;
    queryClient.setQueryData<Presentation>(key, { ...now, page: to });
    try {
      await presentingApi.gotoPage(now.courseid, to);
    } catch (e) {
      showApiError(e);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  /**
   * One page on or back: the remote controller's socket commands (`ppt_next`, `ppt_pre`), so that the
   * server counts each press from the page it has — quick presses of a clicker never land on the same
   * page twice. Without a socket, the call.
   */
  const step = (by: 1 | -1) => {
    const now = shown.current;
    const to = now.page + by;
    if (to < 1 || to > now.total) return;
    if (classroomSocket.state === 'open') classroomSocket.send(by === 1 ? REMOTE_COMMANDS.next : REMOTE_COMMANDS.previous, {});
    else void go(to);
  };
  const jump = (to: number) => {
    const now = shown.current;
    if (to < 1 || to > now.total || to === now.page) return;
    if (classroomSocket.state === 'open') classroomSocket.send(REMOTE_COMMANDS.goto, { pageindex: to });
    else void go(to);
  };

  const toggleFull = async () => {
    if (document.fullscreenElement || ownFull) {
      setOwnFull(false);
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
      return;
    }
    try {
      await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    } catch {
      // refused (no user gesture, an embedding frame, a headless browser): the screen already covers
      // the window; the page keeps its own "full screen" so the teacher's key still toggles it
      setOwnFull(true);
    }
  };

  // the typed page number is forgotten after a while
  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => setTyped(''), TYPED_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || remoteOpen) return;
    const action = keyAction(e.key);
    if (!action || (action === 'go' && !typed)) return;
    // Esc is the browser's too (it leaves full screen): not taken from it
    if (action !== 'escape') e.preventDefault();
    if (action === 'next' || action === 'previous') {
      setBlack(false);
      return step(action === 'next' ? 1 : -1);
    }
    if (action === 'first') return jump(1);
    if (action === 'last') return jump(shown.current.total);
    if (action === 'go') {
      jump(Number(typed));
      return setTyped('');
    }
    if (action === 'black') return setBlack((b) => !b);
    if (action === 'fullscreen') return void toggleFull();
    if (action === 'escape') {
      // the browser leaves its full screen on Esc itself; a synthetic Esc (a clicker, a test) leaves it here
      setTyped('');
      setOwnFull(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      return;
    }
    setTyped((was) => (was + action.digit).replace(/^0+/, '').slice(0, 4));
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const stop = async () => {
    const { result } = confirmDialog({
      content: t('presenting.stopConfirm'),
      confirmText: t('presenting.stop'),
      testid: 'in-class-stop',
    });
    if (!(await result)) return;
    try {
      queryClient.setQueryData(key, await presentingApi.stop(p.courseid));
      Toast.show({ content: t('presenting.stopped') });
    } catch (e) {
      showApiError(e);
    }
  };
  const full = nativeFull ? 'native' : ownFull ? 'page' : 'off';
  // decision 029: students stay on the pages shown unless the teacher lets them page ahead
  const [pagingBusy, setPagingBusy] = useState(false);
  const setAhead = async (ahead: boolean) => {
    setPagingBusy(true);
    try {
      queryClient.setQueryData(key, await presentingApi.setPaging(p.courseid, ahead));
    } catch (e) {
      showApiError(e);
    } finally {
      setPagingBusy(false);
    }
  };

  return (
    <div
      className={`projector${chrome ? ' is-chrome' : ''}${timerRoom.room.width > 0 ? ' has-timer' : ''}`}
      // a wall opened while the timer runs keeps clear of it (projector.css)
      style={{ '--timer-width': `${timerRoom.room.width}px`, '--timer-height': `${timerRoom.room.height}px` } as CSSProperties}
      data-testid="in-class-screen"
      data-interactid={p.interactid}
      data-fullscreen={full}
      data-chrome={chrome ? 'shown' : 'hidden'}
      data-names={names ? 'shown' : 'hidden'}
    >
      <SlideStage className="projector-stage" pages={p.pages} page={p.page} onSwipe={step}>
        {/* the class's bullet comments fly over the slide, outlined so they read on a light slide */}
        <BarrageLayer courseId={p.courseid} lanes={6} names={names} className="is-projector" />
        {counts.doubts > 0 ? (
          <Tag color="warning" className="slide-doubts projector-chrome" data-testid="slide-doubts">
            {t('presenting.doubts', { count: counts.doubts })}
          </Tag>
        ) : null}
      </SlideStage>
      {counts.newest ? (
        <p className="projector-newest" data-testid="in-class-newest-comment">
          {names ? <strong>{counts.newest.username}</strong> : null}
          <span>{counts.newest.comment}</span>
          {counts.comments > 0 ? (
            <span className="projector-newest-count" data-testid="slide-comments" data-count={counts.comments}>
              {t('presenting.comments', { count: counts.comments })}
            </span>
          ) : null}
        </p>
      ) : counts.comments > 0 ? (
        <span className="projector-comments projector-chrome" data-testid="slide-comments" data-count={counts.comments}>
          {t('presenting.comments', { count: counts.comments })}
        </span>
      ) : null}
      {stepid ? <StepWall key={stepid} courseId={p.courseid} stepid={stepid} onClose={() => setStepid(0)} /> : null}
      {/* the class timer stays on the wall while it runs, the controls hidden or not */}
      <div className="projector-timer" ref={timerRoom.ref}>
        <ClassTimerBadge courseId={p.courseid} />
      </div>
      <RaceWall courseId={p.courseid} names={names} />
      <div className="sr-only" role="status" aria-live="polite" data-testid="projector-said">
        {said}
      </div>
      <AttendanceWall courseId={p.courseid} />
      {black ? <div className="projector-black" data-testid="projector-black" /> : null}
      {typed ? (
        <div className="projector-typed" data-testid="projector-typed">
          {t('projector.goTo', { page: typed })}
        </div>
      ) : null}

      <header className="projector-top projector-chrome">
        <h2 className="projector-title" data-testid="in-class-title">
          {p.title}
        </h2>
        <span className="projector-switch">
          <Switch checked={names} onChange={setNames} data-testid="projector-names" aria-label={t('projector.names')} />
          <span aria-hidden="true">{t('projector.names')}</span>
        </span>
        <span className="projector-switch">
          <Switch
            checked={p.ahead === 1}
            loading={pagingBusy}
            onChange={(on) => void setAhead(on)}
            data-testid="projector-ahead"
            aria-label={t('projector.ahead')}
          />
          <span aria-hidden="true">{t('projector.ahead')}</span>
        </span>
        {question ? (
          <Link
            to={interactPaths.detail(p.courseid, 1, question.itemid)}
            className="projector-link"
            data-testid="in-class-question"
            data-state={question.state}
          >
            {t(question.state === 0 ? 'presenting.questionWaiting' : 'presenting.questionOpened')}
          </Link>
        ) : null}
        <Link
          to={interactPaths.slides(p.courseid, p.interactid)}
          className="projector-link"
          data-testid="in-class-slide-questions"
        >
          {t('interact.slides.entry')}
        </Link>
        <Button size="small" onClick={() => setRemoteOpen(true)} data-testid="in-class-remote">
          {t('presenting.remote')}
        </Button>
        <Button size="small" onClick={() => void toggleFull()} data-testid="projector-fullscreen">
          {t(full === 'off' ? 'projector.fullscreen' : 'projector.leaveFullscreen')}
        </Button>
        <Button size="small" color="danger" onClick={() => void stop()} data-testid="in-class-stop">
          {t('presenting.stop')}
        </Button>
        <Button size="small" fill="none" className="projector-exit" onClick={goBack} data-testid="projector-exit">
          {t('projector.exit')}
        </Button>
      </header>
      <footer className="projector-bottom projector-chrome">
        <Button onClick={() => step(-1)} disabled={p.page <= 1} data-testid="in-class-prev">
          {t('presenting.previous')}
        </Button>
        <span className="projector-page-no" data-testid="in-class-page-no" data-page={p.page}>
          {t('presenting.pageOf', { page: p.page, total: p.total })}
        </span>
        <Button color="primary" onClick={() => step(1)} disabled={p.page >= p.total} data-testid="in-class-next">
          {t('presenting.next')}
        </Button>
        <span className="projector-keys">{t('projector.keys')}</span>
      </footer>
      <Popup visible={remoteOpen} onMaskClick={() => setRemoteOpen(false)} bodyClassName="in-class-remote-popup">
        <RemoteLink p={p} />
      </Popup>
    </div>
  );
}

/**
 * The remote controller's address for the teacher's phone: a QR code to scan, or the link itself,
 * printed in full (as the hint promises) with a copy button, to send to the phone or type there.
 */
function RemoteLink({ p }: { p: Presentation }) {
  const { t } = useTranslation();
  const path = inClassPaths.remote(p);
  const url = new URL(path, location.origin).toString();
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(url, { margin: 1, width: 480 }).then((src) => live && setQr(src)),
    );
    return () => {
      live = false;
    };
  }, [url]);
  const copy = async () => {
    const done = await copyText(url);
    Toast.show({ content: t(done ? 'presenting.remoteCopied' : 'presenting.remoteCopyFailed') });
  };
  return (
    <div className="in-class-remote" data-testid="in-class-remote-popup">
      <h3>{t('presenting.remoteTitle')}</h3>
      <p className="muted small">{t('presenting.remoteHint')}</p>
      {qr ? <img className="in-class-remote-qr" src={qr} alt={t('presenting.remoteQr')} /> : null}
      <p className="in-class-remote-url" data-testid="in-class-remote-url">
        {url}
      </p>
      <div className="in-class-remote-actions">
        <Button size="small" color="primary" onClick={() => void copy()} data-testid="in-class-remote-copy">
          {t('presenting.remoteCopy')}
        </Button>
        <Link to={path} className="in-class-remote-link" data-testid="in-class-remote-link">
          {t('presenting.remoteOpen')}
        </Link>
      </div>
    </div>
  );
}
