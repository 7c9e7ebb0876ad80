// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './engines/ports.js';

const root = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;

/** The built console in operator mode (`CONSOLE_OPERATOR_MODE=on`), with its own data folder and storage class. */
export interface OperatorConsole {
  url: string;
  dataDir: string;
  /** The operator token, read from the data folder where the console keeps it. */
  token: string;
  /** Everything the console printed so far. */
  output: () => string;
  close(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Signs in with the token and deletes every tenant, so no tenant process outlives the journey. */
async function deleteAllTenants(url: string, token: string): Promise<void> {
  const login = await fetch(`${url}/api/v1/login/operator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jwt: token }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const list = (await (await fetch(`${url}/api/v1/tenants`, { headers: { cookie } })).json()) as {
    tenants?: { name: string; namespace: string }[];
  };
  for (const t of list.tenants ?? []) {
    await fetch(`${url}/api/v1/namespaces/${t.namespace}/tenants/${t.name}`, {
      method: 'DELETE',
      headers: { cookie },
    });
  }
}

/**
 * Starts `node packages/console/dist/main.js` in operator mode on free ports, with one storage class
 * (`standard`, `classSize`) in its data folder; waits until it answers and reads its operator token.
 */
export async function startOperatorConsole(classSize = '200Gi'): Promise<OperatorConsole> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stowage-e2e-operator-'));
  const classRoot = path.join(dataDir, 'class-standard');
  await mkdir(classRoot, { recursive: true });
  const [port, s3Port] = [await freePort(), await freePort()];
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(CONSOLE_|MINIO_|STOWAGE_)/.test(k)),
  );
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'packages/console/dist/main.js')], {
    cwd: root,
    env: {
      ...env,
      CONSOLE_OPERATOR_MODE: 'on',
      CONSOLE_OPERATOR_STORAGE_CLASSES: `standard=${classRoot}:${classSize}`,
      CONSOLE_PORT: String(port),
      CONSOLE_HOST: '127.0.0.1',
      STOWAGE_S3_PORT: String(s3Port),
      STOWAGE_DATA_DIR: dataDir,
      STOWAGE_DRIVES: '1',
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
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`${url}/api/v1/login`))) {
    if (!running() || Date.now() > deadline) {
      if (running()) child.kill('SIGTERM');
      throw new Error(`The operator console did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const saved = JSON.parse(await readFile(path.join(dataDir, '.console', 'operator-token.json'), 'utf8')) as {
    token: string;
  };
  return {
    url,
    dataDir,
    token: saved.token,
    output: () => output,
    async close() {
      if (running()) {
        await deleteAllTenants(url, saved.token).catch(() => undefined);
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
