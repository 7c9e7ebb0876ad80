// SPDX-License-Identifier: Apache-2.0
import { bucketTargetSchema } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';
import { replicationService } from './remote-target-support.js';
import { requestBody } from './wire.js';

/**
 * Admin API: SetRemoteTarget — `PUT /set-remote-target?bucket=` **E** BucketTarget → J the ARN
 * (`arn:minio:replication:<region>:<id>:<bucket>`). The target is checked first (reachable, credentials
 * accepted, target bucket versioned; the source bucket versioned). With `update=true` the parts named
 * by the flags `creds`, `sync`, `proxy`, `bandwidth`, `healthcheck`, `path` replace the existing
 * target's (madmin-go UpdateRemoteTarget).
 */
export const setRemoteTarget: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  await call.ctx.layer.getBucketInfo(bucket);
  const target = requestBody(bucketTargetSchema, await call.decryptedJson());
  const repl = replicationService(call);
  const flag = (name: string): boolean => call.query.get(name) === 'true';
  const arn = flag('update')
    ? await repl.targets.update(bucket, target, {
        creds: flag('creds'),
        sync: flag('sync'),
        proxy: flag('proxy'),
        bandwidth: flag('bandwidth'),
        healthcheck: flag('healthcheck'),
        path: flag('path'),
      })
    : await repl.targets.add(bucket, target);
  return call.ok(arn);
};
