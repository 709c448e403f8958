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
    reporters: ['verbose'],
  },
});
