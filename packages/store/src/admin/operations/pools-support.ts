// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import {
  DecommissionError,
  type DecommissionInfo,
  PoolsObjectLayer,
  poolCmdline,
} from '../../object-layer/index.js';
import type { AdminCall } from '../call.js';

/**
 * What the admin pools calls (`pools/list`, `pools/status`, `pools/decommission`, `pools/cancel`)
 * share: the pools of the running store, a pool named by its command line (madmin's `pool` query, as
 * MinIO) or its index, and madmin's PoolStatus of each. A store of one pool answers with that pool.
 */

/** madmin-go's PoolStatus (decommission-commands.go). */
export interface PoolStatusJson {
  id: number;
  cmdline: string;
  lastUpdate: string;
  decommissionInfo?: DecommissionInfo;
}

/** The callers of list and status need ServerInfo or Decommission (MinIO accepts either). */
export async function requireStatusAccess(call: AdminCall): Promise<void> {
  if (!(await call.allowed('admin:ServerInfo')) && !(await call.allowed('admin:Decommission')))
    throw new S3Error('AccessDenied');
}

/** The pools layer, or null for a store of one pool. */
export function poolsLayer(call: AdminCall): PoolsObjectLayer | null {
  return call.ctx.layer instanceof PoolsObjectLayer ? call.ctx.layer : null;
}

/** Command line of each pool. */
async function cmdlines(call: AdminCall): Promise<string[]> {
  const layer = poolsLayer(call);
  if (layer) return layer.cmdlines;
  const spec = call.ctx.options.pools?.[0];
  if (spec) return [poolCmdline(spec)];
  const info = await call.ctx.layer.storageInfo();
  return [info.drives.map((d) => d.path).join(' ')];
}

/** The index of the pool the `pool` query names (its command line or index); 400 when none. */
export async function poolParam(call: AdminCall): Promise<number> {
  const v = call.param('pool');
  const lines = await cmdlines(call);
  let idx = lines.indexOf(v);
  if (idx < 0 && /^\d+$/.test(v) && Number(v) < lines.length) idx = Number(v);
  if (idx < 0) {
    throw new S3Error(
      'XMinioAdminInvalidArgument',
      `specified pool '${v}' not found, please specify a valid pool`,
    );
  }
  return idx;
}

/** madmin's PoolStatus of one pool. */
export async function poolStatus(call: AdminCall, idx: number): Promise<PoolStatusJson> {
  const layer = poolsLayer(call);
  if (layer) return layer.decommission.status(idx);
  return { id: idx, cmdline: (await cmdlines(call))[idx] as string, lastUpdate: new Date().toISOString() };
}

/** madmin's PoolStatus of every pool. */
export async function allPoolStatus(call: AdminCall): Promise<PoolStatusJson[]> {
  const n = (await cmdlines(call)).length;
  return Promise.all(Array.from({ length: n }, (_, i) => poolStatus(call, i)));
}

/** A refused decommission as MinIO answers it: 400 XMinioDecommissionNotAllowed. */
export async function decommissionCall(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof DecommissionError) throw new S3Error('XMinioDecommissionNotAllowed', err.message);
    throw err;
  }
}
