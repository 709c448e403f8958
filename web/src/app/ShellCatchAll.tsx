import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '../components/PageLoading';
import { LazyUnauthorizedPage } from '../modules/errors/LazyUnauthorizedPage';
import { forbiddenPathsQuery, isForbiddenPath } from './access/forbiddenPaths';

/**
 * A signed-in user's address that is not in their menu: a screen they may not open shows the 401 page in
 * the shell, the address kept (SPEC §6: contact the administrator); any other goes to /404.
 */
export default function ShellCatchAll() {
  const { pathname } = useLocation();
  const { data, isPending } = useQuery(forbiddenPathsQuery);
  if (isPending) return <PageLoading />;
  if (data && isForbiddenPath(pathname, data)) return <LazyUnauthorizedPage />;
  return <Navigate to="/404" replace />;
}
