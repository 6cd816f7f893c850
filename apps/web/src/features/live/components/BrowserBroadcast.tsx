import { LIVE_PUSH_CHUNK_MAX, LIVE_PUSH_CLOSE, LIVE_PUSH_SOCKET_PATH } from '@paiclass/shared';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { showApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/translations';
import { liveApi } from '../api';

type Source = 'camera' | 'screen';
type Phase = 'idle' | 'starting' | 'live' | 'error';

/** The WebM flavours MediaRecorder may make, the first the browser has (Chromium and Firefox: VP8 and Opus). */
const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm;codecs=vp9,opus', 'video/webm'];
/** how often MediaRecorder hands over a chunk: shorter is less delay, more messages */
const TIMESLICE_MS = 500;

export const canBroadcast = () =>
  typeof window !== 'undefined' &&
  typeof MediaRecorder !== 'undefined' &&
  typeof WebSocket !== 'undefined' &&
  !!navigator.mediaDevices?.getUserMedia;

/** What the page captures: the camera and microphone, or the screen (with the microphone when the screen has no sound). */
async function capture(source: Source): Promise<MediaStream> {
  const devices = navigator.mediaDevices;
  if (source === 'camera') {
    return devices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
  }
  const screen = await devices.getDisplayMedia({ video: true, audio: true });
  if (!screen.getAudioTracks().length) {
    const mic = await devices.getUserMedia({ audio: true }).catch(() => null);
    for (const track of mic?.getAudioTracks() ?? []) screen.addTrack(track);
  }
  return screen;
}

/**
 * The teacher goes live from this browser, nothing to install (issue 26, decision 036): the camera or the
 * screen, previewed here, recorded by MediaRecorder as WebM and sent over the push socket with a fresh
 * stream key; the server packages it into the same HLS stream the students play. Stopping here (or the
 * teacher's "end the live", or the page going) closes the socket, and the live ends.
 */
export function BrowserBroadcast({ courseId, id, onChange }: { courseId: number; id: number; onChange: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [source, setSource] = useState<Source | null>(null);
  const [problem, setProblem] = useState('');
  const preview = useRef<HTMLVideoElement>(null);
  const session = useRef<{ stop(): void } | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // the page going ends the push
  useEffect(() => () => session.current?.stop(), []);

  const start = async (from: Source) => {
    if (session.current) return;
    setProblem('');
    setPhase('starting');
    setSource(from);
    let stream: MediaStream;
    try {
      stream = await capture(from);
    } catch (e) {
      setPhase('error');
      setProblem(t((e as DOMException)?.name === 'NotAllowedError' ? 'live.browser.denied' : 'live.browser.noDevice'));
      return;
    }
    let push: Awaited<ReturnType<typeof liveApi.pushUrl>>;
    try {
      push = await liveApi.pushUrl(courseId, id);
    } catch (e) {
      for (const track of stream.getTracks()) track.stop();
      setPhase('idle');
      showApiError(e);
      return;
    }
    if (preview.current) {
      preview.current.srcObject = stream;
      void preview.current.play().catch(() => {});
    }
    const mimeType = MIME_TYPES.find((m) => MediaRecorder.isTypeSupported(m));
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}${LIVE_PUSH_SOCKET_PATH}`);
    ws.binaryType = 'arraybuffer';
    let recorder: MediaRecorder | null = null;
    let stopping = false;
    // chunks are read in order, then sliced to the socket's message limit
    let queue = Promise.resolve();
    const stop = () => {
      if (stopping) return;
      stopping = true;
      session.current = null;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      for (const track of stream.getTracks()) track.stop();
      if (preview.current) preview.current.srcObject = null;
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000, 'stopped');
    };
    session.current = { stop };
    // the browser's own "stop sharing" button ends the screen track
    for (const track of stream.getVideoTracks()) track.addEventListener('ended', () => stop());
    ws.onopen = () => ws.send(JSON.stringify({ key: push.stream }));
    ws.onmessage = (e) => {
      if (recorder || typeof e.data !== 'string') return;
      recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 1_500_000, audioBitsPerSecond: 96_000 });
      recorder.ondataavailable = (ev) => {
        if (!ev.data.size) return;
        queue = queue.then(async () => {
          const buf = await ev.data.arrayBuffer();
          for (let i = 0; i < buf.byteLength && ws.readyState === WebSocket.OPEN; i += LIVE_PUSH_CHUNK_MAX) {
            ws.send(buf.slice(i, i + LIVE_PUSH_CHUNK_MAX));
          }
        });
      };
      recorder.start(TIMESLICE_MS);
      setPhase('live');
      changed.current();
    };
    ws.onclose = (e) => {
      const byUs = stopping;
      stop();
      changed.current();
      if (byUs || e.code === LIVE_PUSH_CLOSE.ended) {
        setPhase('idle');
        return;
      }
      setPhase('error');
      setProblem(
        t(
          e.code === LIVE_PUSH_CLOSE.busy
            ? 'live.browser.busy'
            : e.code === LIVE_PUSH_CLOSE.noIngest
              ? 'live.browser.noIngest'
              : e.code === LIVE_PUSH_CLOSE.tooMuch || e.code === 1009
                ? 'live.browser.tooMuch'
                : 'live.browser.dropped',
        ),
      );
    };
  };

  const busy = phase === 'starting' || phase === 'live';
  return (
    <div className="form-card live-browser" data-testid="live-browser" data-phase={phase}>
      <div className="live-push-head">{t('live.browser.title')}</div>
      <p className="live-push-tip">{t(phase === 'live' ? 'live.browser.onTip' : 'live.browser.tip')}</p>
      <video
        ref={preview}
        className="live-preview"
        data-testid="live-browser-preview"
        hidden={!busy}
        muted
        playsInline
        aria-label={t('live.browser.preview')}
      />
      {problem ? (
        <p className="live-browser-problem" role="alert" data-testid="live-browser-problem">
          {problem}
        </p>
      ) : null}
      {busy ? (
        <Button
          block
          color="danger"
          fill="outline"
          loading={phase === 'starting'}
          onClick={() => session.current?.stop()}
          data-testid="live-browser-stop"
        >
          {t(source === 'screen' ? 'live.browser.stopScreen' : 'live.browser.stopCamera')}
        </Button>
      ) : (
        <div className="live-browser-buttons">
          <Button color="primary" onClick={() => void start('camera')} data-testid="live-browser-camera">
            {t('live.browser.camera')}
          </Button>
          <Button
            color="primary"
            fill="outline"
            disabled={!navigator.mediaDevices?.getDisplayMedia}
            onClick={() => void start('screen')}
            data-testid="live-browser-screen"
          >
            {t('live.browser.screen')}
          </Button>
        </div>
      )}
    </div>
  );
}
