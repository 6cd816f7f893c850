import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translations';

/** a horizontal move at least this long (px) turns the page */
const SWIPE_PX = 40;

export interface SlideStageProps {
  pages: { pageindex: number; url: string }[];
  /** the page shown, from 1 */
  page: number;
  /** turns the page: +1 for a swipe to the left (the next), -1 to the right; absent: no swiping */
  onSwipe?: (by: 1 | -1) => void;
  /** what sits over the slide (the barrage, a "live" badge) */
  children?: React.ReactNode;
  /** another class on the stage (the projector's fills the screen) */
  className?: string;
  /** the last page that may be fetched ahead (a student held to the pages shown, decision 029); default all */
  last?: number;
}

/**
 * One slide as a picture, fitted into the stage: the pages are page images rendered on the server
 * (files/pages.ts), so every phone browser shows them. The pages either side are fetched ahead so
 * that a turn shows at once. Swipe left for the next page, right for the previous.
 */
export function SlideStage({ pages, page, onSwipe, children, className, last }: SlideStageProps) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number } | null>(null);
  const slide = pages[page - 1];

  useEffect(() => {
    // a page past `last` is not the student's to see yet (decision 029): the server would refuse it
    for (const near of [pages[page], pages[page - 2]])
      if (near && near.pageindex <= (last ?? pages.length)) new Image().src = near.url;
  }, [pages, page, last]);

  return (
    <div
      className={`slide-stage${className ? ` ${className}` : ''}`}
      data-testid="slide-stage"
      data-page={page}
      onTouchStart={(e) => {
        const p = e.touches[0];
        start.current = p ? { x: p.clientX, y: p.clientY } : null;
      }}
      onTouchEnd={(e) => {
        const from = start.current;
        const p = e.changedTouches[0];
        start.current = null;
        if (!from || !p || !onSwipe) return;
        const dx = p.clientX - from.x;
        if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(p.clientY - from.y)) onSwipe(dx < 0 ? 1 : -1);
      }}
    >
      {slide ? (
        <img
          className="slide-image"
          src={slide.url}
          alt={t('presenting.slideAlt', { page })}
          data-testid="slide-image"
          draggable={false}
        />
      ) : null}
      {children}
    </div>
  );
}
