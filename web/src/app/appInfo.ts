import { api } from '../api/client';
import { useQuery } from '@tanstack/react-query';
import type { Data } from '../api/client';

export type AppInfo = Data<'/cms/info', 'get'>;

/** SPEC §9: the app title; the server's setting wins once /cms/info has answered. */
export const DEFAULT_APP_TITLE = 'GINEE-OMP';

/** Build information and the app title; asked once a page load, failures shown by whoever cares. */
export const appInfoQuery = {
  queryKey: ['system', 'info'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/cms/info', { signal, notify: false }),
  staleTime: Infinity,
};

export function useAppTitle(): string {
  const { data } = useQuery(appInfoQuery);
  return data?.appTitle || DEFAULT_APP_TITLE;
}

/** The browser tab: `<page> - <app title>`. */
export function documentTitle(appTitle: string, pageTitle?: string): string {
  return pageTitle ? `${pageTitle} - ${appTitle}` : appTitle;
}
