import { useEffect, useState } from 'react';

/** The time in epoch seconds, read again every `everyMs`: countdowns tick while nothing else changes. */
export function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
