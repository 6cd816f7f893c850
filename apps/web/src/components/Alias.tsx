import { Navigate, useLocation } from '../lib/router';

/** A page that is another page under a second address of the spec: goes there, keeping the query. */
export function Alias({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}
