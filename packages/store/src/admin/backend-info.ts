// SPDX-License-Identifier: Apache-2.0
import type { BackendInfo, Disk } from '@stowage/madmin';
import { classParity } from '../config/sets/storage-class.js';
import type { StoreContext } from '../core/context.js';
import type { StorageInfo } from '../object-layer/types.js';

/** madmin `Disk` (PROTOCOL-NOTES §2): the fields this store always sends. */
export type DiskJson = Required<
  Pick<
    Disk,
    | 'endpoint'
    | 'rootDisk'
    | 'path'
    | 'healing'
    | 'scanning'
    | 'state'
    | 'uuid'
    | 'totalspace'
    | 'usedspace'
    | 'availspace'
    | 'pool_index'
    | 'set_index'
    | 'disk_index'
  >
>;

/** madmin `BackendInfo` (PascalCase keys), every field sent; this store is FS (1) or Erasure (2). */
export type BackendInfoJson = Required<{ [K in keyof BackendInfo]: NonNullable<BackendInfo[K]> }> & {
  Type: 1 | 2;
};

/** `host:port` of the store, the key MinIO uses for a node's drives. */
export function serverEndpoint(ctx: StoreContext): string {
  try {
    return new URL(ctx.url).host;
  } catch {
    return ctx.url;
  }
}

export function disksJson(info: StorageInfo): DiskJson[] {
  return info.drives.map((d) => ({
    endpoint: d.path,
    rootDisk: false,
    path: d.path,
    healing: false,
    scanning: false,
    state: d.state,
    uuid: d.uuid,
    totalspace: d.totalSpace,
    usedspace: d.usedSpace,
    availspace: d.availSpace,
    pool_index: d.pool ?? 0,
    set_index: d.set ?? 0,
    disk_index: d.index,
  }));
}

/** Drive count of each pool (one erasure set each), in pool order. */
export function poolDriveCounts(info: StorageInfo): number[] {
  const counts: number[] = [];
  for (const d of info.drives) counts[d.pool ?? 0] = (counts[d.pool ?? 0] ?? 0) + 1;
  return counts.length > 0 ? counts : [0];
}

/** Backend type 2 (Erasure) with ≥ 4 drives, 1 (FS) otherwise; one erasure set per server pool. */
export function backendInfoJson(ctx: StoreContext, info: StorageInfo): BackendInfoJson {
  const endpoint = serverEndpoint(ctx);
  const online = info.drives.filter((d) => d.state === 'ok').length;
  const offline = info.drives.length - online;
  // The storage classes' parity in effect (the layer's own when the configuration cannot be used).
  const perPool = poolDriveCounts(info);
  const store = { drives: perPool[0] as number, parity: info.parity };
  const sc = ctx.config.get('storage_class');
  const parityOf = (cls: 'STANDARD' | 'REDUCED_REDUNDANCY'): number => {
    const p = classParity(sc, cls, store);
    return 'parity' in p ? p.parity : info.parity;
  };
  const standard = parityOf('STANDARD');
  const rrs = parityOf('REDUCED_REDUNDANCY');
  return {
    Type: info.erasure ? 2 : 1,
    GatewayOnline: false,
    OnlineDisks: { [endpoint]: online },
    OfflineDisks: { [endpoint]: offline },
    StandardSCData: perPool.map((n) => n - standard),
    StandardSCParity: standard,
    RRSCData: perPool.map((n) => n - rrs),
    RRSCParity: rrs,
    TotalSets: perPool.map(() => 1),
    DrivesPerSet: perPool,
  };
}
