import { SEND_CODE_COUNTDOWN_SECONDS } from '@paiclass/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * The send-code countdown (spec 1 §4: 60 s, the button disabled until zero). It counts to an end
 * time rather than ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(initialEndsAt = 0) {
  const [endsAt, setEndsAt] = useState(initialEndsAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number = SEND_CODE_COUNTDOWN_SECONDS) => {
    setNow(Date.now());
    setEndsAt(Date.now() + seconds * 1000);
  }, []);

  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, running: remaining > 0, start, endsAt };
}
