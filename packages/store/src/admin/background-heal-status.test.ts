// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreHandle, startStore } from '../server.js';

// POST /background-heal/status (madmin-go BackgroundHealStatus) against the store.
const ROOT = { accessKey: 'bg-heal-root', secretKey: 'bg-heal-root-secret' };
let dir: string;
let store: StoreHandle;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-bg-heal-'));
  store = await startStore({
    dataDir: dir,
    drives: 4,
    port: 0,
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
  });
}, 60_000);

afterAll(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('background heal status', () => {
  it('reports the set with its drives, the objects scanned and the classes parity', async () => {
    const u = new URL(store.url);
    const s3 = new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, ...ROOT });
    await s3.makeBucket('kept');
    await s3.putObject('kept', 'a.txt', Buffer.from('a'));
    await s3.putObject('kept', 'b.txt', Buffer.from('b'));
    const admin = new MadminClient({ endpoint: store.url, ...ROOT });
    // The count is the scanner's: wait for a cycle that has seen both objects.
    let state = await admin.backgroundHealStatus();
    for (let i = 0; i < 100 && state.ScannedItemsCount !== 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = await admin.backgroundHealStatus();
    }
    expect(state.offline_nodes).toEqual([]);
    expect(state.ScannedItemsCount).toBe(2);
    expect(state.HealDisks).toEqual([]);
    expect(state.sets).toHaveLength(1);
    expect(state.sets?.[0]?.disks?.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(state.sets?.[0]?.heal_status).toBe('ok');
    expect(state.sc_parity).toEqual({ STANDARD: 2, REDUCED_REDUNDANCY: 1 });
  }, 60_000);
});
