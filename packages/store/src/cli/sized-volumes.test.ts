// SPDX-License-Identifier: Apache-2.0
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import * as Minio from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, type ServerProcess, startServerProcess } from './testing/server-process.js';

/**
 * Sized volumes through the server command: 4 drives of 2 MiB (`d{1...4}:2Mi`, erasure 2+2) fill up
 * until a PUT is refused with XMinioStorageFull (507) leaving nothing behind; a delete frees room;
 * the admin API reports the sizes.
 */

const MiB = 1024 * 1024;
const USER = 'sized-root';
const PASSWORD = 'sized-root-secret';
let dir: string;
let server: ServerProcess;
let s3: Minio.Client;
let admin: MadminClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stowage-sized-'));
  server = await startServerProcess(
    ['--address', '127.0.0.1:0', `${dir}/d{1...4}:2Mi`],
    childEnv({ MINIO_ROOT_USER: USER, MINIO_ROOT_PASSWORD: PASSWORD }),
  );
  const u = new URL(server.url);
  s3 = new Minio.Client({
    endPoint: u.hostname,
    port: Number(u.port),
    useSSL: false,
    accessKey: USER,
    secretKey: PASSWORD,
    region: 'us-east-1',
    // A refused PUT's connection is closed with its body unread: no socket is reused after it.
    transportAgent: new http.Agent({ keepAlive: false }),
  });
  admin = new MadminClient({ endpoint: server.url, accessKey: USER, secretKey: PASSWORD });
  await s3.makeBucket('fill');
});
afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function tmpEntries(): Promise<number> {
  let n = 0;
  for (let i = 1; i <= 4; i++) n += (await readdir(path.join(dir, `d${i}`, '.stowage.sys', 'tmp'))).length;
  return n;
}

describe('sized volumes', () => {
  it('reports each drive at its size, refuses the object that does not fit, and takes writes again after a delete', async () => {
    const before = await admin.storageInfo();
    expect(before.Disks).toHaveLength(4);
    for (const d of before.Disks ?? []) {
      expect(d.totalspace).toBe(2 * MiB);
      expect(d.usedspace).toBeGreaterThan(0); // the store's own files count
      expect(d.availspace).toBe(2 * MiB - (d.usedspace ?? 0));
    }

    // 256 KiB objects (128 KiB per drive at 2+2): about 15 fit in 2 MiB drives; the loop is bounded.
    const stored: string[] = [];
    let refused: { code?: string } | null = null;
    let refusedKey = '';
    for (let i = 0; i < 40 && !refused; i++) {
      const key = `obj-${i}`;
      try {
        await s3.putObject('fill', key, randomBytes(256 * 1024), 256 * 1024);
        stored.push(key);
      } catch (err) {
        refused = { code: (err as { code?: string }).code };
        refusedKey = key;
      }
    }
    expect(refused).toEqual({ code: 'XMinioStorageFull' });
    // MinIO's status for it: 507 Insufficient Storage.
    const url = await s3.presignedPutObject('fill', refusedKey, 60);
    const raw = await fetch(url, { method: 'PUT', body: randomBytes(256 * 1024) });
    expect(raw.status).toBe(507);
    expect(await raw.text()).toContain('<Code>XMinioStorageFull</Code>');
    // Nothing of the refused object is visible or left in the drives' temp folders.
    await expect(s3.statObject('fill', refusedKey)).rejects.toMatchObject({ code: 'NotFound' });
    expect(stored.length).toBeGreaterThan(8);
    expect(stored.length).toBeLessThan(16);
    expect(await tmpEntries()).toBe(0);

    const full = await admin.storageInfo();
    expect(full.Disks).toHaveLength(4);
    for (const d of full.Disks ?? []) {
      expect(d.totalspace).toBe(2 * MiB);
      expect(d.availspace).toBeLessThan(256 * 1024);
    }

    // Every stored object still reads back whole.
    for (const key of stored) expect((await s3.statObject('fill', key)).size).toBe(256 * 1024);

    // A delete frees room: the next write fits.
    await s3.removeObject('fill', stored[0] as string);
    await s3.putObject('fill', 'after-delete', randomBytes(200 * 1024), 200 * 1024);
    expect((await s3.statObject('fill', 'after-delete')).size).toBe(200 * 1024);
    const after = await admin.storageInfo();
    expect(after.Disks).toHaveLength(4);
    for (const d of after.Disks ?? []) expect(d.usedspace).toBeLessThanOrEqual(2 * MiB);
  });
});
