import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The console under test: OMP_E2E_URL when set (the Makefile starts the stack itself),
 * otherwise one started here with `python -m launcher --ephemeral` and stopped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.OMP_E2E_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/+$/, ''));
    return async () => undefined;
  }
  const stack = await startStack();
  project.provide('baseUrl', stack.url);
  return () => stack.stop();
}
