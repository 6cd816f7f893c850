import { type CSSProperties, type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Pixels from the window's top or bottom edge where a drag starts scrolling the page. */
const EDGE = 56;
/** The most pixels scrolled per frame near an edge. */
const SCROLL_STEP = 12;

interface Drag {
  pointerId: number;
  from: number;
  lo: number;
  hi: number;
  /** row tops and heights, relative to the list's top, measured when the drag started */
  tops: number[];
  heights: number[];
  /** the pointer's offset from the list's top when the drag started */
  startOffset: number;
  clientY: number;
  /** where the dragged row would drop now */
  to: number;
}

export interface DragView {
  /** the index of the dragged row, or null when nothing is dragged */
  from: number | null;
  /** where the dragged row would drop now */
  to: number | null;
}

/**
 * Drag-to-reorder for a vertical list, with pointer events (touch, pen and mouse alike): a handle's
 * pointerdown captures the pointer, the dragged row follows it and the rows it passes shift by its
 * height; on release `onMove(from, to)` commits the new order. A row moves only within
 * `range(index)` (e.g. pinned courses among pinned ones). The page scrolls near the window's edges.
 */
export function useDragSort({
  range,
  onMove,
}: {
  range: (index: number) => [number, number];
  onMove: (from: number, to: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const drag = useRef<Drag | null>(null);
  const frame = useRef(0);
  const [view, setView] = useState<{ from: number; to: number; dy: number; height: number } | null>(null);

  const rows = () => Array.from(listRef.current?.children ?? []) as HTMLElement[];

  /** the dragged row's shift and the drop index, from the pointer's current position */
  const place = useCallback((d: Drag) => {
    const listTop = listRef.current?.getBoundingClientRect().top ?? 0;
    const minDy = d.tops[d.lo]! - d.tops[d.from]!;
    const maxDy = d.tops[d.hi]! + d.heights[d.hi]! - (d.tops[d.from]! + d.heights[d.from]!);
    const dy = Math.min(maxDy, Math.max(minDy, d.clientY - listTop - d.startOffset));
    // the row drops past every neighbour whose middle its leading edge reached (rows may differ in height)
    const top = d.tops[d.from]! + dy;
    const bottom = top + d.heights[d.from]!;
    let to = d.from;
    for (let i = d.from - 1; i >= d.lo; i--) if (top <= d.tops[i]! + d.heights[i]! / 2) to = i;
    for (let i = d.from + 1; i <= d.hi; i++) if (bottom >= d.tops[i]! + d.heights[i]! / 2) to = i;
    d.to = to;
    setView({ from: d.from, to, dy, height: d.heights[d.from]! });
  }, []);

  const stopScrolling = () => {
    if (frame.current) cancelAnimationFrame(frame.current);
    frame.current = 0;
  };

  const autoScroll = useCallback(() => {
    frame.current = 0;
    const d = drag.current;
    if (!d) return;
    const y = d.clientY;
    const step =
      y < EDGE
        ? -Math.ceil(((EDGE - y) / EDGE) * SCROLL_STEP)
        : y > window.innerHeight - EDGE
          ? Math.ceil(((y - (window.innerHeight - EDGE)) / EDGE) * SCROLL_STEP)
          : 0;
    if (step === 0) return;
    const before = window.scrollY;
    window.scrollBy(0, step);
    if (window.scrollY !== before) place(d);
    frame.current = requestAnimationFrame(autoScroll);
  }, [place]);

  useEffect(
    () => () => {
      if (frame.current) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const finish = (commit: boolean) => {
    const d = drag.current;
    drag.current = null;
    stopScrolling();
    setView(null);
    if (commit && d && d.to !== d.from) onMove(d.from, d.to);
  };

  /** props for the handle of row `index` */
  const handleProps = (index: number) => ({
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (drag.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const list = listRef.current;
      if (!list) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      const listTop = list.getBoundingClientRect().top;
      const rects = rows().map((row) => row.getBoundingClientRect());
      const [lo, hi] = range(index);
      drag.current = {
        pointerId: e.pointerId,
        from: index,
        lo,
        hi,
        tops: rects.map((r) => r.top - listTop),
        heights: rects.map((r) => r.height),
        startOffset: e.clientY - listTop,
        clientY: e.clientY,
        to: index,
      };
      setView({ from: index, to: index, dy: 0, height: rects[index]?.height ?? 0 });
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== e.pointerId) return;
      e.preventDefault();
      d.clientY = e.clientY;
      place(d);
      if (!frame.current) frame.current = requestAnimationFrame(autoScroll);
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => {
      if (drag.current?.pointerId === e.pointerId) finish(true);
    },
    onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => {
      if (drag.current?.pointerId === e.pointerId) finish(false);
    },
    onLostPointerCapture: (e: ReactPointerEvent<HTMLElement>) => {
      if (drag.current?.pointerId === e.pointerId) finish(true);
    },
  });

  /** the style of row `index`: the dragged row follows the pointer, the rows it passed make room */
  const rowStyle = (index: number): CSSProperties | undefined => {
    if (!view) return undefined;
    const { from, to, dy, height } = view;
    if (index === from) return { transform: `translateY(${dy}px)`, position: 'relative', zIndex: 2 };
    let shift = 0;
    if (from < to && index > from && index <= to) shift = -height;
    if (to < from && index >= to && index < from) shift = height;
    return { transform: shift ? `translateY(${shift}px)` : undefined, transition: 'transform 150ms ease' };
  };

  const state: DragView = { from: view?.from ?? null, to: view?.to ?? null };
  return { listRef, handleProps, rowStyle, drag: state };
}
