import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from './history';
import { Link, Outlet, RouterProvider, useLocation, useSearchParams } from './react';
import { createRouter, matchRoutes, type RouteObject } from './router';

const table: RouteObject[] = [
  {
    element: 'root',
    errorElement: 'error',
    children: [
      { path: '/', element: 'home' },
      { element: 'shell', children: [{ path: '/ktpCourse', element: 'courses' }] },
      { path: '/login', element: 'login' },
      { path: '*', element: 'missing' },
    ],
  },
];

const leaf = (path: string) => matchRoutes(table, path).at(-1)?.element;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('matchRoutes', () => {
  it('matches a path without regard to letter case or a trailing slash, through its layouts', () => {
    expect(matchRoutes(table, '/KTPCOURSE/').map((route) => route.element)).toEqual(['root', 'shell', 'courses']);
    expect(leaf('/login')).toBe('login');
    expect(leaf('/')).toBe('home');
  });

  it('gives an unknown path to the * route, and nothing when there is none', () => {
    expect(leaf('/nowhere')).toBe('missing');
    expect(matchRoutes([{ path: '/a', element: 'a' }], '/b')).toEqual([]);
  });
});

describe('createRouter', () => {
  it('pushes, replaces with state, and goes back to the entry before', async () => {
    const history = createMemoryHistory('/login');
    const router = createRouter(table, history);
    const seen: string[] = [];
    router.subscribe((state) => seen.push(`${state.action} ${state.location.pathname}${state.location.search}`));

    router.navigate('/ktpCourse?tab=study');
    expect(router.index()).toBe(1);
    router.navigate('/login', { replace: true, state: { from: 'x' } });
    expect(router.index()).toBe(1);
    expect(router.state().location.state).toEqual({ from: 'x' });
    expect(history.entries).toHaveLength(2);

    router.navigate(-1);
    await settle();
    expect(router.state().location.pathname).toBe('/login');
    expect(router.state().action).toBe('POP');
    expect(router.index()).toBe(0);
    expect(seen).toEqual(['PUSH /ktpCourse?tab=study', 'REPLACE /login', 'POP /login']);
  });

  it('gives each entry its own key, so scroll positions are remembered per entry', () => {
    const router = createRouter(table, createMemoryHistory('/'));
    router.navigate('/login');
    const first = router.state().location.key;
    router.navigate('/login');
    expect(router.state().location.key).not.toBe(first);
  });

  it('resolves a relative address against the current path', () => {
    const router = createRouter(table, createMemoryHistory('/member/remove'));
    router.navigate('newTeam?x=1');
    expect(router.state().location.pathname).toBe('/member/newTeam');
    expect(router.state().location.search).toBe('?x=1');
  });

  it('drops its history listener when disposed', async () => {
    const history = createMemoryHistory('/');
    const router = createRouter(table, history);
    router.navigate('/login');
    router.dispose();
    history.go(-1);
    await settle();
    expect(router.state().location.pathname).toBe('/login');
  });
});

function Query() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return <span>{`${pathname}:${params.get('tab')}`}</span>;
}

describe('RouterProvider', () => {
  const routes: RouteObject[] = [
    {
      element: (
        <main>
          <Outlet />
        </main>
      ),
      children: [
        { path: '/ktpCourse', element: <Query /> },
        { path: '/login', element: <Link to="/register?x=1">go</Link> },
      ],
    },
  ];

  it('renders the layout with the matched page in its outlet, reading the query', () => {
    const router = createRouter(routes, createMemoryHistory('/ktpcourse?tab=study'));
    expect(renderToString(<RouterProvider router={router} />)).toBe('<main><span>/ktpcourse:study</span></main>');
  });

  it('renders a link as an anchor to the resolved address', () => {
    const router = createRouter(routes, createMemoryHistory('/login'));
    expect(renderToString(<RouterProvider router={router} />)).toBe('<main><a href="/register?x=1">go</a></main>');
  });

  it('renders nothing for an address no route takes', () => {
    const router = createRouter(routes, createMemoryHistory('/nowhere'));
    expect(renderToString(<RouterProvider router={router} />)).toBe('');
  });
});

describe('useSearchParams', () => {
  it('sets the query on the same path, replacing the entry when asked', () => {
    const history = createMemoryHistory('/ktpCourse?tab=study');
    const router = createRouter([{ path: '/ktpCourse', element: <Setter /> }], history);
    renderToString(<RouterProvider router={router} />);
    captured.set?.({ tab: 'teach', ids: ['1', '2'] }, { replace: true });
    expect(router.state().location.search).toBe('?tab=teach&ids=1&ids=2');
    expect(history.entries).toHaveLength(1);
    captured.set?.((prev) => {
      prev.delete('ids');
      return prev;
    });
    expect(router.state().location.search).toBe('?tab=teach');
    expect(history.entries).toHaveLength(2);
  });
});

const captured: { set?: ReturnType<typeof useSearchParams>[1] } = {};

function Setter() {
  captured.set = useSearchParams()[1];
  return null;
}
