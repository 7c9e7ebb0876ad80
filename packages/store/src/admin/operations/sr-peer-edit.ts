// SPDX-License-Identifier: Apache-2.0
import { applyEdit } from '../../site-replication/membership.js';
import { peerInfoSchema } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerEdit — `PUT /site-replication/peer/edit` J PeerInfo → 200. */
export const srPeerEdit: AdminOperation = async (call) => {
  await applyEdit(siteReplication(call), srBody(peerInfoSchema, parseJsonBody(call.req.body)));
  return call.ok();
};
