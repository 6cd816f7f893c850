import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translations';

/**
 * A live's HLS stream in a `<video>`: hls.js's light build (its own chunk, loaded only here) where Media Source
 * Extensions exist, the browser's own HLS (iOS Safari) otherwise. Starts muted so that phones let it
 * play at once; the controls unmute it. Two segments behind the live edge (about 4 s with nginx-rtmp's
 * 2 s segments). Network and media errors are retried, the playlist being rewritten every segment.
 */
export function HlsPlayer({
  src,
  onPlaying,
  onTime,
  live = true,
}: {
  src: string;
  onPlaying?: () => void;
  /**
   * the picture's position in seconds, as it plays (a recording's bullet comments follow it); `seeked`: the
   * viewer moved the picture since the last call (the player's own move to where a recording's picture
   * begins is not one)
   */
  onTime?: (seconds: number, seeked: boolean) => void;
  /** a live stream (the latency note, two segments behind the edge); false for a recording */
  live?: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'loading' | 'playing' | 'unsupported'>('loading');
  const [behind, setBehind] = useState<number | null>(null);
  const playing = useRef(onPlaying);
  playing.current = onPlaying;
  const timed = useRef(onTime);
  timed.current = onTime;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    // a new stream in the same player (the live's recording once it ends) starts from loading again: the
    // live's "playing" and its latency would otherwise stand for a replay that has not started
    setState('loading');
    setBehind(null);
    let stopped = false;
    let destroy = () => {};
    const onPlay = () => {
      setState('playing');
      playing.current?.();
    };
    el.addEventListener('playing', onPlay);
    // a seek since the last tick, told apart from the player's own move to a recording's first picture
    let seeked = false;
    let ownMove = false;
    const onSeeking = () => {
      if (ownMove) ownMove = false;
      else seeked = true;
    };
    el.addEventListener('seeking', onSeeking);
    const onTimeUpdate = () => {
      timed.current?.(el.currentTime, seeked);
      seeked = false;
    };
    el.addEventListener('timeupdate', onTimeUpdate);
    void import('hls.js/light').then(({ default: Hls }) => {
      if (stopped) return;
      if (Hls.isSupported()) {
        let hls: InstanceType<typeof Hls> | null = null;
        let retry: ReturnType<typeof setTimeout> | undefined;
        // the playlist may not be written yet when the live goes on the air (the first segment takes a
        // segment's time), or be gone for a moment on a republish: start over until it is there
        const start = () => {
          if (stopped) return;
          const h = new Hls(live ? { liveSyncDurationCount: 2 } : {});
          hls = h;
          h.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR) return h.recoverMediaError();
            h.destroy();
            retry = setTimeout(start, 2000);
          });
          h.on(Hls.Events.MANIFEST_PARSED, () => void el.play().catch(() => {}));
          // a recording's sound can begin seconds before its picture (the encoder's first keyframe lags the
          // microphone, more on a loaded server): the element then waits at 0 for a moment that holds both,
          // and hls.js jumps such a gap at the start only when it is under 2 s (seen: a replay standing at
          // 0:00 on a black picture). Start where both are.
          if (!live)
            h.on(Hls.Events.FRAG_BUFFERED, () => {
              if (el.buffered.length > 0 && el.currentTime < el.buffered.start(0)) {
                ownMove = true;
                el.currentTime = el.buffered.start(0);
              }
            });
          h.loadSource(src);
          h.attachMedia(el);
        };
        start();
        // how far behind the playlist's live edge the picture is, in seconds (hls.js's estimate), for
        // the latency note and its measurement (decision 0NN: add the ingest's own half a second)
        const latency = setInterval(() => {
          const l = hls?.latency ?? 0;
          if (Number.isFinite(l) && l > 0) setBehind(Math.round(l * 10) / 10);
        }, 2000);
        destroy = () => {
          clearInterval(latency);
          clearTimeout(retry);
          hls?.destroy();
        };
      } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
        let retry: ReturnType<typeof setTimeout> | undefined;
        const load = () => {
          el.src = src;
          void el.play().catch(() => {});
        };
        const onError = () => {
          retry = setTimeout(load, 2000);
        };
        el.addEventListener('error', onError);
        load();
        destroy = () => {
          clearTimeout(retry);
          el.removeEventListener('error', onError);
          el.removeAttribute('src');
        };
      } else {
        setState('unsupported');
      }
    });
    return () => {
      stopped = true;
      el.removeEventListener('playing', onPlay);
      el.removeEventListener('timeupdate', onTimeUpdate);
      el.removeEventListener('seeking', onSeeking);
      destroy();
    };
  }, [src, live]);

  return (
    <>
      <video
        ref={video}
        className="live-video"
        data-testid="live-video"
        data-state={state}
        data-kind={live ? 'live' : 'replay'}
        data-latency={behind ?? undefined}
        controls
        muted
        playsInline
        autoPlay
      />
      {state === 'loading' ? (
        <span className="live-video-note" data-testid="live-video-loading">
          {t('live.buffering')}
        </span>
      ) : state === 'unsupported' ? (
        <span className="live-video-note" data-testid="live-video-unsupported">
          {t('live.unsupported')}
        </span>
      ) : live && behind !== null && state === 'playing' ? (
        <span className="live-latency" data-testid="live-latency">
          {t('live.latency', { s: behind })}
        </span>
      ) : null}
    </>
  );
}
