import { Navigate, Outlet, useLocation } from 'react-router';
import { hasToken } from '../api/token';
import { loginPath } from '../api/session';

/** SPEC §2: any non-public route without a stored token goes to /login?redirect={full path}. */
export function RequireToken() {
  const { pathname, search, hash } = useLocation();
  if (!hasToken()) return <Navigate to={loginPath(`${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}
