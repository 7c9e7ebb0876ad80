// SPDX-License-Identifier: Apache-2.0
import { applyIamItem } from '../../site-replication/iam-items.js';
import { iamItemSchema } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerReplicateIAMItem — `PUT /site-replication/peer/iam-item` J SRIAMItem → 200. */
export const srPeerIamItem: AdminOperation = async (call) => {
  const item = srBody(iamItemSchema, parseJsonBody(call.req.body));
  await applyIamItem(siteReplication(call).deps.iam, item);
  return call.ok();
};
