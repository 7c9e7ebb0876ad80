// SPDX-License-Identifier: Apache-2.0
import type { ErasureObjectLayer } from '../erasure-object-layer.js';
import type { DecommissionHost } from './decommission.js';
import type { PoolLayout } from './layout.js';

/** The parts of the pools layer (./pools-layer.ts) the decommission works with. */
export interface PoolsView {
  readonly ids: string[];
  readonly cmdlines: string[];
  readonly suspended: Set<number>;
  readonly pools: ErasureObjectLayer[];
  readonly layout: PoolLayout;
  listBuckets(): Promise<{ name: string }[]>;
  placeNew(size: number): Promise<number>;
  moveKey(
    bucket: string,
    key: string,
    from: number,
    to: number,
  ): Promise<{ versions: number; bytes: number }>;
}

const pool = (layer: PoolsView, i: number): ErasureObjectLayer => layer.pools[i] as ErasureObjectLayer;

/** What the decommission (./decommission.ts) uses of the pools layer. */
export function decommissionHost(layer: PoolsView): DecommissionHost {
  return {
    ids: layer.ids,
    cmdlines: layer.cmdlines,
    suspended: layer.suspended,
    poolCount: () => layer.pools.length,
    poolSpace: async (i) => {
      const info = await pool(layer, i).storageInfo();
      const ok = info.drives.filter((d) => d.state === 'ok');
      return {
        total: ok.reduce((n, d) => n + d.totalSpace, 0),
        free: ok.reduce((n, d) => n + d.availSpace, 0),
      };
    },
    buckets: async () => (await layer.listBuckets()).map((b) => b.name),
    poolKeys: async (i, bucket, after, max) => {
      const page = await pool(layer, i).listObjectUsage(bucket, {
        ...(after ? { after } : {}),
        maxKeys: max,
      });
      return { keys: page.objects, more: page.isTruncated };
    },
    placeNew: (size) => layer.placeNew(size),
    moveKey: (bucket, key, from, to) => layer.moveKey(bucket, key, from, to),
    abortUploads: async (i) => {
      for (const b of await layer.listBuckets()) {
        for (;;) {
          const page = await pool(layer, i).listMultipartUploads(b.name, { maxUploads: 100 });
          for (const u of page.uploads) await pool(layer, i).abortMultipartUpload(b.name, u.key, u.uploadId);
          if (!page.isTruncated || page.uploads.length === 0) break;
        }
      }
    },
    layout: () => layer.layout,
  };
}
