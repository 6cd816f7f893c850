import { useTranslation } from '../../../lib/translations';

export interface PageCount {
  pageindex: number;
  doubts: number;
  comments: number;
}

/**
 * The teacher's chart: per page, a bar of "don't understand" marks and one of comments, drawn in CSS
 * (no charting library on this page). Tapping a page's row opens that page.
 */
export function PageBars({ pages, current, onPick }: { pages: PageCount[]; current: number; onPick: (page: number) => void }) {
  const { t } = useTranslation();
  const most = Math.max(1, ...pages.flatMap((p) => [p.doubts, p.comments]));
  const width = (n: number) => `${Math.round((n / most) * 100)}%`;
  return (
    <div className="cw-bars" data-testid="cw-bars">
      <div className="cw-bars-legend">
        <span className="cw-key is-doubt" /> {t('courseware.chart.doubts')}
        <span className="cw-key is-comment" /> {t('courseware.chart.comments')}
      </div>
      {pages.map((p) => (
        <button
          type="button"
          key={p.pageindex}
          className={`cw-bar-row${p.pageindex === current ? ' is-current' : ''}`}
          onClick={() => onPick(p.pageindex)}
          data-testid={`cw-bar-${p.pageindex}`}
          data-doubts={p.doubts}
          data-comments={p.comments}
          aria-label={t('courseware.chart.rowLabel', { page: p.pageindex, doubts: p.doubts, comments: p.comments })}
        >
          <span className="cw-bar-page">{t('courseware.chart.page', { page: p.pageindex })}</span>
          <span className="cw-bar-tracks">
            <span className="cw-bar-track">
              <span className="cw-bar is-doubt" style={{ width: width(p.doubts) }} />
              <span className="cw-bar-value">{p.doubts}</span>
            </span>
            <span className="cw-bar-track">
              <span className="cw-bar is-comment" style={{ width: width(p.comments) }} />
              <span className="cw-bar-value">{p.comments}</span>
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}
