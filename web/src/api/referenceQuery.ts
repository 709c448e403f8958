import { api, type CallInit, type Data, type PathOf } from './client';

type Get = <P extends PathOf<'get'>>(path: P, init?: CallInit<P, 'get'>) => Promise<Data<P, 'get'>>;

/**
 * A list that many screens and fields share: an enumeration, a picker's options, the department tree.
 * One request serves them all: the query keeps its answer for `staleTime`, and it is not cancelled when the
 * screen that asked first goes away (a tab re-mounting its page, a field leaving a form), so the next one
 * finds the answer on its way instead of asking again.
 */
export function referenceQuery<P extends PathOf<'get'>>(
  queryKey: readonly unknown[],
  path: P,
  options: { params?: CallInit<P, 'get'>['params']; staleTime?: number } = {},
) {
  return {
    queryKey,
    // No AbortSignal on purpose: an aborted first request would make the next screen send a second one.
    queryFn: () => (api.get as Get)(path, { params: options.params }),
    staleTime: options.staleTime ?? 60_000,
  };
}
