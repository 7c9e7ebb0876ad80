// SPDX-License-Identifier: Apache-2.0
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StartedService } from '../service.js';

/**
 * The controller's own check: an HTTP server answering every request with its path. Shows the shape of
 * a starter (free port, info, stop) and lets the controller's test observe start-once and stop.
 */
export async function start(): Promise<StartedService> {
  const server = createServer((req, res) => res.end(req.url));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    info: { url: `http://127.0.0.1:${port}` },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
