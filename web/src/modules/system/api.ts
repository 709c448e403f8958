import { api, type Data } from '../../api/client';

export type HealthData = Data<'/cms/health', 'get'>;
export type ComponentHealth = NonNullable<NonNullable<HealthData['components']>[string]>;
export type ProcessHealth = NonNullable<NonNullable<HealthData['processes']>[string]>;

/**
 * The health check answers 503 with the same envelope when a component is down: that is an
 * answer to show, not a failure to notify. Failures are shown on the page instead.
 */
export const healthQuery = {
  queryKey: ['system', 'health'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get('/cms/health', { signal, acceptStatus: [503], notify: false }),
  refetchInterval: 15_000,
};
