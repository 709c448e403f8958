import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true, // a stubbed global (navigator, fetch) is put back after each test, passed or failed
    // A busy machine runs everything several times slower; a limit is there to stop a hang, not to time a test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker threads start faster than child processes.
    pool: 'threads',
    // One jsdom and one module graph a worker, shared by the files it runs: Ant Design, i18next and jsdom are
    // loaded and set up once instead of once a file (that set-up was two thirds of the suite's time). Each file
    // leaves the page as it found it (src/test/setup.ts: settle, closing, freshPage); no test mocks a module.
    isolate: false,
    // Both cores: the files are independent, and vitest would otherwise keep one core for itself.
    maxWorkers: 2,
  },
});
