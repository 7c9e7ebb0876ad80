// SPDX-License-Identifier: Apache-2.0
import type { PoolSpec } from '../../core/options.js';
import { ErasureObjectLayer } from '../erasure-object-layer.js';
import type { ObjectLayerOptions } from '../erasure-set.js';
import { checkLayout } from './layout.js';
import { type PoolsLayerOptions, PoolsObjectLayer } from './pools-layer.js';
import { copySystemDocs } from './system-docs.js';

/** A pool's command line: its own, else its drive folders joined by spaces. */
export function poolCmdline(spec: PoolSpec): string {
  return spec.cmdline ?? spec.drives.map((d) => d.path).join(' ');
}

/**
 * Open server pools: each pool's erasure set over its drive folders, the persisted layout checked
 * (./layout.ts: order, missing pools), and — with more than one pool — the pools layer over them, every
 * pool given the buckets it lacks. One pool is the plain erasure layer (nothing in between).
 */
export async function openPools(
  specs: PoolSpec[],
  common: Omit<ObjectLayerOptions, 'drives' | 'driveSpecs' | 'parity'>,
  extra: Pick<PoolsLayerOptions, 'random' | 'spaceOf'> & { onBackgroundError?: (err: unknown) => void } = {},
): Promise<ErasureObjectLayer | PoolsObjectLayer> {
  if (specs.length === 0) throw new Error('At least one server pool is needed');
  const opened: ErasureObjectLayer[] = [];
  try {
    for (const spec of specs) {
      opened.push(
        await ErasureObjectLayer.open({
          ...common,
          drives: spec.drives.length,
          driveSpecs: spec.drives,
          ...(spec.parity !== undefined ? { parity: spec.parity } : {}),
        }),
      );
    }
    const cmdlines = specs.map(poolCmdline);
    const { ids, layout, fresh } = await checkLayout(
      opened.map((p) => p.system),
      cmdlines,
    );
    if (opened.length === 1) return opened[0] as ErasureObjectLayer;
    for (const [i, p] of opened.entries())
      if (i > 0 && fresh[i]) await copySystemDocs((opened[0] as ErasureObjectLayer).system, p.system);
    const layer = new PoolsObjectLayer(opened, { cmdlines, ids, layout, ...extra });
    await layer.syncBuckets();
    if (extra.onBackgroundError) layer.decommission.onError = extra.onBackgroundError;
    await layer.decommission.open();
    return layer;
  } catch (err) {
    await Promise.all(opened.map((p) => p.close().catch(() => undefined)));
    throw err;
  }
}
