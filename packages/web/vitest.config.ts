// SPDX-License-Identifier: Apache-2.0
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's logic (API client, routing rules, formatters) in Node; the screens
 * themselves are verified by the browser journeys in e2e/. Run: `npx vitest run -c packages/web/vitest.config.ts`.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': `${import.meta.dirname}/src` },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test/browser-globals.ts'],
  },
});
