// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { freePort, makeScratch, requireBinary, run, startDaemon, unprivileged } from '../daemon.js';
import type { StartedService } from '../service.js';

export interface RabbitmqInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  /** `amqp://user:password@host:port` (MinIO's `notify_amqp url`). */
  url: string;
}

/**
 * Debian's RabbitMQ: a node of its own (name, database, logs, Erlang cookie and its own epmd port in
 * the scratch dir) with AMQP on a free port; `guest` may connect from 127.0.0.1. As `nobody` when root.
 */
export async function start(scratchDir: string): Promise<StartedService> {
  const bin = requireBinary('/usr/lib/rabbitmq/bin/rabbitmq-server', 'rabbitmq-server');
  const runAs = unprivileged();
  makeScratch(scratchDir, runAs);
  const [port, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  const node = `stowage${port}@localhost`;
  const env = {
    HOME: scratchDir,
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    ERL_EPMD_PORT: String(epmdPort),
    RABBITMQ_MNESIA_BASE: path.join(scratchDir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(scratchDir, 'log'),
    RABBITMQ_CONFIG_FILE: path.join(scratchDir, 'rabbitmq'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(scratchDir, 'enabled_plugins'),
    RABBITMQ_PID_FILE: path.join(scratchDir, 'rabbitmq.pid'),
    RABBITMQ_LOGS: '-',
  };
  const daemon = startDaemon(bin, [], { runAs, env, cwd: scratchDir });
  await daemon.waitReady(
    () =>
      run('/usr/lib/rabbitmq/bin/rabbitmqctl', ['-n', node, 'await_startup', '--timeout', '5'], {
        runAs,
        env,
      }).then(() => true),
    120_000,
  );
  return {
    info: {
      host: '127.0.0.1',
      port,
      user: 'guest',
      password: 'guest',
      url: `amqp://guest:guest@127.0.0.1:${port}`,
    } satisfies RabbitmqInfo,
    stop: () => daemon.stop('SIGTERM'),
  };
}
