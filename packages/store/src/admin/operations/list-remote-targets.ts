// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { replicationService } from './remote-target-support.js';

/**
 * Admin API: ListRemoteTargets — `GET /list-remote-targets?bucket=&type=` → J [BucketTarget] (every
 * bucket's when `bucket` is empty). Secret keys are left out of the answer, as MinIO does.
 */
export const listRemoteTargets: AdminOperation = async (call) => {
  const bucket = call.param('bucket', false);
  const type = call.param('type', false);
  const repl = replicationService(call);
  if (bucket !== '') await call.ctx.layer.getBucketInfo(bucket);
  const targets = bucket === '' ? await repl.targets.listAll() : await repl.targets.list(bucket);
  return call.ok(
    targets
      .filter((t) => type === '' || t.type === type)
      .map((t) => ({
        ...t,
        credentials: t.credentials ? { ...t.credentials, secretKey: '' } : null,
      })),
  );
};
