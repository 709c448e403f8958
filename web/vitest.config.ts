import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A busy machine runs everything several times slower; a limit is there to stop a hang, not to time a test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker threads start faster than child processes.
    pool: 'threads',
  },
});
