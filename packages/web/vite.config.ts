// SPDX-License-Identifier: Apache-2.0
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The SPA builds to `dist/` with relative asset URLs (`base: './'`): the console backend rewrites
 * `<base href>` in index.html, so the same bundle works at `/` and under an `/api/proxy/...` prefix
 * (spec 1 §2.1). `@/` is `src/` (features import shared code through it, see biome.json). Workspace packages resolve to their TypeScript source through the `source` condition.
 */
/** The console backend the dev server forwards `/api` and `/ws` to (`npm start` listens on 9090). */
const backend = process.env.STOWAGE_CONSOLE_URL ?? 'http://127.0.0.1:9090';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': `${import.meta.dirname}/src` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: { port: 4173 },
});
