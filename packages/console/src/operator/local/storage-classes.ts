// SPDX-License-Identifier: Apache-2.0
import { mkdir, statfs } from 'node:fs/promises';
import path from 'node:path';
import { OperatorError, type StorageClassInfo } from '../driver.js';
import { formatQuantity, parseQuantity } from '../quantity.js';
import type { StoredPool } from './files.js';
import { poolDrives } from './tenant-launch.js';

/** A storage class as configured: a root folder and a capacity (null = the filesystem's free space). */
export interface StorageClassSpec {
  name: string;
  root: string;
  capacity: number | null;
}

/**
 * CONSOLE_OPERATOR_STORAGE_CLASSES: `name=/folder[:size],…` (e.g. `standard=/srv/a:2Ti,fast=/srv/b:200Gi`).
 * Absent: one class `standard` in the operator's folder, sized from the filesystem's free space. Throws
 * an Error naming the bad entry.
 */
export function parseStorageClasses(text: string | undefined, defaultRoot: string): StorageClassSpec[] {
  if (text === undefined || text.trim() === '')
    return [{ name: 'standard', root: defaultRoot, capacity: null }];
  const classes: StorageClassSpec[] = [];
  for (const entry of text.split(',')) {
    const m = /^\s*([a-z0-9]([a-z0-9.-]*[a-z0-9])?)=(\/[^:]*)(?::([^:]+))?\s*$/.exec(entry);
    if (m === null) {
      throw new Error(`"${entry}" is not name=/absolute/folder[:size] (e.g. standard=/srv/a:2Ti)`);
    }
    const [, name, , root, size] = m as unknown as [string, string, string, string, string | undefined];
    const capacity = size === undefined ? null : parseQuantity(size);
    if (capacity === null && size !== undefined)
      throw new Error(`"${size}" of class ${name} is not a size such as 2Ti`);
    if (classes.some((c) => c.name === name)) throw new Error(`storage class ${name} is listed twice`);
    classes.push({ name, root: path.resolve(root), capacity });
  }
  return classes;
}

/** The classes with their capacity: the configured one, or free space plus what tenants already hold. */
export async function resolveClasses(
  specs: readonly StorageClassSpec[],
  allocated: (cls: string) => number,
): Promise<StorageClassInfo[]> {
  return Promise.all(
    specs.map(async (s) => {
      if (s.capacity !== null) return { name: s.name, root: s.root, capacity: s.capacity };
      await mkdir(s.root, { recursive: true });
      const fs = await statfs(s.root);
      return { name: s.name, root: s.root, capacity: fs.bavail * fs.bsize + allocated(s.name) };
    }),
  );
}

/** Refuses pools that ask a storage class for more than it has left (`allocated`: what its volumes take). */
export function checkClassRoom(
  classes: readonly StorageClassInfo[],
  pools: readonly StoredPool[],
  allocated: (storageClass: string) => number,
): void {
  for (const c of classes) {
    const asked = classBytes(pools, c.name);
    if (asked === 0) continue;
    const free = c.capacity - allocated(c.name);
    if (asked > free) {
      throw new OperatorError(
        400,
        'Not enough storage in the storage class',
        `The pools ask for ${formatQuantity(asked)} in storage class ${c.name}, which has ${formatQuantity(Math.max(0, free))} left of ${formatQuantity(c.capacity)}`,
      );
    }
  }
}

/** Bytes the pools' volumes take in a storage class. */
export function classBytes(pools: readonly StoredPool[], storageClass: string): number {
  return pools.filter((p) => p.storageClass === storageClass).reduce((s, p) => s + poolDrives(p) * p.size, 0);
}
