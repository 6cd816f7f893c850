import { Navigate, useLocation } from 'react-router';

/** A page that is another page under a second address of the spec, keeping the query. */
export function aliasOf(path: string) {
  return function Alias() {
    const { search } = useLocation();
    return <Navigate to={`${path}${search}`} replace />;
  };
}
