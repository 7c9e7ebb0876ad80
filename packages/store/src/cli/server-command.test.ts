// SPDX-License-Identifier: Apache-2.0
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as Minio from 'minio';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, runToExit, type ServerProcess, startServerProcess } from './testing/server-process.js';

/** `stowage server` as a child process (the built command): serving, credentials, shutdown, bad arguments. */

const dirs: string[] = [];
const running: ServerProcess[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'stowage-cli-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function start(args: string[], env = childEnv()): Promise<ServerProcess> {
  const s = await startServerProcess(args, env);
  running.push(s);
  return s;
}

function client(s: ServerProcess, secretKey: string): Minio.Client {
  const u = new URL(s.url);
  return new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey: s.rootUser,
    secretKey,
    region: 'us-east-1',
  });
}

async function read(c: Minio.Client, bucket: string, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await c.getObject(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('stowage server', () => {
  it('serves one pool of 4 drives; generated root credentials are printed once and reused on restart', async () => {
    const root = await tempDir();
    const drives = `${root}/d{1...4}`;
    const first = await start(['--address', '127.0.0.1:0', drives]);
    expect(first.rootPassword).not.toBeNull();
    const password = first.rootPassword as string;
    const c = client(first, password);
    await c.makeBucket('photos');
    const body = randomBytes(300_000);
    await c.putObject('photos', 'a/b.bin', body);
    expect((await read(c, 'photos', 'a/b.bin')).equals(body)).toBe(true);
    expect(await first.stop()).toBe(0);

    const second = await start(['--address', '127.0.0.1:0', drives]);
    expect(second.rootUser).toBe(first.rootUser);
    expect(second.rootPassword).toBeNull();
    expect(second.output()).not.toContain(password);
    expect((await read(client(second, password), 'photos', 'a/b.bin')).equals(body)).toBe(true);
    expect(await second.stop()).toBe(0);
  });

  it('takes the root credentials from MINIO_ROOT_USER and MINIO_ROOT_PASSWORD', async () => {
    const root = await tempDir();
    const env = childEnv({ MINIO_ROOT_USER: 'operator', MINIO_ROOT_PASSWORD: 'operator-secret-1' });
    const s = await start(['--address', '127.0.0.1:0', `${root}/d{1...2}`], env);
    expect(s.rootUser).toBe('operator');
    expect(s.rootPassword).toBeNull();
    await client(s, 'operator-secret-1').makeBucket('bucket1');
    expect(await s.stop()).toBe(0);
  });

  it('on SIGTERM finishes the writes in flight: every acknowledged object is readable after a restart', async () => {
    const root = await tempDir();
    const drives = `${root}/d{1...4}`;
    const s = await start(['--address', '127.0.0.1:0', drives]);
    const password = s.rootPassword as string;
    const c = client(s, password);
    await c.makeBucket('load');
    const acked = new Map<string, string>();
    let stopped: Promise<number | null> | null = null;
    // Four writers, bounded: the server is told to stop once ten objects are acknowledged.
    const writer = async (w: number): Promise<void> => {
      for (let i = 0; i < 40; i++) {
        const key = `w${w}/o${i}`;
        const body = randomBytes(64 * 1024 + i * 997);
        try {
          await c.putObject('load', key, body);
        } catch {
          return; // refused or cut once the server stops: not acknowledged
        }
        acked.set(key, createHash('sha256').update(body).digest('hex'));
        if (acked.size === 10) stopped ??= s.stop();
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect(await (stopped ?? s.stop())).toBe(0);
    expect(acked.size).toBeGreaterThanOrEqual(10);

    const again = await start(['--address', '127.0.0.1:0', drives]);
    const c2 = client(again, password);
    for (const [key, sum] of acked) {
      expect(
        createHash('sha256')
          .update(await read(c2, 'load', key))
          .digest('hex'),
      ).toBe(sum);
    }
    expect(await again.stop()).toBe(0);
  });

  it('grows by a pool on restart: old objects stay readable, a pool of sized volumes too small for an object gets none of it', async () => {
    const root = await tempDir();
    const env = childEnv({ MINIO_ROOT_USER: 'pools-root', MINIO_ROOT_PASSWORD: 'pools-root-secret' });
    const p1 = `${root}/p1/d{1...4}:1Mi`;
    const first = await start(['--address', '127.0.0.1:0', p1], env);
    const c1 = client(first, 'pools-root-secret');
    await c1.makeBucket('grow');
    const bodies = new Map<string, Buffer>();
    // Fill pool 1 (4 × 1 MiB, 2+2) with 128 KiB objects until it refuses one; bounded.
    for (let i = 0; i < 30; i++) {
      const body = randomBytes(128 * 1024);
      const ok = await c1.putObject('grow', `old-${i}`, body).then(
        () => true,
        (err: { code?: string }) => {
          expect(err.code).toBe('XMinioStorageFull');
          return false;
        },
      );
      if (!ok) break;
      bodies.set(`old-${i}`, body);
    }
    expect(bodies.size).toBeGreaterThan(3);
    expect(await first.stop()).toBe(0);

    const grown = await start(['--address', '127.0.0.1:0', p1, `${root}/p2/d{1...4}:8Mi`], env);
    const c2 = client(grown, 'pools-root-secret');
    for (const [key, body] of bodies) expect((await read(c2, 'grow', key)).equals(body)).toBe(true);
    // Placement weighs each pool by its free space (MinIO's rule), so a pool with a little room left may
    // still draw a small object: 3 MiB (1.5 MiB shards on 2+2) fits no 1 MiB volume of pool 1 at all.
    const fresh = randomBytes(3 * 1024 * 1024);
    await c2.putObject('grow', 'new-object', fresh);
    expect((await read(c2, 'grow', 'new-object')).equals(fresh)).toBe(true);
    // The new object's folder is in pool 2 only.
    const holds = async (pool: string): Promise<boolean> =>
      (await readdir(path.join(root, pool, 'd1', 'grow'))).includes('.new-object');
    expect(await holds('p2')).toBe(true);
    expect(await holds('p1')).toBe(false);
    expect(await grown.stop()).toBe(0);
  });

  it('exits 1 with one clear line on each bad argument', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'a-file'), 'x');
    const cases: [string[], RegExp][] = [
      [[`${root}/x`, `${root}/x`], /drive .*\/x is listed twice/],
      [[`${root}/p1/d{1...4}`, `${root}/p1/d{3...6}`], /drive .*\/d3 is listed twice/],
      [
        [`${root}/p1/d{1...4}`, `${root}/p2/d{1...1}`],
        /pool 2 .* has 1 drive: erasure coding needs at least 2/,
      ],
      [[`${root}/d{1...33}`], /pool 1 .* has 33 drives: a pool is one erasure set of at most 32 drives/],
      [[`${root}/d{1..4}`], /bad ellipsis in ".*d\{1\.\.4\}"/],
      [[`${root}/d{4...1}`], /bad ellipsis .* starts at 4, after its end 1/],
      [[`${root}/d{1...4}`, `${root}/e`], /mixed drive arguments/],
      [[`${root}/d{1...4}:10GB`], /bad size "10GB"/],
      [[`${root}/d{1...4}:-1Gi`], /bad size "-1Gi"/],
      [
        [`${root}/a-file/d1`, `${root}/a-file/d2`],
        /drive folder .*a-file\/d1 cannot be read and written \(ENOTDIR\)/,
      ],
      [[`${root}/d`, `${root}/d/inner`], /drive .*\/d\/inner lies inside drive .*\/d;/],
      [['--address', 'localhost', `${root}/d{1...4}`], /bad --address "localhost"/],
      [['--certs-dir', `${root}/no-such`, `${root}/d{1...4}`], /--certs-dir .*no-such is not a folder/],
      [[], /no drive folders given/],
    ];
    for (const [args, line] of cases) {
      const r = await runToExit(['server', ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines[0]).toMatch(/^Error: /);
      expect(lines[0]).toMatch(line);
    }
  });

  it('exits 1 with one line naming STOWAGE_HEAP_GROWING_PERCENT when it is not a percentage', async () => {
    const root = await tempDir();
    const r = await runToExit(
      ['server', '--address', '127.0.0.1:0', `${root}/d{1...4}`],
      childEnv({ STOWAGE_HEAP_GROWING_PERCENT: '150%' }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `Error: STOWAGE_HEAP_GROWING_PERCENT must be a whole number from 0 (V8's own heuristic) to 1000; got "150%"`,
    );
  });

  it('exits 1 naming the address when the port is in use', async () => {
    const root = await tempDir();
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const r = await runToExit(['server', '--address', `127.0.0.1:${port}`, `${root}/d{1...4}`]);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(`Error: address 127.0.0.1:${port} is already in use`);
    } finally {
      busy.close();
    }
  });

  it('prints its version and help', async () => {
    const v = await runToExit(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^stowage version \d+\.\d+\.\d+\n$/);
    const h = await runToExit(['server', '--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('Usage: stowage server');
    expect(h.stdout).toContain('{1...4}');
  });
});
