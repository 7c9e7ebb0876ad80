// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { bucketOp } from '../../site-replication/changes.js';
import { BUCKET_OPS, type BucketOp } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { siteReplication } from './site-replication-support.js';

/** Peer call SRPeerBucketOps — `PUT /site-replication/peer/bucket-ops?bucket&operation[&lockEnabled]` → 200. */
export const srPeerBucketOps: AdminOperation = async (call) => {
  const bucket = call.param('bucket');
  const op = call.param('operation');
  if (!BUCKET_OPS.includes(op as BucketOp)) {
    throw new S3Error('XMinioSiteReplicationInvalidRequest', `unknown bucket operation ${op}`);
  }
  await bucketOp(siteReplication(call), bucket, op as BucketOp, call.query);
  return call.ok();
};
