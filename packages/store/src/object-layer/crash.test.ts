// SPDX-License-Identifier: Apache-2.0
import { spawn } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { openObjectLayer } from './index.js';

/**
 * Crash test: a child store under concurrent small and large PUTs, overwrites and deletes is killed with
 * SIGKILL at random moments, `STOWAGE_CRASH_KILLS` times (100 by default). After each kill the store is
 * opened again and every key must hold what was last acknowledged for it — or what its one operation in
 * flight at the kill wrote, bit-exact — never a torn or older object; temp debris must not accumulate.
 * Every tenth restart happens with one drive folder removed (within parity: the store re-creates and heals
 * it). Prints the counts: kills, writes acknowledged, lost.
 */

const KILLS = Number(process.env.STOWAGE_CRASH_KILLS ?? 100);
const DRIVES = 4;
const WORKERS = 8;
const KEYS_PER_WORKER = 6;
const here = path.dirname(fileURLToPath(import.meta.url));

/** What a key may hold after a kill: the acknowledged state, or the in-flight operation's. `null`: absent. */
interface KeyState {
  acked: string | null;
  pending?: string | null;
}

async function sha256(s: Readable): Promise<string> {
  const h = createHash('sha256');
  for await (const c of s) h.update(c as Buffer);
  return h.digest('hex');
}

/** Files under the drive folders, outside the store's own folder: objects' metadata and shard files. */
async function countFiles(dir: string, where: (p: string) => boolean): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && where(path.join(e.parentPath, e.name))) n++;
  }
  return n;
}

/** Run the child until a random moment after it is ready, then SIGKILL it; feeds its lines to `onLine`. */
async function runAndKill(dataDir: string, onLine: (line: string) => void): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(here, 'test-support', 'ts-resolve-hook.mjs'),
      path.join(here, 'test-support', 'crash-child.ts'),
      dataDir,
      String(DRIVES),
      String(WORKERS),
      String(KEYS_PER_WORKER),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let buf = '';
  let errText = '';
  child.stderr.on('data', (d: Buffer) => {
    errText += d.toString();
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_c, sig) => resolve(sig)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'R') setTimeout(() => child.kill('SIGKILL'), 50 + randomInt(600));
        else onLine(line);
      }
    });
    void exited.then((sig) =>
      sig === 'SIGKILL' ? resolve() : reject(new Error(`crash child ended on its own: ${errText}`)),
    );
  });
}

describe('crash test (SIGKILL at random moments)', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`loses no acknowledged write over ${KILLS} kills, with a drive folder removed every tenth restart`, async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-crash-'));
    const keys = new Map<string, KeyState>();
    let acknowledged = 0;
    let lost = 0;
    let torn = 0;
    const onLine = (line: string): void => {
      const [kind, key, sha] = line.split(' ') as [string, string, string];
      const value = sha === '-' ? null : sha;
      const state = keys.get(key) ?? { acked: null };
      if (kind === 'S') state.pending = value;
      else if (kind === 'A') {
        state.acked = value;
        delete state.pending;
        acknowledged++;
      }
      keys.set(key, state);
    };

    for (let kill = 1; kill <= KILLS; kill++) {
      await runAndKill(dir, onLine);
      if (kill % 10 === 0) await rm(path.join(dir, 'drive2'), { recursive: true, force: true });
      const layer = await openObjectLayer({
        dataDir: dir,
        drives: DRIVES,
        healthIntervalMs: 0,
        autoHeal: false,
      });
      try {
        for (const [key, state] of keys) {
          let found: string | null;
          try {
            found = await sha256((await layer.getObject('crash', key)).stream);
          } catch (err) {
            if (!isS3Error(err, 'NoSuchKey')) {
              torn++;
              throw new Error(`kill ${kill}: ${key} unreadable: ${String(err)}`);
            }
            found = null;
          }
          const allowed = 'pending' in state ? [state.acked, state.pending] : [state.acked];
          if (!allowed.includes(found)) {
            lost++;
            throw new Error(
              `kill ${kill}: ${key} holds ${found ?? 'nothing'}, expected one of ${allowed.join(', ')}`,
            );
          }
          keys.set(key, { acked: found });
        }
        // Heal what the removed drive folder lost, as the store's background heal would.
        if (kill % 10 === 0) await layer.healAll();
      } finally {
        await layer.close();
      }
      // No temp files survive an open, and no journal segment outlives its replay.
      for (let d = 1; d <= DRIVES; d++) {
        const sys = path.join(dir, `drive${d}`, '.stowage.sys');
        expect(await readdir(path.join(sys, 'tmp'))).toEqual([]);
        expect((await readdir(path.join(sys, 'journal')).catch(() => [])).length).toBeLessThanOrEqual(1);
      }
    }
    // Debris from kills does not pile up: per drive, at most a metadata file and a shard file per key
    // (unversioned bucket: one version each), whatever the number of kills.
    for (let d = 1; d <= DRIVES; d++) {
      const files = await countFiles(path.join(dir, `drive${d}`, 'crash'), () => true);
      expect(files).toBeLessThanOrEqual(2 * WORKERS * KEYS_PER_WORKER);
    }
    console.info(
      `crash test: ${KILLS} kills, ${acknowledged} writes acknowledged, ${lost} lost, ${torn} torn`,
    );
    expect(acknowledged).toBeGreaterThan(KILLS);
    expect(lost + torn).toBe(0);
  }, 900_000);
});
