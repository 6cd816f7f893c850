import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `closesAt` by the server's clock: `serverNow` was the server's time when it
 * answered, `receivedAt` this phone's time when the answer arrived, `phoneNow` this phone's time now.
 */
export function secondsLeft(closesAt: number, serverNow: number, receivedAt: number, phoneNow: number) {
  return Math.max(0, Math.ceil((closesAt - (phoneNow + serverNow - receivedAt)) / 1000));
}

/**
 * Seconds left of a step taking answers, by the SERVER's clock: the answer carried the server's `now`
 * and arrived at `receivedAt` by this phone's clock; their difference is the phone's offset, so a phone
 * set minutes wrong still counts down with the class. Calls `onEnd` once when the time is up.
 */
export function useCountdown(
  step: { state: number; closes_at: number; now: number } | undefined,
  receivedAt: number,
  onEnd?: () => void,
): number | null {
  const running = step?.state === 1 && step.closes_at > 0;
  const left = () => (step && running ? secondsLeft(step.closes_at, step.now, receivedAt, Date.now()) : null);
  const [seconds, setSeconds] = useState(left);
  const ended = useRef(false);
  const end = useRef(onEnd);
  end.current = onEnd;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts when the step's times or the reading change
  useEffect(() => {
    ended.current = false;
    setSeconds(left());
    if (!running) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0 && !ended.current) {
        ended.current = true;
        clearInterval(timer);
        // the server decides: a moment later, so that its clock has passed the close too
        setTimeout(() => end.current?.(), 400);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [running, step?.closes_at, step?.now, receivedAt]);
  return seconds;
}

/** "1:05", "0:09" */
export const clockText = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
