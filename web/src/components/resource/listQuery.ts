import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { i18n } from '../../i18n';
import { resourceApi } from './api';
import { everyEnum } from './enums';
import { readListState, searchPayload } from './listState';
import { tableDisplayQuery } from './useTableDisplay';
import { resourcesGuardedBy, type Resource, type Row } from './types';

/** The address parameter naming the tab of a screen that holds several lists (`?tab=releases`), kept as the list
 *  changes page or filters. */
export const TAB = 'tab';

/**
 * The search a list page makes for its address: the list state, the request's body, whether the list is asked at
 * all (a list of named records waits for a name), and the query's key. One function for the page and for the
 * route that starts the search before the page draws, so both name the same query and it is asked once.
 */
export function listSearch<R extends Row>(resource: Resource<R>, params: URLSearchParams) {
  const state = readListState(params, resource.columns, resource.pageSize);
  const payload = { ...searchPayload({ ...state, sort: state.sort ?? resource.defaultSort }), ...resource.fixed };
  const asked = resource.searchable ? resource.searchable(state.filters) : true;
  return { state, payload, asked, queryKey: [resource.api, 'search', payload] as const };
}

/**
 * What a list screen asks before its first rows, started by its route as soon as its chunks have run, rather than
 * once the shell and the page have drawn: the search of the address, the table's saved display and every
 * enumeration (the cells' labels). The screen's resource is the one guarded by its menu identifier; a screen of
 * several lists (`?tab=`), or whose identifier guards none or several, starts only the enumerations.
 */
export function prefetchList(client: QueryClient, identifier: string, url: URL): void {
  void client.prefetchQuery(everyEnum(i18n.language));
  const guarded = resourcesGuardedBy(identifier);
  if (guarded.length !== 1 || url.searchParams.has(TAB)) return;
  const resource = guarded[0]!;
  void client.prefetchQuery(tableDisplayQuery(resource.name));
  const search = listSearch(resource, url.searchParams);
  if (!search.asked) return;
  const api = resourceApi(resource.api);
  // A refusal is not told here: the page, finding the query failed, asks again and shows its own call's refusal.
  void client.prefetchQuery({ queryKey: search.queryKey, queryFn: ({ signal }) => api.search(search.payload, signal, false) });
}

/**
 * The loader of a list screen's route: it starts the list's first calls once the screen's chunks have run, so they
 * are answered while the shell and the page draw, and returns at once. Once the page shows, it asks for itself
 * (another page, a filter), so the loader does not run again for the same screen.
 */
export function listRoute(client: QueryClient, identifier: string): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }) => {
      prefetchList(client, identifier, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
  };
}
