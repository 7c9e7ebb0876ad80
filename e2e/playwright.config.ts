// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './support/env.js';

// One console + embedded store for the whole run, on a fresh data dir, started from the built app
// exactly as `npm start` runs it. Workers inherit the data dir through the environment; the process
// that made it removes it when the run ends (the console was stopped before).
if (!process.env.STOWAGE_E2E_DATA) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stowage-e2e-'));
  process.env.STOWAGE_E2E_DATA = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
}

export default defineConfig({
  testDir: 'journeys',
  // External systems (PostgreSQL, Prometheus, …) start once per run, on first use: test-services/.
  globalSetup: '../test-services/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E.consoleUrl,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node packages/console/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${E2E.consoleUrl}/api/v1/login`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      CONSOLE_PORT: String(E2E.consolePort),
      STOWAGE_S3_PORT: String(E2E.s3Port),
      CONSOLE_HOST: '127.0.0.1',
      STOWAGE_DATA_DIR: process.env.STOWAGE_E2E_DATA,
      STOWAGE_DRIVES: '4',
      MINIO_ROOT_USER: E2E.rootUser,
      MINIO_ROOT_PASSWORD: E2E.rootPassword,
    },
  },
});
