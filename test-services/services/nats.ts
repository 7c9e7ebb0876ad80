// SPDX-License-Identifier: Apache-2.0
import { freePort, makeScratch, requireBinary, startDaemon, tcpOpen, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

export interface NatsInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  /** `host:port` (MinIO's `notify_nats address`). */
  address: string;
}

/** Debian's NATS server on a free port with a user and password; as `nobody` when root. */
export async function start(scratchDir: string): Promise<StartedService> {
  const bin = requireBinary('/usr/sbin/nats-server', 'nats-server');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const port = await freePort();
  const user = 'stowage';
  const password = 'stowage-test-password';
  const daemon = startDaemon(
    bin,
    ['-a', '127.0.0.1', '-p', String(port), '--user', user, '--pass', password],
    {
      runAs,
      cwd: scratchDir,
    },
  );
  await daemon.waitReady(() => tcpOpen(port));
  return {
    info: { host: '127.0.0.1', port, user, password, address: `127.0.0.1:${port}` } satisfies NatsInfo,
    stop: () => daemon.stop('SIGTERM'),
  };
}
