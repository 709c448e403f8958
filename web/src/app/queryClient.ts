import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already tell the user (a notification from the HTTP client), so they are not
 * retried behind the user's back, and a window regaining focus does not refetch everything.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
