import { useEffect, useState } from 'react';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The current time in epoch seconds, renewed every `everyMs`, for countdowns. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(nowSeconds()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
