// SPDX-License-Identifier: Apache-2.0
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package run in Node and import workspace packages from source.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'bench/src/**/*.test.ts', 'test-services/**/*.test.ts'],
    // External systems (PostgreSQL, Prometheus, …) start once per run, on first use: test-services/.
    globalSetup: ['test-services/global-setup.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'packages/web/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
