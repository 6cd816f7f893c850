import { INTERACT_EVENTS } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { interactKeys } from '../api';
import { useInteractEvents } from './useInteractEvents';

interface ReviewEvent {
  courseid?: number;
  stepid?: number;
}

/**
 * Keeps the answer-review pages live (decision 022): what `useInteractEvents` does, and the answers
 * shown to the class (`Interact.exhibit`, to the course) and marks (`Interact.mark`, to the author
 * and the staff) reread the pages' answers. A step's new answers reread its review at most once a
 * second, however fast they arrive.
 */
export function useReviewEvents(courseId: number) {
  const queryClient = useQueryClient();
  useInteractEvents(courseId);
  const mine = (e: ReviewEvent) => Number(e?.courseid) === courseId;
  const reread = () => {
    for (const part of ['review', 'answerDetail', 'exhibition', 'myResults'])
      void queryClient.invalidateQueries({ queryKey: [...interactKeys.all, part] });
  };
  useSocketEvent(INTERACT_EVENTS.exhibited, (e: ReviewEvent) => mine(e) && reread());
  useSocketEvent(INTERACT_EVENTS.marked, (e: ReviewEvent) => mine(e) && reread());

  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const waiting = useRef(new Set<number>());
  useEffect(() => () => clearTimeout(timer.current), []);
  useSocketEvent(INTERACT_EVENTS.answered, (e: ReviewEvent) => {
    if (!mine(e) || !e.stepid) return;
    waiting.current.add(Number(e.stepid));
    if (timer.current) return;
    const flush = () => {
      timer.current = undefined;
      last.current = Date.now();
      for (const stepid of waiting.current) {
        void queryClient.invalidateQueries({ queryKey: interactKeys.review(stepid) });
        void queryClient.invalidateQueries({ queryKey: interactKeys.exhibition(stepid) });
      }
      waiting.current.clear();
    };
    timer.current = setTimeout(flush, Math.max(0, last.current + 1000 - Date.now()));
  });
}
