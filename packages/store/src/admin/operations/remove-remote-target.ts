// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { replicationService } from './remote-target-support.js';

/**
 * Admin API: RemoveRemoteTarget — `DELETE /remove-remote-target?bucket=&arn=` → 204. Refused
 * (XMinioAdminRemoteRemoveDisallowed) while a replication rule of the bucket names the ARN.
 */
export const removeRemoteTarget: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  const arn = call.param('arn');
  await call.ctx.layer.getBucketInfo(bucket);
  const repl = replicationService(call);
  await repl.targets.remove(bucket, arn, await repl.inUse(bucket, arn));
  await repl.closeTarget(bucket, arn);
  return call.noContent();
};
