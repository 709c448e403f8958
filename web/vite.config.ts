import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './config/chunkGroups.ts';
import { planChunks, plannedGroups } from './config/chunkPlan.ts';
import { formProviderOnly } from './config/formProviderOnly.ts';

const apiTarget = process.env.OMP_API_URL ?? 'http://127.0.0.1:8000';
// What the console serves besides the web app, as in production: its API, and the Temporal Web UI, which the
// console proxies for holders of temporal#operate (docs/decisions/temporal-ui-proxy.md).
const consolePaths = {
  '/cms': { target: apiTarget, changeOrigin: true },
  '/temporal': { target: apiTarget, changeOrigin: true },
};

// What both builds share: the chunk plan's first build (config/chunkPlan.ts) and the real one.
const sourcePlugins = () => [react(), formProviderOnly()];

export default defineConfig(async ({ command }) => ({
  base: '/',
  plugins: [
    ...sourcePlugins(),
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
        // A build regroups the lazy chunks by who loads them (config/chunkPlan.ts); the dev server needs no plan.
        codeSplitting: { groups: command === 'build' ? plannedGroups(await planChunks(sourcePlugins())) : chunkGroups },
      },
    },
  },
}));
