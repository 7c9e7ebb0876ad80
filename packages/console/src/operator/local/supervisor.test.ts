// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomic } from '@stowage/store';
import { afterEach, describe, expect, it } from 'vitest';
import { EventLog } from './files.js';
import { processAlive, TenantSupervisor } from './supervisor.js';

/** A stand-in server: prints the line the real one prints when serving, then stays up. */
const SERVER = "process.stdout.write('API: http://127.0.0.1:1\\n'); setInterval(() => {}, 1000);";

describe('TenantSupervisor', () => {
  let dir: string;
  let supervisor: TenantSupervisor | undefined;
  afterEach(async () => {
    await supervisor?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts the process, restarts it after a pod delete, and rotates a grown log at a start', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stowage-supervisor-'));
    const logFile = path.join(dir, 'server.log');
    await writeFile(logFile, 'x'.repeat(2048));
    const marker = `${dir}${path.sep}`;
    const identity = () => ({ marker, logFile });
    const events = new EventLog(path.join(dir, 'events.jsonl'), 'ns', 'pod-0');
    supervisor = new TenantSupervisor(
      path.join(dir, 'state.json'),
      events,
      { writeFileAtomic },
      async () => ({ command: process.execPath, args: ['-e', SERVER, marker], env: {}, logFile, marker }),
      identity,
      1024,
    );
    await supervisor.run();
    expect(await supervisor.waitRunning(20_000)).toBe(true);
    const first = supervisor.state.pid as number;
    expect(await processAlive(first, marker)).toBe(true);
    // The 2 KiB log was over the 1 KiB limit: kept as server.log.1, a new log begun.
    expect((await stat(`${logFile}.1`)).size).toBe(2048);
    expect(await readFile(logFile, 'utf8')).toMatch(/^API: /);

    await supervisor.killPod();
    const until = Date.now() + 20_000;
    while (!(supervisor.state.restarts === 1 && supervisor.state.state === 'Running') && Date.now() < until) {
      await sleep(100);
    }
    expect(supervisor.state).toMatchObject({ restarts: 1, state: 'Running' });
    expect(supervisor.state.pid).not.toBe(first);
    expect(await processAlive(first, marker)).toBe(false);
    expect((await events.list()).map((e) => e.reason)).toEqual([
      'Started',
      'Created',
      'Killing',
      'Started',
      'Created',
    ]);
  });
});
