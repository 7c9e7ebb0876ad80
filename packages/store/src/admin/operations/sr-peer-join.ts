// SPDX-License-Identifier: Apache-2.0
import { joinSites } from '../../site-replication/membership.js';
import { peerJoinSchema } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/** Peer call SRPeerJoin — `PUT /site-replication/peer/join` **E** SRPeerJoinReq → 200. */
export const srPeerJoin: AdminOperation = async (call) => {
  const req = srBody(peerJoinSchema, parseJsonBody(await call.decrypted()));
  await joinSites(siteReplication(call), req, call.requestorUser);
  return call.ok();
};
