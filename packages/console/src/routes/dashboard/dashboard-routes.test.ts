// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminInfoResponseSchema, apiErrorSchema } from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';

// GET /api/v1/admin/info (spec 2 "Dashboard") against the embedded store on 4 real drive folders.
describe('dashboard usage summary', () => {
  let h: ConsoleHarness;

  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 4 });
    await h.s3.makeBucket('photos');
    await h.s3.makeBucket('logs');
    await h.s3.putObject('photos', 'a.jpg', Buffer.alloc(1000, 1));
    await h.s3.putObject('photos', 'b.jpg', Buffer.alloc(2500, 2));
    await h.s3.putObject('logs', 'today.log', Buffer.alloc(300, 3));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts buckets, objects and bytes, and lists the server with its four drives', async () => {
    const call = jsonCaller(h.app, await h.login());
    const res = await call('GET', '/api/v1/admin/info');
    expect(res.status).toBe(200);
    const info = adminInfoResponseSchema.parse(res.body);
    expect(info).toMatchObject({ buckets: 2, objects: 3, usage: 3800 });
    expect(info.servers).toHaveLength(1);
    const [server] = info.servers;
    expect(server?.endpoint).toBe(new URL(h.store.url).host);
    expect(server?.state).toBe('online');
    expect(server?.network).toEqual({ [new URL(h.store.url).host]: 'online' });
    expect(server?.drives.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    for (const d of server?.drives ?? []) {
      expect(d.totalSpace).toBeGreaterThan(0);
      expect(d.usedSpace + d.availableSpace).toBeLessThanOrEqual(d.totalSpace);
      expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('refuses a user whose policy lacks admin:ServerInfo with 403 and the error shape', async () => {
    await h.admin.addUser('dash-reader', 'dash-reader-secret');
    await h.admin.setPolicy('readonly', 'dash-reader', false);
    const call = jsonCaller(h.app, await h.login('dash-reader', 'dash-reader-secret'));
    const res = await call('GET', '/api/v1/admin/info');
    expect(res.status).toBe(403);
    expect(apiErrorSchema.parse(res.body).errorMessage).not.toBe('');
  });

  it('shows a drive whose folder vanished as offline, the others ok', async () => {
    const call = jsonCaller(h.app, await h.login());
    await rename(path.join(h.dataDir, 'drive3'), path.join(h.dataDir, 'drive3-gone'));
    try {
      // The store notices on its next use of the drive: a write touches all four.
      await h.s3.putObject('logs', 'after.log', Buffer.from('written with a drive gone'));
      const info = adminInfoResponseSchema.parse((await call('GET', '/api/v1/admin/info')).body);
      expect(info.servers[0]?.drives.map((d) => d.state)).toEqual(['ok', 'ok', 'offline', 'ok']);
      expect(info.objects).toBe(4);
    } finally {
      await rename(path.join(h.dataDir, 'drive3-gone'), path.join(h.dataDir, 'drive3'));
    }
  });
});

// Issue 32: a store of two server pools shows every pool's drives, each with its pool and set.
describe('dashboard drives of a store with two server pools', () => {
  let h: ConsoleHarness;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'stowage-dash-pools-'));
    const pool = (name: string, n: number) => ({
      drives: Array.from({ length: n }, (_, i) => ({ path: path.join(root, name, `d${i + 1}`) })),
    });
    h = await startConsoleHarness({ pools: [pool('p1', 4), pool('p2', 6)] });
  });
  afterAll(async () => {
    await h?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('lists ten drives, four in pool 0 and six in pool 1', async () => {
    const call = jsonCaller(h.app, await h.login());
    const info = adminInfoResponseSchema.parse((await call('GET', '/api/v1/admin/info')).body);
    const drives = info.servers.flatMap((s) => s.drives);
    expect(drives.map((d) => [path.basename(path.dirname(d.endpoint)), d.pool, d.set])).toEqual([
      ...Array.from({ length: 4 }, () => ['p1', 0, 0]),
      ...Array.from({ length: 6 }, () => ['p2', 1, 0]),
    ]);
    expect(drives.every((d) => d.state === 'ok')).toBe(true);
  });
});
