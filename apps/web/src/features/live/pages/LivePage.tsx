import { CONTENT_TYPES, LIVE_EVENTS, LIVE_STATES } from '@paiclass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Input, List, Switch, Tag, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { titleWithTestId } from '../../../components/BodyTestId';
import EmptyBlock from '../../../components/EmptyBlock';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { showApiError } from '../../../lib/api';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useClassroom, useLiveRefetch } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { barrageApi } from '../../barrage/api';
import { BarrageLayer } from '../../barrage/components/BarrageLayer';
import { useClaimClassEvent } from '../../classtime/events/claims';
import { retryNetworkOnly } from '../../courses/api';
import { CourseGate, QueryFailed } from '../../courses/components/CourseGate';
import { hasAbility, useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { parseItemId, roleOf } from '../../notices/utils';
import { type LiveInfo, type LivePush, liveApi, liveKeys, livePath, shareLivePath, WATCH_REPORT_MS } from '../api';
import { BrowserBroadcast, canBroadcast } from '../components/BrowserBroadcast';
import { HlsPlayer } from '../components/HlsPlayer';
import { LiveClassPanel } from '../components/LiveClassPanel';
import { ReplayStage } from '../components/ReplayStage';
import '../live.css';

/**
 * /onlineLive?courseId=&courseRole=[&id=] (issue 26): without an id the course's lives and recorded
 * lessons, and a teacher starts a new live; with an id the live itself: waiting, on the air (the HLS
 * stream with the class's bullet comments flying over it and the viewer count), or ended and replayed
 * from its recording with its bullet comments in time; for the teacher, going live from this browser
 * (camera or screen), the push address for OBS, ending the live and the share link.
 */
export default function LivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const id = parseItemId(params.get('id'));
  const goBack = useGoBack(
    courseId ? (id ? livePath(courseId, Number(params.get('courseRole') ?? 0)) : `/courseHome?courseId=${courseId}`) : undefined,
  );
  return (
    <div className="page live-page" data-testid={id ? 'live-room-page' : 'live-list-page'}>
      <PageNavBar title={t(id ? 'live.roomTitle' : 'live.title')} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (id ? <LiveRoom course={course} id={id} /> : <LiveList course={course} />)}
      </CourseGate>
    </div>
  );
}

function LiveList({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = roleOf(course);
  const manager = hasAbility(course, 'manageContent');
  const [title, setTitle] = useState('');
  const list = useQuery({ queryKey: liveKeys.list(course.id), queryFn: () => liveApi.list(course.id), retry: retryNetworkOnly });
  const add = useMutation({
    mutationFn: () => liveApi.add(course.id, title),
    onSuccess: (live) => {
      setTitle('');
      void queryClient.invalidateQueries({ queryKey: liveKeys.list(course.id) });
      navigate(livePath(course.id, role, live.id));
    },
    onError: showApiError,
  });
  return (
    <div className="page-body">
      {manager ? (
        <form
          className="form-card live-new"
          data-testid="live-new"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <Input
            value={title}
            onChange={setTitle}
            placeholder={t('live.newTitle')}
            maxLength={100}
            aria-label={t('live.newTitle')}
            data-testid="live-new-title"
          />
          <Button type="submit" color="primary" size="small" loading={add.isPending} data-testid="live-new-submit">
            {t('live.new')}
          </Button>
        </form>
      ) : null}
      {list.isPending ? (
        <LoadingScreen text={t('common.loading')} />
      ) : list.isError ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyBlock description={t('live.empty')} />
      ) : (
        <List className="live-list" data-testid="live-list">
          {list.data.list.map((item) => (
            <List.Item
              key={item.id}
              onClick={() => navigate(livePath(course.id, role, item.id))}
              data-testid="live-item"
              extra={item.contenttype === CONTENT_TYPES.recorded ? <Tag fill="outline">{t('live.recorded')}</Tag> : null}
            >
              {item.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function LiveRoom({ course, id }: { course: CourseInfo; id: number }) {
  const { t } = useTranslation();
  const manager = hasAbility(course, 'manageContent');
  const student = Number(course.courseRole) === 0 && !manager;
  // the course's room carries the bullet comments (Barrage.new), as in the classroom; they fly over
  // the stream here, so the app-wide class-events layer does not show them again (decision 029)
  useClassroom(course.id);
  useClaimClassEvent('barrage');
  const info = useQuery({
    queryKey: liveKeys.info(course.id, id),
    queryFn: () => liveApi.info(course.id, id),
    retry: retryNetworkOnly,
    // the state (waiting, on the air, ended) and the viewers, every 5 s
    refetchInterval: 5000,
  });
  // the class on the stream (decision 040): a class begun or over, a topic raised, read at once
  const listening = useLiveRefetch(
    course.id,
    [LIVE_EVENTS.class, LIVE_EVENTS.topic, 'AttendClass.classBegin', 'AttendClass.classOver'],
    () => void info.refetch(),
    (d: { courseid?: number }) => Number(d?.courseid) === course.id,
  );
  const onAir = info.data?.liveState === LIVE_STATES.live;
  const replaying = !onAir && !!info.data?.replayUrl;
  const reporter = useWatchReport(course.id, id, student && (onAir || replaying));
  if (info.isPending) return <LoadingScreen text={t('common.loading')} />;
  if (info.isError) return <QueryFailed error={info.error} onRetry={() => void info.refetch()} />;
  const live = info.data;
  return (
    <div className="page-body live-room" data-live={listening ? 'on' : 'off'}>
      <h2 className="live-title" data-testid="live-title">
        {live.title}
      </h2>
      <div className="live-meta">
        <LiveStateTag state={live.liveState} />
        {replaying ? (
          <Tag color="success" fill="outline" data-testid="live-recorded">
            {t('live.recorded')}
          </Tag>
        ) : null}
        {onAir ? (
          <span className="live-viewers" data-testid="live-viewers" data-n={live.viewers}>
            {t('live.viewers', { n: live.viewers })}
          </span>
        ) : null}
      </div>
      <IngestNotice live={live} manager={manager} />
      <div className="live-stage" data-testid="live-stage">
        {onAir && live.playUrl ? (
          <>
            <HlsPlayer src={live.playUrl} onPlaying={reporter} />
            <BarrageLayer courseId={course.id} lanes={4} />
          </>
        ) : replaying ? (
          <ReplayStage src={live.replayUrl} courseId={course.id} id={id} onPlaying={reporter} />
        ) : (
          <div className="live-stage-note" data-testid="live-stage-note">
            {live.liveState === LIVE_STATES.ended ? t('live.ended') : t('live.waiting')}
          </div>
        )}
      </div>
      {replaying ? (
        <p className="live-push-tip" data-testid="live-replay-note">
          {t('live.replayNote', { t: clock(live.duration) })}
        </p>
      ) : null}
      {student && onAir ? <BarrageSend courseId={course.id} /> : null}
      <LiveClassPanel courseId={course.id} live={live} manager={manager} />
      {manager && onAir ? <EndLive courseId={course.id} id={id} onEnded={() => void info.refetch()} /> : null}
      {manager && live.ingest.browser ? (
        canBroadcast() ? (
          <BrowserBroadcast courseId={course.id} id={id} onChange={() => void info.refetch()} />
        ) : (
          <p className="live-push-tip" data-testid="live-browser-unsupported">
            {t('live.browser.unsupported')}
          </p>
        )
      ) : null}
      {manager ? <PushAddress courseId={course.id} id={id} ended={live.liveState === LIVE_STATES.ended} /> : null}
      {manager ? <ShareSwitch courseId={course.id} live={live} /> : null}
      {manager && live.statistics ? (
        <List header={t('live.statistics')} data-testid="live-stats">
          <List.Item extra={live.statistics.joinLiveCount}>{t('live.joinLiveCount')}</List.Item>
          <List.Item extra={live.statistics.noJoinVisitCount}>{t('live.noJoinVisitCount')}</List.Item>
          <List.Item extra={live.statistics.fullcount}>{t('live.fullcount')}</List.Item>
        </List>
      ) : null}
    </div>
  );
}

/** seconds as m:ss (h:mm:ss from an hour) */
const clock = (seconds: number) => {
  const s = Math.round(seconds);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
};

/** The teacher ends the live, after saying what follows: the students' stream stops, the recording stays. */
function EndLive({ courseId, id, onEnded }: { courseId: number; id: number; onEnded: () => void }) {
  const { t } = useTranslation();
  const end = useMutation({
    mutationFn: () => liveApi.end(courseId, id),
    onSuccess: () => {
      Toast.show({ content: t('live.endDone') });
      onEnded();
    },
    onError: showApiError,
  });
  return (
    <Button
      block
      color="danger"
      className="live-end"
      loading={end.isPending}
      data-testid="live-end"
      onClick={() =>
        void Dialog.confirm({
          title: titleWithTestId(t('live.endTitle'), 'live-end-dialog'),
          content: t('live.endText'),
          confirmText: t('live.end'),
          cancelText: t('common.cancel'),
        }).then((yes) => {
          if (yes) end.mutate();
        })
      }
    >
      {t('live.end')}
    </Button>
  );
}

/** The share link (`/ShareLive`): on, anyone with the link watches without login; off, the link is refused. */
function ShareSwitch({ courseId, live }: { courseId: number; live: LiveInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const set = useMutation({
    mutationFn: (on: boolean) => liveApi.share(courseId, live.id, on),
    onSuccess: (next) => queryClient.setQueryData(liveKeys.info(courseId, live.id), next),
    onError: showApiError,
  });
  const link = live.shareToken ? `${location.origin}${shareLivePath(live.shareToken)}` : '';
  const toggle = (on: boolean) => {
    if (on) return set.mutate(true);
    void Dialog.confirm({
      title: titleWithTestId(t('live.shareOffTitle'), 'live-share-off-dialog'),
      content: t('live.shareOffText'),
      confirmText: t('live.shareOff'),
      cancelText: t('common.cancel'),
    }).then((yes) => {
      if (yes) set.mutate(false);
    });
  };
  return (
    <div className="form-card live-share" data-testid="live-share">
      <div className="live-share-row">
        <span className="live-push-head" id="live-share-label">
          {t('live.share')}
        </span>
        <Switch
          checked={!!live.shareToken}
          loading={set.isPending}
          onChange={toggle}
          aria-labelledby="live-share-label"
          data-testid="live-share-switch"
        />
      </div>
      <p className="live-push-tip">{t(link ? 'live.shareOnTip' : 'live.shareTip')}</p>
      {link ? (
        <div className="live-share-link">
          <code data-testid="live-share-link">{link}</code>
          <Button
            size="mini"
            fill="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => Toast.show({ content: t('live.copied') }),
                () => {},
              )
            }
          >
            {t('live.copy')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function LiveStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const color = state === LIVE_STATES.live ? 'danger' : state === LIVE_STATES.ended ? 'default' : 'primary';
  return (
    <Tag color={color} fill="outline" data-testid="live-state" data-state={state}>
      {t(`live.state${state}`)}
    </Tag>
  );
}

/** What the server lacks for lives: the Debian packages to install, or nginx not running. */
function IngestNotice({ live, manager }: { live: LiveInfo; manager: boolean }) {
  const { t } = useTranslation();
  if (live.ingest.running && !live.ingest.missing.length) return null;
  return (
    <div className="live-ingest" role="status" data-testid="live-ingest-missing">
      {live.ingest.missing.length ? (
        <>
          <p>{t('live.ingestMissing', { packages: live.ingest.missing.join(', ') })}</p>
          {manager ? <code className="live-code">apt-get install -y {live.ingest.missing.join(' ')}</code> : null}
        </>
      ) : (
        <p>{t('live.ingestStopped')}</p>
      )}
    </div>
  );
}

/**
 * A playing student's watch log: 0 seconds when the stream first plays, then the seconds since the
 * last report every WATCH_REPORT_MS while on the air (and once more on leaving).
 */
function useWatchReport(courseId: number, id: number, active: boolean) {
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const send = (seconds: number) => void liveApi.watched(courseId, id, Math.min(300, seconds)).catch(() => {});
    const since = () => {
      const now = Date.now();
      const seconds = Math.round((now - last.current!) / 1000);
      last.current = now;
      return seconds;
    };
    const timer = setInterval(() => {
      if (last.current !== null) send(since());
    }, WATCH_REPORT_MS);
    return () => {
      clearInterval(timer);
      if (last.current !== null) send(since());
      last.current = null;
    };
  }, [active, courseId, id]);
  // the first picture played: joined (0 seconds); later plays after a stall are not a new join
  return () => {
    if (last.current !== null) return;
    last.current = Date.now();
    void liveApi.watched(courseId, id, 0).catch(() => {});
  };
}

function BarrageSend({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => barrageApi.send(courseId, text.trim(), false),
    onSuccess: () => {
      setText('');
      Toast.show({ content: t('live.barrageSent') });
    },
    onError: showApiError,
  });
  return (
    <form
      className="form-card live-barrage"
      data-testid="live-barrage"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) send.mutate();
      }}
    >
      <Input
        value={text}
        onChange={setText}
        maxLength={50}
        placeholder={t('live.barragePlaceholder')}
        aria-label={t('live.barragePlaceholder')}
        data-testid="live-barrage-input"
      />
      <Button
        type="submit"
        size="small"
        color="primary"
        loading={send.isPending}
        disabled={!text.trim()}
        data-testid="live-barrage-send"
      >
        {t('live.barrageSend')}
      </Button>
    </form>
  );
}

/** The teacher's push address for OBS or any RTMP encoder: the server and a signed key that expires. */
function PushAddress({ courseId, id, ended }: { courseId: number; id: number; ended: boolean }) {
  const { t } = useTranslation();
  const [push, setPush] = useState<LivePush | null>(null);
  const get = useMutation({ mutationFn: () => liveApi.pushUrl(courseId, id), onSuccess: setPush, onError: showApiError });
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => Toast.show({ content: t('live.copied') }),
      () => {},
    );
  return (
    <div className="form-card live-push" data-testid="live-push">
      <div className="live-push-head">{t('live.pushTitle')}</div>
      <p className="live-push-tip">{t(ended ? 'live.pushAgainTip' : 'live.pushTip')}</p>
      {push ? (
        <dl className="live-push-fields">
          <dt>{t('live.pushServer')}</dt>
          <dd>
            <code data-testid="live-push-server">{push.rtmp}</code>
            <Button size="mini" fill="outline" onClick={() => copy(push.rtmp)}>
              {t('live.copy')}
            </Button>
          </dd>
          <dt>{t('live.pushKey')}</dt>
          <dd>
            <code data-testid="live-push-key">{push.stream}</code>
            <Button size="mini" fill="outline" onClick={() => copy(push.stream)}>
              {t('live.copy')}
            </Button>
          </dd>
          <dt>{t('live.pushExpires')}</dt>
          <dd>{new Date(push.expires * 1000).toLocaleString()}</dd>
        </dl>
      ) : null}
      <Button
        block
        color="primary"
        fill="outline"
        loading={get.isPending}
        onClick={() => get.mutate()}
        data-testid="live-push-get"
      >
        {t(push ? 'live.pushRenew' : 'live.pushGet')}
      </Button>
    </div>
  );
}
