// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { SystemStore } from '../types.js';

/**
 * The persisted layout of server pools (MinIO keeps a pool's identity in its drives' format.json):
 * each pool's own system documents hold its identity (`pools/identity.json`: a random id), and every
 * pool holds the layout (`pools/layout.json`: the pools in order, by id, with their command lines and
 * whether a decommission emptied them). At open the pools given must be the layout's, in its order
 * (a pool emptied by a decommission may be left out); new pools may only follow them. Anything else
 * — pools swapped, one missing, one from another store — is refused with one error naming them.
 */

const IDENTITY = 'pools/identity.json';
const LAYOUT = 'pools/layout.json';
const DEPLOYMENT_ID = 'config/deployment-id';

export interface LayoutPool {
  id: string;
  cmdline: string;
  /** A decommission moved everything out: the pool may be left out of the arguments. */
  decommissioned?: boolean;
}

export interface PoolLayout {
  /** Bumped on every change; the highest among the pools' copies wins. */
  version: number;
  pools: LayoutPool[];
}

/** A layout the pools given do not match. */
export class PoolLayoutError extends Error {
  override readonly name = 'PoolLayoutError';
}

async function readJson<T>(store: SystemStore, p: string): Promise<T | null> {
  const raw = await store.read(p);
  if (!raw || raw.length === 0) return null;
  return JSON.parse(raw.toString('utf8')) as T;
}

/** Write the layout to every pool. */
export async function saveLayout(stores: readonly SystemStore[], layout: PoolLayout): Promise<void> {
  const data = Buffer.from(JSON.stringify(layout));
  await Promise.all(stores.map((s) => s.write(LAYOUT, data)));
}

/**
 * Check the pools given (their system stores and command lines, in argument order) against the layout
 * they recorded, give new pools an identity, record the resulting layout, and return each pool's id
 * and the layout. Throws PoolLayoutError when they do not match.
 */
export async function checkLayout(
  stores: readonly SystemStore[],
  cmdlines: readonly string[],
): Promise<{ ids: string[]; layout: PoolLayout; fresh: boolean[] }> {
  const identities = await Promise.all(stores.map((s) => readJson<{ id: string }>(s, IDENTITY)));
  const layouts = await Promise.all(stores.map((s) => readJson<PoolLayout>(s, LAYOUT)));
  let known: PoolLayout | null = null;
  for (const l of layouts) if (l && (!known || l.version > known.version)) known = l;
  const given = (i: number): string => `${i + 1} (${cmdlines[i]})`;
  if (!known) {
    // A store set up before pools were recorded: only its first pool may hold the store's documents.
    for (let i = 1; i < stores.length; i++) {
      if (!identities[i] && (await (stores[i] as SystemStore).read(DEPLOYMENT_ID))) {
        throw new PoolLayoutError(
          `Server pool ${given(i)} holds the documents of a store's first pool: pools must keep their order`,
        );
      }
    }
  }
  const expected = known?.pools ?? [];
  const byId = new Map(expected.map((p, i) => [p.id, i]));
  const describe = (pools: LayoutPool[]): string => pools.map((p) => p.cmdline).join(' ');
  const mismatch = (why: string): PoolLayoutError =>
    new PoolLayoutError(
      `Server pools do not match the layout this store recorded (${describe(expected)}): ${why}. ` +
        'Start it with the same pools in the same order; new pools go last, and only a pool a ' +
        'decommission emptied may be left out.',
    );
  const ids: string[] = [];
  let lastKnown = -1;
  let sawNew = false;
  for (let i = 0; i < stores.length; i++) {
    const id = identities[i]?.id;
    if (id === undefined) {
      sawNew = true;
      ids.push(randomUUID());
      continue;
    }
    const at = byId.get(id);
    if (at === undefined) {
      if (known) throw mismatch(`pool ${given(i)} belongs to another store or layout`);
      ids.push(id);
      continue;
    }
    if (sawNew) throw mismatch(`pool ${given(i)} is known but follows a new pool`);
    if (at < lastKnown) throw mismatch(`pool ${given(i)} was given out of order`);
    lastKnown = at;
    ids.push(id);
  }
  const present = new Set(ids);
  const missing = expected.filter((p) => !present.has(p.id) && !p.decommissioned);
  if (missing.length > 0) {
    throw mismatch(`pool ${missing.map((p) => p.cmdline).join(', ')} is missing`);
  }
  const layout: PoolLayout = {
    version: (known?.version ?? 0) + 1,
    pools: ids.map((id, i) => {
      const before = expected.find((p) => p.id === id);
      return {
        id,
        cmdline: cmdlines[i] as string,
        ...(before?.decommissioned ? { decommissioned: true } : {}),
      };
    }),
  };
  await Promise.all(
    stores.map((s, i) =>
      identities[i] ? undefined : s.write(IDENTITY, Buffer.from(JSON.stringify({ id: ids[i] }))),
    ),
  );
  await saveLayout(stores, layout);
  return { ids, layout, fresh: identities.map((x) => !x) };
}
