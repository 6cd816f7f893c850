import { INTERACT_EVENTS } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RECONNECTED, useClassroom, useSocketEvent } from '../../../lib/socket';
import { interactKeys } from '../api';

interface StepEvent {
  courseid?: number;
  interactid?: number;
  stepid?: number;
  answered?: number;
}

/**
 * Throttled rereading: the steps named are reread at once, then at most once per `ms` while answers
 * keep arriving (the last ones are always reread).
 */
function useThrottledReread(ms: number, reread: (steps: Map<number, number>) => void) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const waiting = useRef(new Map<number, number>());
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = () => {
    timer.current = undefined;
    last.current = Date.now();
    const steps = new Map(waiting.current);
    waiting.current.clear();
    reread(steps);
  };
  return (stepid: number, interactid: number) => {
    waiting.current.set(stepid, interactid);
    if (timer.current) return;
    const wait = last.current + ms - Date.now();
    if (wait <= 0) flush();
    else timer.current = setTimeout(flush, wait);
  };
}

/**
 * Keeps a course's interactive answers live: a step started, closed or revealed (to the course) reads
 * the lists, items and results again; the answer count pushed to the course's staff (`Interact.answered`)
 * rereads that step's result and its item, at most once a second however fast answers arrive.
 */
export function useInteractEvents(courseId: number, onStarted?: (e: StepEvent) => void) {
  const queryClient = useQueryClient();
  const reread = useThrottledReread(1000, (steps) => {
    for (const [stepid, interactid] of steps) {
      void queryClient.invalidateQueries({ queryKey: interactKeys.result(stepid) });
      if (interactid) void queryClient.invalidateQueries({ queryKey: interactKeys.item(interactid) });
    }
  });
  useClassroom(courseId);
  const mine = (e: StepEvent) => Number(e?.courseid) === courseId;
  const rereadAll = (e: StepEvent) => {
    if (!mine(e)) return;
    void queryClient.invalidateQueries({ queryKey: interactKeys.all });
  };
  useSocketEvent(INTERACT_EVENTS.started, (e: StepEvent) => {
    rereadAll(e);
    if (mine(e)) onStarted?.(e);
  });
  useSocketEvent(INTERACT_EVENTS.closed, rereadAll);
  useSocketEvent(INTERACT_EVENTS.revealed, rereadAll);
  useSocketEvent(INTERACT_EVENTS.answered, (e: StepEvent) => {
    if (!mine(e) || !e.stepid) return;
    reread(e.stepid, Number(e.interactid) || 0);
  });
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: interactKeys.all }));
}
