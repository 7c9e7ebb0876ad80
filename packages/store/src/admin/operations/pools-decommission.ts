// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { decommissionCall, poolParam, poolsLayer } from './pools-support.js';

/**
 * Admin API: StartDecommission — `POST /pools/decommission?pool=<cmdline or index>`: 200 once the
 * background move has started (progress: pools/status); NotImplemented on a store of one pool, 400
 * XMinioDecommissionNotAllowed when one already runs or the pool was already emptied (as MinIO).
 */
export const startDecommission: AdminOperation = async (call) => {
  const layer = poolsLayer(call);
  if (!layer) throw new S3Error('NotImplemented', 'Decommission needs more than one server pool');
  const idx = await poolParam(call);
  await decommissionCall(() => layer.decommission.start(idx));
  return call.ok();
};
