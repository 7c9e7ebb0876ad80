// SPDX-License-Identifier: Apache-2.0
import { applyBucketMeta } from '../../site-replication/bucket-meta.js';
import { bucketMetaSchema } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerReplicateBucketMeta — `PUT /site-replication/peer/bucket-meta` J SRBucketMeta → 200. */
export const srPeerBucketMeta: AdminOperation = async (call) => {
  const item = srBody(bucketMetaSchema, parseJsonBody(call.req.body));
  const sr = siteReplication(call);
  await applyBucketMeta(sr.deps.layer, item);
  sr.deps.replication.invalidate(item.bucket);
  return call.ok();
};
