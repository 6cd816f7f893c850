import { Button, NoticeBar } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { PageNavBar, useGoBack } from '../../../components/PageNavBar';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { CourseGate } from '../../courses/components/CourseGate';
import { LoadFailed } from '../../courses/components/NoPermission';
import { useCourseInfo } from '../../courses/hooks/useCourseInfo';
import { useCourseParam } from '../../courses/hooks/useCourseParam';
import type { CourseInfo } from '../../courses/types';
import { roleOf } from '../../notices/utils';
import { roomsPath } from '../api';
import { type Peer, type PeerState, useMeetingMesh } from '../mesh';
import '../meetings.css';

/**
 * /conference/room?courseId=&room=: one room of the built-in small meeting (decision 041), up to 8 people
 * in the browser: everyone's camera and microphone, a shared screen, mute, camera off, raise hand, leave.
 */
export default function MeetingRoomPage() {
  const { t } = useTranslation();
  const courseId = useCourseParam();
  const info = useCourseInfo(courseId);
  const [params] = useSearchParams();
  const room = Number(params.get('room'));
  const valid = Number.isInteger(room) && room >= 1 && room <= 9;
  const goBack = useGoBack(courseId ? roomsPath(courseId, 0) : undefined);
  const title = !valid
    ? t('meetings.rooms.title')
    : room === 1
      ? t('meetings.rooms.officeHours')
      : t('meetings.rooms.group', { n: room });
  return (
    <div className="page meetings-page meeting-room-page" data-testid="meeting-room-page">
      <PageNavBar title={title} onBack={goBack} />
      <CourseGate courseId={courseId} info={info}>
        {(course) => (valid ? <Room course={course} room={room} /> : <LoadFailed message={t('meetings.notFound')} />)}
      </CourseGate>
    </div>
  );
}

function Video({ stream, muted, testid }: { stream?: MediaStream; muted?: boolean; testid: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v || v.srcObject === (stream ?? null)) return;
    v.srcObject = stream ?? null;
    if (stream) void v.play().catch(() => {});
  });
  return <video ref={ref} autoPlay playsInline muted={muted} data-testid={testid} />;
}

function Badges({ state }: { state: PeerState }) {
  const { t } = useTranslation();
  return (
    <span className="meeting-badges">
      {state.hand ? (
        <span className="meeting-badge is-hand" data-testid="meeting-hand">
          {t('meetings.room.handUp')}
        </span>
      ) : null}
      {state.screen ? <span className="meeting-badge">{t('meetings.room.sharing')}</span> : null}
      {state.mic ? null : (
        <span className="meeting-badge" data-testid="meeting-muted">
          {t('meetings.room.muted')}
        </span>
      )}
    </span>
  );
}

function RemoteTile({ peer }: { peer: Peer }) {
  const { t } = useTranslation();
  return (
    <div
      className="meeting-tile"
      data-testid="meeting-peer"
      data-name={peer.name}
      data-connection={peer.connection}
      data-inbound-bytes={peer.bytes}
      data-hand={peer.state.hand}
      data-mic={peer.state.mic}
    >
      <Video stream={peer.stream} testid="meeting-peer-video" />
      {peer.state.cam || peer.state.screen ? null : <div className="meeting-tile-off">{peer.name.slice(0, 1)}</div>}
      <div className="meeting-tile-label">
        <span className="meeting-tile-name">{peer.name}</span>
        <Badges state={peer.state} />
        <span className="meeting-rate" data-testid="meeting-peer-rate">
          {peer.connection === 'connected' ? t('meetings.room.rate', { kbps: peer.kbps }) : t('meetings.room.connecting')}
        </span>
      </div>
    </div>
  );
}

function Room({ course, room }: { course: CourseInfo; room: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mesh = useMeetingMesh(course.id, room);
  const back = () => navigate(roomsPath(course.id, roleOf(course)));
  if (mesh.phase === 'refused')
    return (
      <div className="page-body" data-testid="meeting-refused">
        <LoadFailed message={mesh.refusal} />
        <Button block onClick={back}>
          {t('meetings.room.backToRooms')}
        </Button>
      </div>
    );
  if (mesh.phase === 'left')
    return (
      <div className="page-body meeting-left" data-testid="meeting-left">
        <p>{t('meetings.room.left')}</p>
        <Button block color="primary" onClick={mesh.rejoin} data-testid="meeting-rejoin">
          {t('meetings.room.rejoin')}
        </Button>
        <Button block onClick={back}>
          {t('meetings.room.backToRooms')}
        </Button>
      </div>
    );
  const count = mesh.peers.length + 1;
  return (
    <div className="page-body meeting-room" data-testid="meeting-room" data-phase={mesh.phase} data-count={count}>
      {mesh.deviceError ? (
        <NoticeBar wrap color="alert" data-testid="meeting-device-error" content={t('meetings.room.noDevices')} />
      ) : null}
      {mesh.phase === 'in' && !mesh.turn ? (
        <NoticeBar wrap color="info" data-testid="meeting-no-turn" content={t('meetings.room.noTurn')} />
      ) : null}
      <p className="meeting-count" data-testid="meeting-count">
        {mesh.phase === 'joining' ? t('meetings.room.joining') : t('meetings.room.count', { count })}
      </p>
      <div className={`meeting-grid is-${Math.min(count, 4)}`}>
        <div className="meeting-tile is-me" data-testid="meeting-me" data-hand={mesh.me.hand} data-mic={mesh.me.mic}>
          <Video stream={mesh.local} muted testid="meeting-me-video" />
          {mesh.me.cam || mesh.me.screen ? null : <div className="meeting-tile-off">{t('meetings.room.me')}</div>}
          <div className="meeting-tile-label">
            <span className="meeting-tile-name">{t('meetings.room.me')}</span>
            <Badges state={mesh.me} />
          </div>
        </div>
        {mesh.peers.map((p) => (
          <RemoteTile key={p.peerId} peer={p} />
        ))}
      </div>
      <div className="meeting-controls" role="toolbar" aria-label={t('meetings.room.controls')}>
        <Button size="small" data-testid="meeting-mic" aria-pressed={mesh.me.mic === 0} onClick={mesh.toggleMic}>
          {mesh.me.mic ? t('meetings.room.mute') : t('meetings.room.unmute')}
        </Button>
        <Button size="small" data-testid="meeting-cam" aria-pressed={mesh.me.cam === 0} onClick={mesh.toggleCam}>
          {mesh.me.cam ? t('meetings.room.camOff') : t('meetings.room.camOn')}
        </Button>
        <Button
          size="small"
          data-testid="meeting-screen"
          aria-pressed={mesh.me.screen === 1}
          disabled={!navigator.mediaDevices?.getDisplayMedia}
          onClick={() => void mesh.toggleScreen()}
        >
          {mesh.me.screen ? t('meetings.room.stopShare') : t('meetings.room.share')}
        </Button>
        <Button size="small" data-testid="meeting-hand-button" aria-pressed={mesh.me.hand === 1} onClick={mesh.toggleHand}>
          {mesh.me.hand ? t('meetings.room.handDown') : t('meetings.room.raiseHand')}
        </Button>
        <Button size="small" color="danger" data-testid="meeting-leave" onClick={mesh.leave}>
          {t('meetings.room.leave')}
        </Button>
      </div>
    </div>
  );
}
