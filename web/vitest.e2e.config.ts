import { defineConfig } from 'vitest/config';

/** Browser tests: one file at a time, against one running console (see e2e/globalSetup.ts). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // A busy 2-core machine can take over a second to paint a change: polls wait as long as Playwright's own waits.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['verbose'],
  },
});
