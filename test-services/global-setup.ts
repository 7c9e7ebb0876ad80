// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICES } from './registry.js';
import type { StartedService } from './service.js';

/** The environment variable through which test workers find the controller. */
export const CONTROLLER_ENV = 'STOWAGE_TEST_SERVICES';

/**
 * Global setup for Vitest and Playwright: starts the service controller and returns the teardown that
 * stops every service started during the run. Workers inherit the controller's URL from the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'stowage-services-'));
  const started = new Map<string, Promise<StartedService>>();
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').replace(/^\/start\//, ''));
    const load = SERVICES[name];
    if (req.method !== 'POST' || !req.url?.startsWith('/start/') || !load) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: `no test service named "${name}"; known: ${Object.keys(SERVICES).join(', ')}`,
        }),
      );
      return;
    }
    let service = started.get(name);
    if (!service) {
      const dir = path.join(scratch, name);
      service = load().then((starter) => starter(dir));
      started.set(name, service);
    }
    service.then(
      (s) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(s.info));
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env[CONTROLLER_ENV] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async () => {
    server.close();
    const all = await Promise.allSettled(started.values());
    await Promise.allSettled(all.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    rmSync(scratch, { recursive: true, force: true });
  };
}
