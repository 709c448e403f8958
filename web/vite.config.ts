import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './config/chunkGroups.ts';
import { formProviderOnly } from './config/formProviderOnly.ts';

const apiTarget = process.env.OMP_API_URL ?? 'http://127.0.0.1:8000';
// What the console serves besides the web app, as in production: its API, and the Temporal Web UI, which the
// console proxies for holders of temporal#operate (docs/decisions/temporal-ui-proxy.md).
const consolePaths = {
  '/cms': { target: apiTarget, changeOrigin: true },
  '/temporal': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    formProviderOnly(),
    // A brotli and a gzip twin beside each hashed asset, which the API serves to browsers that accept them
    // (api/static_assets.py): compressed once here, not on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json)$/, threshold: 1024 }),
  ],
  server: { proxy: consolePaths },
  preview: { proxy: consolePaths },
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
