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
