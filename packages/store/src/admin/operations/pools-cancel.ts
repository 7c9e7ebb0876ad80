// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { decommissionCall, poolParam, poolsLayer } from './pools-support.js';

/**
 * Admin API: CancelDecommission — `POST /pools/cancel?pool=<cmdline or index>`: stops the running
 * decommission of the pool, which takes new objects again; 400 XMinioDecommissionNotAllowed when none
 * runs for it.
 */
export const cancelDecommission: AdminOperation = async (call) => {
  const idx = await poolParam(call);
  const layer = poolsLayer(call);
  if (!layer)
    throw new S3Error('XMinioDecommissionNotAllowed', 'no decommission is in progress for this pool');
  await decommissionCall(() => layer.decommission.cancel(idx));
  return call.ok();
};
