import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/PageLoading';

const UnauthorizedPage = lazy(() => import('./UnauthorizedPage'));

/** The 401 page where the shell needs it: loaded when first shown, so the shell does not carry Ant Design's Result. */
export function LazyUnauthorizedPage({ revoked = false }: { revoked?: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <UnauthorizedPage revoked={revoked} />
    </Suspense>
  );
}
