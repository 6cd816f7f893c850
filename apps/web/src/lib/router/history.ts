/**
 * The address bar and its entries, behind a small interface so the router can run on a memory
 * history in tests. Each entry's history.state carries `{ usr, key, idx }` as react-router's did, so
 * `idx` tells whether there is an earlier page of the app to go back to (PageNavBar's hasInAppHistory).
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** what navigate(to, { state }) passed; null when none */
  state: unknown;
  /** unique per history entry: the scroll position is remembered under it */
  key: string;
}

/** How the current entry was reached: a new entry, a replaced one, or back/forward. */
export type Action = 'PUSH' | 'REPLACE' | 'POP';

export interface HistoryEntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface History {
  location(): Location;
  index(): number;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** called with the new location after back/forward */
  listen(onPop: () => void): () => void;
}

export const createKey = () => Math.random().toString(36).slice(2, 10);

export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

/** Splits `/a/b?x=1#h` (or a relative address, resolved against `from`) into its parts. */
export function parsePath(to: string, from = '/'): PathParts {
  const url = new URL(to, new URL(from, 'http://x'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const createPath = ({ pathname, search, hash }: PathParts) => `${pathname}${search}${hash}`;

/** The browser's own history: pushState/replaceState and popstate. */
export function createBrowserHistory(win: Window = window): History {
  const entry = () => (win.history.state ?? null) as Partial<HistoryEntryState> | null;
  // the first entry of this tab gets an index and key, so back from a later page is told apart
  if (typeof entry()?.idx !== 'number') {
    win.history.replaceState({ ...entry(), usr: entry()?.usr ?? null, key: entry()?.key ?? 'default', idx: 0 }, '');
  }
  return {
    location() {
      const state = entry();
      return {
        pathname: win.location.pathname,
        search: win.location.search,
        hash: win.location.hash,
        state: state?.usr ?? null,
        key: state?.key ?? 'default',
      };
    },
    index: () => entry()?.idx ?? 0,
    push(path, state) {
      const next: HistoryEntryState = { usr: state ?? null, key: createKey(), idx: (entry()?.idx ?? 0) + 1 };
      try {
        win.history.pushState(next, '', path);
      } catch {
        // too many entries or a state that cannot be stored (iOS limits): a full page load still gets there
        win.location.assign(path);
      }
    },
    replace(path, state) {
      const next: HistoryEntryState = { usr: state ?? null, key: createKey(), idx: entry()?.idx ?? 0 };
      win.history.replaceState(next, '', path);
    },
    go: (delta) => win.history.go(delta),
    listen(onPop) {
      const handler = () => onPop();
      win.addEventListener('popstate', handler);
      return () => win.removeEventListener('popstate', handler);
    },
  };
}

/** A history kept in memory (tests): back/forward report asynchronously as the browser does. */
export function createMemoryHistory(initial = '/'): History & { entries: Location[] } {
  const entries: Location[] = [{ ...parsePath(initial), state: null, key: 'default' }];
  let index = 0;
  const listeners = new Set<() => void>();
  return {
    entries,
    location: () => entries[index] as Location,
    index: () => index,
    push(path, state) {
      index += 1;
      entries.splice(index, entries.length - index, { ...parsePath(path), state: state ?? null, key: createKey() });
    },
    replace(path, state) {
      entries[index] = { ...parsePath(path), state: state ?? null, key: createKey() };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
