import { useTranslation } from '../../../lib/translations';
import type { AttenceType } from '../types';
import { ATTENCE_STATES, countOf, stateLabel } from '../utils';

/**
 * Counts by status (spec 2 §4) as a bar chart: one bar per status with its number, the longest
 * bar the largest count. Plain SVG-free boxes: it reads at 375 px and in both languages. "Waiting"
 * (100) is a row only while the attendance is open (`waiting`): once ended, nobody is left waiting.
 */
export function StatsChart({
  counts,
  waiting = false,
  type,
  testid = 'att-chart',
}: {
  counts: Record<string, number | string>;
  waiting?: boolean;
  type?: AttenceType;
  testid?: string;
}) {
  const { t } = useTranslation();
  const values = ATTENCE_STATES.filter((s) => waiting || s !== 100).map((s) => ({ state: s, n: countOf(counts, s) }));
  const max = Math.max(1, ...values.map((v) => v.n));
  const total = values.reduce((sum, v) => sum + v.n, 0);
  return (
    <div className="att-chart" role="img" aria-label={t('attendance.stats.chart')} data-testid={testid}>
      {values.map((v) => (
        <div className="att-chart-row" key={v.state} data-testid="att-chart-row" data-state={v.state} data-count={v.n}>
          <span className="att-chart-label">{stateLabel(t, v.state, type)}</span>
          <span className="att-chart-track">
            <span className={`att-chart-bar att-bar-${v.state}`} style={{ width: `${(v.n / max) * 100}%` }} />
          </span>
          <span className="att-chart-n">
            {v.n}
            {total ? <span className="muted small"> {Math.round((v.n / total) * 100)}%</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}
