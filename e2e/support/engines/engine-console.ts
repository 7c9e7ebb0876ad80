// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

const root = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 30_000;

/** The built console (`node packages/console/dist/main.js`, as `npm start` runs it) in front of an S3 server. */
export interface EngineConsole {
  url: string;
  close(): Promise<void>;
}

/** The environment of the test run minus the variables that configure the journeys' own console. */
function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(CONSOLE_|MINIO_|STOWAGE_)/.test(k)),
  );
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the console on a free port with `CONSOLE_MINIO_SERVER=<endpoint>` — the way a user points it at
 * their own server — plus `extraEnv` (region, CA bundle…). Waits until it answers; a console that exits or
 * does not answer in time throws with its output.
 */
export async function startEngineConsole(
  endpoint: string,
  extraEnv: Record<string, string> = {},
): Promise<EngineConsole> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stowage-engine-console-'));
  // A port given in extraEnv (e.g. one an identity provider's redirect URI was registered with) is kept.
  const port = extraEnv.CONSOLE_PORT ? Number(extraEnv.CONSOLE_PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/console/dist/main.js')], {
    cwd: root,
    env: {
      ...baseEnv(),
      CONSOLE_PORT: String(port),
      CONSOLE_HOST: '127.0.0.1',
      CONSOLE_MINIO_SERVER: endpoint,
      CONSOLE_PBKDF_PASSPHRASE: randomBytes(24).toString('base64url'),
      CONSOLE_PBKDF_SALT: randomBytes(16).toString('base64url'),
      STOWAGE_DATA_DIR: dataDir,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = once(child, 'exit');
  const running = () => child.exitCode === null && child.signalCode === null;
  const close = async () => {
    if (running()) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`${url}/api/v1/login`))) {
    if (!running() || Date.now() > deadline) {
      await close();
      throw new Error(
        `the console in front of ${endpoint} did not start (exit code ${child.exitCode}):\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, close };
}
