// SPDX-License-Identifier: Apache-2.0
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openObjectLayer } from './index.js';
import { describeLayer } from './test-support/layer-suite.js';

/** Opening the layer (drive count checks) and its storage report. */
describeLayer((t) => {
  it('refuses to reopen the drives with another drive count', async () => {
    const { dir, drives } = t;
    await t.layer.close();
    const other = drives === 1 ? 4 : 1;
    await expect(openObjectLayer({ dataDir: dir, drives: other })).rejects.toThrow(/opened as drive 1 of/);
    t.layer = await openObjectLayer({ dataDir: dir, drives, blockSize: 4096, inlineLimit: 1024 });
  });

  it('leaves its drive folders alone once closed', async () => {
    const { dir, drives } = t;
    await t.layer.makeBucket('bkt');
    await t.put('kept', 'data');
    const closed = t.layer;
    await closed.close();
    // A folder being removed after the store stopped: a drive probe still asked for (a storage
    // report or a failed operation racing the close) must neither re-create nor re-format it.
    const sys = path.join(dir, 'drive1', '.stowage.sys');
    await rm(sys, { recursive: true });
    await closed.storageInfo();
    expect(existsSync(sys)).toBe(false);
    await rm(dir, { recursive: true });
    expect(existsSync(dir)).toBe(false);
    t.layer = await openObjectLayer({ dataDir: dir, drives, blockSize: 4096, inlineLimit: 1024 });
  });

  it('reports storage info', async () => {
    const { layer, drives } = t;
    const info = await layer.storageInfo();
    expect(info.drives).toHaveLength(drives);
    expect(info.erasure).toBe(drives >= 4);
    expect(info.parity).toBe(drives >= 4 ? 2 : 0);
    for (const d of info.drives) {
      expect(d.state).toBe('ok');
      expect(d.totalSpace).toBeGreaterThan(0);
      expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
