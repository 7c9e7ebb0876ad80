// SPDX-License-Identifier: Apache-2.0

import { peerInfoSchema } from '@stowage/madmin';
import { applyEdit } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerEdit — `PUT /site-replication/peer/edit` J PeerInfo → 200. */
export const srPeerEdit: AdminOperation = async (call) => {
  await applyEdit(siteReplication(call), srBody(peerInfoSchema, parseJsonBody(call.req.body)));
  return call.ok();
};
