// SPDX-License-Identifier: Apache-2.0
import { freePort, makeScratch, requireBinary, startDaemon, tcpOpen, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

export interface RedisInfo {
  host: string;
  port: number;
  password: string;
  /** `host:port` (MinIO's `notify_redis address`). */
  address: string;
}

/** Debian's Redis on a free port with a password, no persistence; as `nobody` when root. */
export async function start(scratchDir: string): Promise<StartedService> {
  const bin = requireBinary('/usr/bin/redis-server', 'redis-server');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const port = await freePort();
  const password = 'stowage-test-password';
  const daemon = startDaemon(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      scratchDir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--requirepass',
      password,
    ],
    { runAs, cwd: scratchDir },
  );
  await daemon.waitReady(() => tcpOpen(port));
  return {
    info: { host: '127.0.0.1', port, password, address: `127.0.0.1:${port}` } satisfies RedisInfo,
    stop: () => daemon.stop('SIGTERM'),
  };
}
