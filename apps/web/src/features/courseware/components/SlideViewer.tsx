import { Button } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/translations';

export interface Slide {
  pageindex: number;
  url: string;
  /** the image's size in pixels, 0 when unknown */
  width: number;
  height: number;
}

/**
 * One slide at a time, as its page image: swipe left or right, or the buttons, with "page N / total"
 * between them. The parent owns the page (from 1), so a chart or a list can turn it too.
 */
export function SlideViewer({
  slides,
  page,
  onPage,
  badge,
}: {
  slides: Slide[];
  page: number;
  onPage: (page: number) => void;
  /** drawn over the slide's corner (the "don't understand" count or mark) */
  badge?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number } | null>(null);
  const total = slides.length;
  const slide = slides[page - 1];
  const go = (n: number) => {
    if (n >= 1 && n <= total && n !== page) onPage(n);
  };
  return (
    <div className="cw-viewer" data-testid="cw-viewer" data-page={page} data-total={total}>
      <div
        className="cw-slide"
        onTouchStart={(e) => {
          const touch = e.touches[0];
          start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const from = start.current;
          const touch = e.changedTouches[0];
          start.current = null;
          if (!from || !touch) return;
          const dx = touch.clientX - from.x;
          // a horizontal swipe of 40 px or more turns the page; a scroll does not
          if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(touch.clientY - from.y)) go(dx < 0 ? page + 1 : page - 1);
        }}
      >
        {slide ? (
          // its size, when known, holds the page's place while it loads: what is below does not move under a tap
          <img
            src={slide.url}
            width={slide.width || undefined}
            height={slide.height || undefined}
            alt={t('courseware.pageAlt', { page, total })}
            data-testid="cw-slide-image"
            draggable={false}
          />
        ) : null}
        {badge}
      </div>
      <div className="cw-pager">
        <Button size="small" shape="rounded" disabled={page <= 1} onClick={() => go(page - 1)} data-testid="cw-prev">
          <LeftOutline /> {t('courseware.prev')}
        </Button>
        <span className="cw-page-number" data-testid="cw-page-number">
          {t('courseware.pageOf', { page, total })}
        </span>
        <Button size="small" shape="rounded" disabled={page >= total} onClick={() => go(page + 1)} data-testid="cw-next">
          {t('courseware.next')} <RightOutline />
        </Button>
      </div>
    </div>
  );
}
