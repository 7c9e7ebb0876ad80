// SPDX-License-Identifier: Apache-2.0
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What a long listing leaves behind: a walk's page entries must die young. When V8 pretenured the
 * object literal that made them (it does when a scavenge, with the young generation at its largest,
 * finds nearly all of a literal's recent objects alive — as it does while the first page is filled),
 * each entry was allocated old and, once its page was answered, kept its young key, ETag and Date
 * alive until the next major GC: ~200 bytes promoted per listed key, ~7 MB a scavenge at 1M keys
 * (packages/store/docs/scale.md). The child fixes the young generation at its maximum, puts the next
 * scavenge inside the first page, then reports the bytes promoted per key over 4 walks of 5,000 keys.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function runChild(dataDir: string, walk: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=4',
      '--max-semi-space-size=4',
      '--import',
      path.join(here, 'test-support', 'ts-resolve-hook.mjs'),
      path.join(here, 'test-support', 'listing-memory-child.ts'),
      dataDir,
      '5000',
      '4',
      walk,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`)),
    ),
  );
}

describe('listing memory', () => {
  // Bytes promoted per listed key: ~16 (plain listing) and ~6 (usage walk) when the entries die young;
  // ~160 and ~25 when they are pretenured (a usage entry holds only its key).
  it.each([
    ['summaries', 60],
    ['usage', 15],
  ])(
    'a %s walk promotes under %i bytes per listed key, however V8 judged its first page',
    async (walk, limit) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-listmem-'));
      dirs.push(dir);
      const line = (await runChild(dir, String(walk))).split('\n').find((l) => l.startsWith('P ')) ?? '';
      const [, perKey, scavenges] = line.split(' ');
      // Enough scavenges for the figure to mean something.
      expect(Number(scavenges)).toBeGreaterThanOrEqual(4);
      expect(Number(perKey)).toBeLessThan(Number(limit));
    },
    120_000,
  );
});
