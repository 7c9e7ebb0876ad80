// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../types.js';

/**
 * The store's own documents over pools: read from pool 0, written to every pool, so each pool holds
 * them all and pool 0 too can be decommissioned (the next pool then serves them after a restart).
 */
export function mirroredSystem(stores: SystemStore[]): SystemStore {
  const [first, ...rest] = stores as [SystemStore, ...SystemStore[]];
  return {
    read: (p) => first.read(p),
    list: (prefix) => first.list(prefix),
    write: async (p, data) => {
      await first.write(p, data);
      await Promise.all(rest.map((s) => s.write(p, data)));
    },
    delete: async (p) => {
      await first.delete(p);
      await Promise.all(rest.map((s) => s.delete(p)));
    },
  };
}

/** Copy the store's documents of pool 0 to pools that lack them (pools added since). */
export async function copySystemDocs(from: SystemStore, to: SystemStore): Promise<void> {
  for (const p of await from.list('')) {
    if (p.startsWith('pools/')) continue;
    const data = await from.read(p);
    if (data && !(await to.read(p))) await to.write(p, data);
  }
}
