import { useTranslation } from '../../../lib/translations';
import { clockText, useCountdown } from '../../interact/hooks/useCountdown';
import type { Timer } from '../api';
import '../speak.css';

/** The class timer by the server's clock: the seconds left, "time's up" once run out, nothing when none runs. */
export function ClassTimer({ timer, receivedAt }: { timer: Timer; receivedAt: number }) {
  const { t } = useTranslation();
  const left = useCountdown({ state: timer.status, closes_at: timer.ends_at, now: timer.now }, receivedAt);
  if (timer.status !== 1 || left === null) return null;
  return (
    <span
      className={`class-timer${left === 0 ? ' is-up' : left <= 10 ? ' is-ending' : ''}`}
      role="timer"
      aria-live="off"
      data-testid="class-timer"
      data-seconds={left}
    >
      {left === 0 ? t('speak.timer.up') : t('speak.timer.left', { time: clockText(left) })}
    </span>
  );
}
