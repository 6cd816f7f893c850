export type { Location } from './history';
export {
  Link,
  type LinkProps,
  Navigate,
  type NavigateFunction,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  type SetSearchParams,
  useLocation,
  useNavigate,
  useRouteError,
  useSearchParams,
} from './react';
export { createBrowserRouter, createRouter, matchRoutes, type NavigateOptions, type RouteObject, type Router } from './router';
