import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The console's database, or '' when not known (OMP_E2E_URL without OMP_E2E_DATABASE_URL). */
    databaseUrl: string;
    /** The local SMTP sink's directory of received mails, or '' when not known (OMP_E2E_MAIL_DIR). */
    mailDir: string;
    /** The console's Temporal frontend (host:port) and namespace, or '' when not known (OMP_E2E_TEMPORAL). */
    temporal: string;
    namespace: string;
    /** The demo marketplace's URL, or '' when not known (OMP_E2E_MARKETPLACE_URL). */
    marketplaceUrl: string;
  }
}

/**
 * The console under test: OMP_E2E_URL when set (with OMP_E2E_DATABASE_URL, its database),
 * otherwise one started here with `python -m launcher --ephemeral` and stopped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.OMP_E2E_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/+$/, ''));
    project.provide('databaseUrl', process.env.OMP_E2E_DATABASE_URL ?? '');
    project.provide('mailDir', process.env.OMP_E2E_MAIL_DIR ?? '');
    project.provide('temporal', process.env.OMP_E2E_TEMPORAL ?? '');
    project.provide('namespace', process.env.OMP_E2E_NAMESPACE ?? 'default');
    project.provide('marketplaceUrl', process.env.OMP_E2E_MARKETPLACE_URL ?? '');
    return async () => undefined;
  }
  const stack = await startStack();
  project.provide('baseUrl', stack.url);
  project.provide('databaseUrl', stack.databaseUrl ?? '');
  project.provide('mailDir', stack.mailDir ?? '');
  project.provide('temporal', stack.temporal ?? '');
  project.provide('namespace', stack.namespace ?? 'default');
  project.provide('marketplaceUrl', stack.marketplaceUrl ?? '');
  return () => stack.stop();
}
