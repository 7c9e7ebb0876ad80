// SPDX-License-Identifier: Apache-2.0
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DriveInfo, FormatDrivesResponse } from '@stowage/contracts';
import type { StorageClassInfo } from '../driver.js';
import type { StoredPool, TenantRecord } from './files.js';
import { classBytes } from './storage-classes.js';
import { poolDir, poolDrives } from './tenant-launch.js';

/** A tenant's drive folders as volume claims: `data{volume}-{tenant}-{pool}-{server}` as MinIO names them. */
export function driveFolders(
  t: TenantRecord,
  classRoot: (cls: string) => string,
): { claim: string; folder: string; pool: StoredPool }[] {
  const out: { claim: string; folder: string; pool: StoredPool }[] = [];
  for (const p of t.pools) {
    const dir = poolDir(classRoot(p.storageClass), t, p);
    for (let k = 0; k < poolDrives(p); k++) {
      const server = Math.floor(k / p.volumes_per_server);
      const volume = k % p.volumes_per_server;
      out.push({
        claim: `data${volume}-${t.name}-${p.name}-${server}`,
        folder: path.join(dir, `d${k + 1}`),
        pool: p,
      });
    }
  }
  return out;
}

/**
 * Formats storage roots (`node:drive` or the drive path): an unused root is emptied; a root that holds
 * tenants' volumes is never touched (delete the tenants first), force or not, and is listed as an issue.
 */
export async function formatRoots(
  roots: readonly DriveInfo[],
  requested: readonly string[],
  _force: boolean,
): Promise<FormatDrivesResponse> {
  const issues: FormatDrivesResponse['formatIssuesList'] = [];
  for (const item of requested) {
    const sep = item.indexOf(':');
    const node = sep > 0 && !item.startsWith('/') ? item.slice(0, sep) : '';
    const drivePath = sep > 0 && !item.startsWith('/') ? item.slice(sep + 1) : item;
    const root = roots.find((r) => r.drive === drivePath && (node === '' || r.node === node));
    if (!root) {
      issues.push({
        node,
        drive: drivePath,
        error: 'No such drive: it is not a storage root of this operator',
      });
      continue;
    }
    if (root.volumes > 0) {
      issues.push({
        node: root.node,
        drive: root.drive,
        error: `The drive holds ${root.volumes} tenant volumes; delete those tenants before formatting it`,
      });
      continue;
    }
    try {
      for (const entry of await readdir(root.drive))
        await rm(path.join(root.drive, entry), { recursive: true, force: true });
    } catch (err) {
      issues.push({
        node: root.node,
        drive: root.drive,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return { formatIssuesList: issues };
}

/** The storage classes' roots as the operator's drives: capacity, what tenants' volumes take, in use or not. */
export function storageRoots(
  classes: readonly StorageClassInfo[],
  pools: readonly StoredPool[],
  node: string,
): DriveInfo[] {
  return classes.map((c) => {
    const volumes = pools.filter((p) => p.storageClass === c.name).reduce((s, p) => s + poolDrives(p), 0);
    return {
      drive: c.root,
      node,
      capacity: c.capacity,
      allocated: classBytes(pools, c.name),
      volumes,
      status: volumes > 0 ? 'InUse' : 'Available',
      message: `storage class ${c.name}`,
    };
  });
}
