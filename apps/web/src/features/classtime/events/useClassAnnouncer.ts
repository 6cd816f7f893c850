import { INTERACT_EVENTS } from '@paiclass/shared';
import { useEffect, useRef } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { useTranslation } from '../../../lib/translations';
import { clockText, secondsLeft } from '../../interact/hooks/useCountdown';
import type { Timer } from '../../speak/api';

/**
 * What a screen reader is told of the class as it happens (issue 25: live regions for a question and
 * a timer), handed to `say` for the page's own polite live region: a question opened, the class timer
 * started with its length, and the timer run out (by the server's clock, as the timer chip counts).
 * The race is said by the page that shows it (it knows who won).
 */
export function useClassAnnouncer(courseId: number, say: (text: string) => void) {
  const { t } = useTranslation();
  const up = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(up.current), []);
  useSocketEvent(INTERACT_EVENTS.started, (e: { courseid?: number } | null) => {
    if (Number(e?.courseid) === courseId) say(t('classEvents.questionOpened'));
  });
  useSocketEvent('Tools.timer', (d: Timer | null) => {
    if (!d || Number(d.courseid) !== courseId) return;
    clearTimeout(up.current);
    if (d.status !== 1) return;
    const left = secondsLeft(d.ends_at, d.now, Date.now(), Date.now());
    say(t('classEvents.timerStarted', { time: clockText(left) }));
    up.current = setTimeout(() => say(t('speak.timer.up')), left * 1000);
  });
}
