import { Navigate, useLocation } from 'react-router';
import { hasToken } from '../api/token';
import { loginPath } from '../api/session';

/** A path no route knows: 404 for a signed-in user; a visitor signs in first and comes back here. */
export function CatchAll() {
  const { pathname, search, hash } = useLocation();
  if (!hasToken()) return <Navigate to={loginPath(`${pathname}${search}${hash}`)} replace />;
  return <Navigate to="/404" replace />;
}
