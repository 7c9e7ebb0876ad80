// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { StartedService } from '../service.js';

/** Azurite's fixed development account (documented by Microsoft for the emulator; not a secret). */
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** What tests get: the blob endpoint (path-style, with the account) and the account's name and key. */
export interface AzuriteInfo {
  blobEndpoint: string;
  accountName: string;
  accountKey: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listening(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`azurite exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('azurite did not start listening within 10 s');
}

/**
 * Microsoft's Azure Storage emulator (npm `azurite`), blob service only, on a free port with its data in
 * the scratch folder. Runs under the same Node as the tests.
 */
export async function start(scratchDir: string): Promise<StartedService> {
  await mkdir(scratchDir, { recursive: true });
  const main = path.join(
    path.dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      scratchDir,
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
      '--disableTelemetry',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await listening(port, child);
  const info: AzuriteInfo = {
    blobEndpoint: `http://127.0.0.1:${port}/${ACCOUNT}`,
    accountName: ACCOUNT,
    accountKey: KEY,
  };
  return {
    info: { ...info },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
