import { useEffect, useSyncExternalStore } from 'react';

/**
 * What a page shows of the class itself, so that the course-level layer (ClassEvents, decision 029)
 * does not show it a second time: the course home has its own grab button, bullet-comment strip and
 * timer; the class's slides have the timer in their bar; the live page its own way to the question
 * asked (decision 040). A page claims a kind while it is mounted;
 * the layer shows every kind no page claims.
 */
export type ClassEventKind = 'race' | 'barrage' | 'timer' | 'question';

const counts = new Map<ClassEventKind, number>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** The page shows `kind` itself while the component is mounted. */
export function useClaimClassEvent(kind: ClassEventKind, active = true) {
  useEffect(() => {
    if (!active) return;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    notify();
    return () => {
      counts.set(kind, (counts.get(kind) ?? 1) - 1);
      notify();
    };
  }, [kind, active]);
}

/** Whether a page shows `kind` itself. */
export function useClaimed(kind: ClassEventKind) {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => (counts.get(kind) ?? 0) > 0,
    () => false,
  );
}
