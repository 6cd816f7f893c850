import { barWidth, similarityTone } from '../utils';

/** A similarity as a coloured bar with its percent: red at or over the ceiling. */
export function SimilarityBar({ percent, ceiling, testid }: { percent: number; ceiling: number; testid?: string }) {
  const tone = similarityTone(percent, ceiling);
  return (
    <span className={`dup-bar is-${tone}`} data-testid={testid} data-tone={tone}>
      <span className="dup-bar-track" aria-hidden="true">
        <span className="dup-bar-fill" style={{ width: `${barWidth(percent)}%` }} />
        <span className="dup-bar-ceiling" style={{ left: `${Math.min(100, ceiling)}%` }} />
      </span>
      <span className="dup-bar-value">{percent}%</span>
    </span>
  );
}
