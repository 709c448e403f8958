import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';

/**
 * Failed calls already tell the user (a notification from the HTTP client), so they are not
 * retried behind the user's back, and a window regaining focus does not refetch everything.
 * A refusal (403) may mean the user's permissions changed while the page was open: the session is read
 * again, so the menu, the buttons and a page whose screen was withdrawn follow at once.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => refusedBy(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => refusedBy(error, []) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  function refusedBy(error: unknown, key: readonly unknown[]): void {
    if (isApiError(error) && error.status === 403 && key[0] !== 'session') void client.invalidateQueries({ queryKey: ['session'] });
  }
  return client;
}
