import {
  type AnchorHTMLAttributes,
  Component,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { createPath, type Location, parsePath } from './history';
import type { NavigateOptions, Router, RouterState } from './router';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** the routes still to render below the current one */
const OutletContext = createContext<RouterState['matches']>([]);
const ErrorContext = createContext<unknown>(undefined);

function useRouterContext(): [Router, RouterState] {
  const router = useContext(RouterContext);
  const state = useContext(StateContext);
  if (!router || !state) throw new Error('router hooks need a <RouterProvider>');
  return [router, state];
}

/** Renders the matched routes; a navigation is a transition, so a page still loading keeps the last one showing. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    setState(router.state());
    return router.subscribe((next) => startTransition(() => setState(next)));
  }, [router]);
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <RenderMatches matches={state.matches} location={state.location} />
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

function RenderMatches({ matches, location }: { matches: RouterState['matches']; location: Location }): ReactNode {
  const [route, ...rest] = matches;
  if (!route) return null;
  const element = <OutletContext.Provider value={rest}>{route.element ?? <Outlet />}</OutletContext.Provider>;
  if (route.errorElement === undefined) return element;
  return (
    <RouteErrorBoundary location={location} fallback={route.errorElement}>
      {element}
    </RouteErrorBoundary>
  );
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

/** A route's error element in place of what threw; another address gets a fresh try. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: undefined, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

/** The child route's element, inside a layout route. */
export function Outlet() {
  const matches = useContext(OutletContext);
  const state = useContext(StateContext);
  if (!state || matches.length === 0) return null;
  return <RenderMatches matches={matches} location={state.location} />;
}

export function useLocation(): Location {
  return useRouterContext()[1].location;
}

/** What a route's error element shows: the error its route threw. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** navigate('/path?x=1', { replace, state }) or navigate(-1); the same function on every render. */
export function useNavigate(): NavigateFunction {
  const [router] = useRouterContext();
  return useCallback((to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

export type SetSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/** The address's query, and a setter that goes to the same path with another query (a new entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [router, { location }] = useRouterContext();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const here = router.state().location;
      const value = typeof next === 'function' ? next(new URLSearchParams(here.search)) : next;
      const query = toSearchParams(value).toString();
      router.navigate(`${here.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, set];
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An anchor whose plain click navigates in the app; a modified click (new tab) is the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const [router, { location }] = useRouterContext();
  const href = createPath(parsePath(to, location.pathname));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.navigate(href, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

const SCROLL_KEY = 'scrollPositions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A new page opens at its top; back and forward return to where that entry was left, also after a
 * reload of the tab (the positions are kept in sessionStorage by entry key).
 */
export function ScrollRestoration() {
  const [, { location, action }] = useRouterContext();
  const [positions] = useState(readPositions);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
      } catch {
        // private mode without storage: positions last as long as the page
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  // the position of the page being left, remembered under its entry's key
  useLayoutEffect(() => {
    const key = location.key;
    return () => {
      positions[key] = window.scrollY;
    };
  }, [location.key, positions]);

  useLayoutEffect(() => {
    if (action === 'POP') {
      const y = positions[location.key];
      if (typeof y === 'number') {
        window.scrollTo(0, y);
        return;
      }
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location, action, positions]);

  return null;
}
