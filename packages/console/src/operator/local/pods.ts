// SPDX-License-Identifier: Apache-2.0

import type { Pvc } from '@stowage/contracts';
import { formatQuantity } from '../quantity.js';
import { driveFolders } from './drives.js';
import type { TenantRecord } from './files.js';
import { poolDrives } from './tenant-launch.js';

/** How the local driver shows a tenant's process as a Kubernetes pod: its name, status, age and size. */

export function totalSize(t: TenantRecord): number {
  return t.pools.reduce((s, p) => s + poolDrives(p) * p.size, 0);
}

/** The one pod of a local tenant, named as MinIO's operator names a pool's first pod. */
export function podName(t: Pick<TenantRecord, 'name' | 'pools'>): string {
  return `${t.name}-${t.pools[0]?.name ?? 'pool-0'}-0`;
}

export function podStatus(state: string): string {
  switch (state) {
    case 'Running':
      return 'Running';
    case 'Initialized':
      return 'ContainerCreating';
    case 'Restarting':
      return 'CrashLoopBackOff';
    default:
      return 'Terminated';
  }
}

export function age(iso: string): string {
  const s = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

/** The tenants' drive folders as bound volume claims (`rootOf`: a storage class's root folder). */
export function volumeClaims(
  records: readonly TenantRecord[],
  rootOf: (storageClass: string) => string,
): Pvc[] {
  const pvcs: Pvc[] = [];
  for (const t of records) {
    for (const d of driveFolders(t, rootOf)) {
      pvcs.push({
        namespace: t.namespace,
        name: d.claim,
        status: 'Bound',
        volume: d.folder,
        tenant: t.name,
        capacity: formatQuantity(d.pool.size),
        storageClass: d.pool.storageClass,
        age: age(t.createdAt),
      });
    }
  }
  return pvcs;
}
