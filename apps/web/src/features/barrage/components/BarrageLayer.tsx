import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { RECONNECTED, useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import type { BarrageItem } from '../api';
import '../barrage.css';

export interface BarrageLayerProps {
  /**
   * the course whose bullet comments fly (`Barrage.new` on its room). The host page keeps the course
   * open on the socket (`useClassroom`, as the course home's class-time bar does): the layer does not
   * open it itself, so that it never replaces the class time the page opened.
   */
  courseId: number;
  /** rows the comments fly in; default 4 */
  lanes?: number;
  /** how long a comment takes to cross the layer, in ms; default 8000 */
  durationMs?: number;
  /** comments to fly first (e.g. the newest few of `lists`), in order */
  initial?: BarrageItem[];
  /** at most this many comments on screen at once; more arriving meanwhile are not shown; default 30 */
  maxOnScreen?: number;
  className?: string;
  /** the writers' names before their comments; default true (the projector hides them until the teacher shows them) */
  names?: boolean;
  /** comments to fly now, each time the array changes (a recording's comments reaching their time) */
  feed?: BarrageItem[];
  /** false: only the feed flies, not the course's live comments (a recording); default true */
  socket?: boolean;
}

interface Flight {
  key: number;
  item: BarrageItem;
  lane: number;
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** how long a comment stays when motion is reduced (it does not move; it shows, then goes) */
const STILL_MS = 6000;

/**
 * Bullet comments flying right to left across its container (position the container `relative`; the
 * layer covers it and lets clicks through). Live: each `Barrage.new` of the course flies once; a
 * comment the teacher deletes leaves at once. With `prefers-reduced-motion` the comments do not move:
 * the newest three show at the bottom for a few seconds each. A VIP comment is drawn highlighted, in gold.
 */
export function BarrageLayer({
  courseId,
  lanes = 4,
  durationMs = 8000,
  initial,
  maxOnScreen = 30,
  className,
  names = true,
  feed,
  socket = true,
}: BarrageLayerProps) {
  const [flights, setFlights] = useState<Flight[]>([]);
  const [still] = useState(reducedMotion);
  const next = useRef(0);
  const laneFree = useRef<number[]>([]);

  const launch = (item: BarrageItem) => {
    if (item.courseid !== courseId) return;
    const now = Date.now();
    const free = laneFree.current;
    let lane = 0;
    for (let i = 0; i < lanes; i++) if ((free[i] ?? 0) < (free[lane] ?? 0)) lane = i;
    // the next comment in this lane starts once this one has moved clear of the right edge
    free[lane] = Math.max(now, free[lane] ?? 0) + durationMs / 4;
    setFlights((list) => {
      if (list.some((f) => f.item.id === item.id)) return list;
      const flight = { key: next.current++, item, lane };
      return still ? [...list, flight].slice(-3) : list.length >= maxOnScreen ? list : [...list, flight];
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial comments fly once, when the layer opens
  useEffect(() => {
    for (const item of initial ?? []) launch(item);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new feed flies once
  useEffect(() => {
    for (const item of feed ?? []) launch(item);
  }, [feed]);
  useSocketEvent('Barrage.new', (item: BarrageItem) => {
    if (socket) launch(item);
  });
  useSocketEvent('Barrage.deleted', (d: { id: number }) => setFlights((list) => list.filter((f) => f.item.id !== d.id)));
  useSocketEvent(RECONNECTED, () => setFlights([]));
  const land = useCallback((key: number) => setFlights((list) => list.filter((f) => f.key !== key)), []);

  return (
    <div
      className={`barrage-layer${still ? ' is-still' : ''}${className ? ` ${className}` : ''}`}
      data-testid="barrage-layer"
      aria-live="polite"
      style={{ ['--barrage-lanes' as string]: lanes }}
    >
      {flights.map((f) =>
        still ? (
          <StillComment key={f.key} flight={f} names={names} onDone={land} />
        ) : (
          <FlyingComment key={f.key} flight={f} names={names} durationMs={durationMs} onDone={land} />
        ),
      )}
    </div>
  );
}

function Text({ item, names }: { item: BarrageItem; names: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {names ? <span className="barrage-name">{t('barrage.says', { name: item.username })}</span> : null}
      {item.content}
    </>
  );
}

function FlyingComment({
  flight,
  names,
  durationMs,
  onDone,
}: {
  flight: Flight;
  names: boolean;
  durationMs: number;
  onDone: (key: number) => void;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.parentElement;
    if (!el || !box) return;
    const from = box.clientWidth;
    const to = -el.offsetWidth;
    // the same speed for every comment: a longer one takes longer to clear the edge
    const duration = (durationMs * (from - to)) / Math.max(from, 1);
    if (typeof el.animate !== 'function') {
      const timer = setTimeout(() => onDone(flight.key), duration);
      return () => clearTimeout(timer);
    }
    const animation = el.animate([{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }], {
      duration,
      easing: 'linear',
      fill: 'forwards',
    });
    animation.onfinish = () => onDone(flight.key);
    return () => animation.cancel();
  }, [flight.key, durationMs, onDone]);
  return (
    <span
      ref={ref}
      className={`barrage-flight${flight.item.vip ? ' is-vip' : ''}`}
      style={{ top: `calc(${flight.lane} * 100% / var(--barrage-lanes))` }}
      data-testid="barrage-flight"
      data-vip={flight.item.vip}
    >
      <Text item={flight.item} names={names} />
    </span>
  );
}

function StillComment({ flight, names, onDone }: { flight: Flight; names: boolean; onDone: (key: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(flight.key), STILL_MS);
    return () => clearTimeout(timer);
  }, [flight.key, onDone]);
  return (
    <span className={`barrage-still${flight.item.vip ? ' is-vip' : ''}`} data-testid="barrage-flight" data-vip={flight.item.vip}>
      <Text item={flight.item} names={names} />
    </span>
  );
}
