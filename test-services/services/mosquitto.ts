// SPDX-License-Identifier: Apache-2.0
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, makeScratch, requireBinary, startDaemon, tcpOpen, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

export interface MosquittoInfo {
  host: string;
  port: number;
  /** `tcp://host:port` (MinIO's `notify_mqtt broker`). */
  broker: string;
}

/** Debian's Mosquitto MQTT broker on a free port (anonymous clients, no persistence); as `nobody` when root. */
export async function start(scratchDir: string): Promise<StartedService> {
  const bin = requireBinary('/usr/sbin/mosquitto', 'mosquitto');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const port = await freePort();
  const conf = path.join(scratchDir, 'mosquitto.conf');
  writeFileSync(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\n`,
  );
  const daemon = startDaemon(bin, ['-c', conf], { runAs, cwd: scratchDir });
  await daemon.waitReady(() => tcpOpen(port));
  return {
    info: { host: '127.0.0.1', port, broker: `tcp://127.0.0.1:${port}` } satisfies MosquittoInfo,
    stop: () => daemon.stop('SIGTERM'),
  };
}
