import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './config/chunkGroups.ts';

const apiTarget = process.env.OMP_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: {
      '/cms': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/cms': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
