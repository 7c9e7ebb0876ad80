// SPDX-License-Identifier: Apache-2.0

import { peerInfoSchema } from '@stowage/madmin';
import { editSite } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Admin API: SiteReplicationEdit — `PUT /site-replication/edit` **E** PeerInfo → J ReplicateEditStatus. */
export const siteReplicationEdit: AdminOperation = async (call) => {
  const site = srBody(peerInfoSchema, parseJsonBody(await call.decrypted()));
  return call.ok(await editSite(siteReplication(call), site));
};
