// SPDX-License-Identifier: Apache-2.0
// Admin API: server pools and their decommission (madmin-go decommission-commands.go).
import { z } from 'zod';
import { type AdminTransport, requireArg } from '../transport.js';
import { type PoolStatus, poolStatusSchema } from '../types/pools.js';

/** `GET /pools/list`: every pool of the server, in order. */
export async function listPoolsStatus(t: AdminTransport): Promise<PoolStatus[]> {
  return t.json(z.array(poolStatusSchema), { method: 'GET', path: '/pools/list' });
}

/** `GET /pools/status?pool=`: one pool (named by its command line, e.g. `/data/p1/d{1...4}`). */
export async function statusPool(t: AdminTransport, pool: string): Promise<PoolStatus> {
  return t.json(poolStatusSchema, {
    method: 'GET',
    path: '/pools/status',
    query: { pool: requireArg(pool, 'pool') },
  });
}

/** `POST /pools/decommission?pool=`: starts moving the pool's objects to the others (see statusPool). */
export async function decommissionPool(t: AdminTransport, pool: string): Promise<void> {
  await t.empty({ method: 'POST', path: '/pools/decommission', query: { pool: requireArg(pool, 'pool') } });
}

/** `POST /pools/cancel?pool=`: stops the pool's decommission; it takes new objects again. */
export async function cancelDecommissionPool(t: AdminTransport, pool: string): Promise<void> {
  await t.empty({ method: 'POST', path: '/pools/cancel', query: { pool: requireArg(pool, 'pool') } });
}
