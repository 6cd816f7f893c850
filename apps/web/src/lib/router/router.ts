import type { ReactNode } from 'react';
import { type Action, createBrowserHistory, createPath, type History, type Location, parsePath } from './history';

/**
 * The app's router (decision 009): the route table's static paths matched without regard to letter
 * case, nested layout routes rendered through <Outlet />, an error element per route. No loaders,
 * no params: pages read the query with useSearchParams and load their own data.
 */
export interface RouteObject {
  /** an absolute path, `/` or `*` (anything no other route takes); none for a layout route */
  path?: string;
  element?: ReactNode;
  /** shown instead of this route's element (and everything under it) when that throws while rendering */
  errorElement?: ReactNode;
  children?: RouteObject[];
}

export interface RouterState {
  location: Location;
  action: Action;
  /** the routes from the outermost layout down to the matched leaf; empty when nothing matches */
  matches: RouteObject[];
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly routes: RouteObject[];
  state(): RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** a path (absolute, or relative to the current one), or a number of entries to go back (-1) or forward */
  navigate(to: string | number, options?: NavigateOptions): void;
  /** the history index of the current entry (0 for the first page of this tab) */
  index(): number;
  dispose(): void;
}

const normalise = (path: string) => {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
};

/** The chain of routes that renders `pathname`: an exact path first, else a `*` route. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteObject[] {
  const wanted = normalise(pathname || '/');
  const find = (list: RouteObject[], wildcard: boolean): RouteObject[] | null => {
    for (const route of list) {
      if (route.children?.length) {
        const below = find(route.children, wildcard);
        if (below) return [route, ...below];
      } else if (route.path !== undefined) {
        if (wildcard ? route.path === '*' : route.path !== '*' && normalise(route.path) === wanted) return [route];
      }
    }
    return null;
  };
  return find(routes, false) ?? find(routes, true) ?? [];
}

export function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const stateFor = (action: Action): RouterState => {
    const location = history.location();
    return { location, action, matches: matchRoutes(routes, location.pathname) };
  };
  let current = stateFor('POP');
  const update = (action: Action) => {
    current = stateFor(action);
    for (const listener of listeners) listener(current);
  };
  const unlisten = history.listen(() => update('POP'));
  return {
    routes,
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = createPath(parsePath(to, current.location.pathname));
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
      update(options.replace ? 'REPLACE' : 'PUSH');
    },
    index: () => history.index(),
    dispose() {
      unlisten();
      listeners.clear();
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}
