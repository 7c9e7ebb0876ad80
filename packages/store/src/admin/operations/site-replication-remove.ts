// SPDX-License-Identifier: Apache-2.0

import { srRemoveReqSchema } from '@stowage/madmin';
import { removeSites } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Admin API: SiteReplicationRemove — `PUT /site-replication/remove` J SRRemoveReq → J ReplicateRemoveStatus. */
export const siteReplicationRemove: AdminOperation = async (call) => {
  const req = srBody(srRemoveReqSchema, parseJsonBody(call.req.body));
  return call.ok(await removeSites(siteReplication(call), req));
};
