// SPDX-License-Identifier: Apache-2.0
import { backendInfoJson, disksJson, serverEndpoint } from '../backend-info.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: BackgroundHealStatus — `POST /background-heal/status` (madmin-go BackgroundHealStatus): the
 * state of the background heal as MinIO reports it — the nodes offline (none: this is one node), the
 * objects the scanner counted in its last cycle (`ScannedItemsCount`; the scanner's heal checks run over
 * every object it scans, paced by the `heal` set), the drives being healed (a drive whose state is not
 * `ok` is what the next heal cycle repairs), the one erasure set with its drives and object count, and
 * the storage classes' parity.
 */
export const backgroundHealStatus: AdminOperation = async (call) => {
  const ctx = call.ctx;
  const info = await ctx.layer.storageInfo();
  const backend = backendInfoJson(ctx, info);
  const snapshot = ctx.usage.snapshot();
  let objects = 0;
  for (const b of snapshot.buckets.values()) objects += b.versionsCount + b.deleteMarkersCount;
  const disks = disksJson(info);
  const healing = info.drives.filter((d) => d.state !== 'ok').map((d) => d.path);
  return call.ok({
    offline_nodes: [],
    ScannedItemsCount: objects,
    HealDisks: healing.map((p) => `${serverEndpoint(ctx)}${p}`),
    sets: [
      {
        id: '0-0',
        pool_index: 0,
        set_index: 0,
        heal_status: healing.length > 0 ? 'healing' : 'ok',
        heal_priority: '',
        total_objects: objects,
        disks,
      },
    ],
    sc_parity: { STANDARD: backend.StandardSCParity, REDUCED_REDUNDANCY: backend.RRSCParity },
  });
};
