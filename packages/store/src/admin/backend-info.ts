import type { BackendInfo, Disk } from '@stowage/madmin';
import type { StoreContext } from '../http/context.js';
import type { StorageInfo } from '../object-layer/types.js';

/** madmin `Disk` (PROTOCOL-NOTES §2). */
export interface DiskJson {
  endpoint: string;
  rootDisk: boolean;
  path: string;
  healing: boolean;
  scanning: boolean;
  state: string;
  uuid: string;
  totalspace: number;
  usedspace: number;
  availspace: number;
  pool_index: number;
  set_index: number;
  disk_index: number;
}

/** madmin `BackendInfo` (PascalCase keys). */
export interface BackendInfoJson {
  Type: 1 | 2;
  GatewayOnline: boolean;
  OnlineDisks: Record<string, number>;
  OfflineDisks: Record<string, number>;
  StandardSCData: number[];
  StandardSCParity: number;
  RRSCData: number[];
  RRSCParity: number;
  TotalSets: number[];
  DrivesPerSet: number[];
}

/** `host:port` of the store, the key MinIO uses for a node's drives. */
export function serverEndpoint(ctx: StoreContext): string {
  try {
    return new URL(ctx.url).host;
  } catch {
    return ctx.url;
  }
}

export function disksJson(info: StorageInfo): DiskJson[] {
  return info.drives.map(
    (d) =>
      ({
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
        pool_index: 0,
        set_index: 0,
        disk_index: d.index,
      }) satisfies Disk,
  );
}

/** Backend type 2 (Erasure) with ≥ 4 drives, 1 (FS) otherwise; one pool, one set. */
export function backendInfoJson(ctx: StoreContext, info: StorageInfo): BackendInfoJson {
  const endpoint = serverEndpoint(ctx);
  const online = info.drives.filter((d) => d.state === 'ok').length;
  const offline = info.drives.length - online;
  return {
    Type: info.erasure ? 2 : 1,
    GatewayOnline: false,
    OnlineDisks: { [endpoint]: online },
    OfflineDisks: { [endpoint]: offline },
    StandardSCData: [info.dataShards],
    StandardSCParity: info.parity,
    RRSCData: [info.dataShards],
    RRSCParity: info.parity,
    TotalSets: [1],
    DrivesPerSet: [info.drives.length],
  } satisfies BackendInfo;
}
