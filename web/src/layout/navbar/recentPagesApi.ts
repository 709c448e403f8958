import { api } from '../../api/client';

/** SPEC §3: a recently visited page; `name` is the menu identifier, shown by its translated title. */
export interface RecentPage {
  name: string;
  accessURL: string;
  subscription: boolean;
}

/** SPEC §9: at most 5 subscribed pages. */
export const MAX_SUBSCRIBED = 5;
/** SPEC §7: subscription changes are saved 2 seconds after the last one. */
export const SUBSCRIBE_DEBOUNCE_MS = 2000;

type RawPage = Partial<RecentPage> & { subscribed?: boolean };

function normalize(raw: unknown): RecentPage[] {
  const list = Array.isArray(raw) ? raw : ((raw as { items?: unknown } | null)?.items ?? []);
  if (!Array.isArray(list)) return [];
  return (list as RawPage[])
    .filter((page) => typeof page?.name === 'string' && typeof page.accessURL === 'string')
    .map((page) => ({ name: page.name!, accessURL: page.accessURL!, subscription: Boolean(page.subscription ?? page.subscribed) }));
}

export const recentPagesQuery = {
  queryKey: ['history', 'list'] as const,
  queryFn: async () => normalize(await api.get('/cms/history/list', { notify: false })),
  staleTime: 60_000,
};

/** Reported on each visit; a failure here must never bother the user. */
export function recordVisit(name: string, accessURL: string): Promise<void> {
  return api.post('/cms/history/add', { body: { name, accessURL }, notify: false }).then(
    () => undefined,
    () => undefined,
  );
}

export function saveSubscriptions(pages: readonly Pick<RecentPage, 'name' | 'accessURL'>[]): Promise<unknown> {
  const subscriptionList = pages.slice(0, MAX_SUBSCRIBED).map(({ name, accessURL }) => ({ name, accessURL }));
  return api.post('/cms/history/subscription', { body: { subscriptionList } });
}
