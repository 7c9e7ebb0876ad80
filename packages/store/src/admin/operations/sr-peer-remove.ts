// SPDX-License-Identifier: Apache-2.0

import { srRemoveReqSchema } from '@stowage/madmin';
import { applyRemoval } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerRemove — `PUT /site-replication/peer/remove` J SRRemoveReq → 200. */
export const srPeerRemove: AdminOperation = async (call) => {
  await applyRemoval(siteReplication(call), srBody(srRemoveReqSchema, parseJsonBody(call.req.body)));
  return call.ok();
};
