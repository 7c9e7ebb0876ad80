// SPDX-License-Identifier: Apache-2.0
import type { TenantStatus } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { createAdminClient } from '../../clients/store-clients.js';
import { parseStoreEndpoint, type StoreEndpoint } from '../../clients/store-endpoint.js';
import type { TenantAccess } from '../driver.js';

/** An admin-API client for a tenant, with its root keys, trusting its CA; closed by the caller. */
export function tenantAdmin(access: TenantAccess): { admin: MadminClient; endpoint: StoreEndpoint } {
  const endpoint = parseStoreEndpoint(access.url, '', {
    ...(access.ca === '' ? {} : { ca: access.ca }),
    timeoutMs: 5_000,
  });
  const admin = createAdminClient(endpoint, {
    accessKey: access.accessKey,
    secretKey: access.secretKey,
    sessionToken: '',
  });
  return { admin, endpoint };
}

export interface TenantFigures {
  status: TenantStatus;
  /** Bytes of objects stored (the scanner's usage), 0 when unknown. */
  used: number;
}

/**
 * The tenant's health read from itself: drives online/offline and write quorum from `storageinfo`
 * (MinIO's rule: the data shard count, one more when data equals parity), capacity from the drives,
 * usage from `datausageinfo`. Health is green with every drive online, yellow while the write quorum
 * holds, red below it; an unreachable tenant has no figures (health empty, grey).
 */
export async function readTenantFigures(access: TenantAccess): Promise<TenantFigures> {
  const { admin, endpoint } = tenantAdmin(access);
  try {
    const [storage, usage] = await Promise.all([
      admin.storageInfo(),
      admin.dataUsageInfo().catch(() => null),
    ]);
    const disks = storage.Disks ?? [];
    const online = disks.filter((d) => d.state === 'ok').length;
    const offline = disks.length - online;
    const parity = storage.Backend.StandardSCParity ?? 0;
    const data = storage.Backend.StandardSCData?.[0] ?? Math.max(1, disks.length - parity);
    const writeQuorum = data === parity ? data + 1 : data;
    const raw = disks.reduce((s, d) => s + (d.totalspace ?? 0), 0);
    const rawUsage = disks.reduce((s, d) => s + (d.usedspace ?? 0), 0);
    const ratio = disks.length > 0 ? Math.max(0, disks.length - parity) / disks.length : 1;
    const used = usage?.objectsTotalSize ?? 0;
    const health = offline === 0 ? 'green' : online >= writeQuorum ? 'yellow' : 'red';
    return {
      used,
      status: {
        health_status: health,
        drives_online: online,
        drives_offline: offline,
        drives_healing: disks.filter((d) => d.healing === true).length,
        write_quorum: writeQuorum,
        usage: {
          raw,
          raw_usage: rawUsage,
          capacity: Math.floor(raw * ratio),
          capacity_usage: used,
        },
      },
    };
  } finally {
    await endpoint.connection.close();
  }
}

export const unknownStatus: TenantStatus = {
  health_status: '',
  drives_online: 0,
  drives_offline: 0,
  write_quorum: 0,
};
