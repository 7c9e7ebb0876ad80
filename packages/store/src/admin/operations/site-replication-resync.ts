// SPDX-License-Identifier: Apache-2.0

import { peerInfoSchema, type SRResyncOpStatus } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import { newResyncId } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/**
 * Admin API: SiteReplicationResyncOp — `PUT /site-replication/resync/op?operation=start|cancel` J PeerInfo
 * → J SRResyncOpStatus. Start queues every version of every bucket for the peer; the queue sends them
 * at once, so there is never a resync left to cancel.
 */
export const siteReplicationResync: AdminOperation = async (call) => {
  const sr = siteReplication(call);
  const state = sr.requireEnabled();
  const peer = srBody(peerInfoSchema, parseJsonBody(call.req.body));
  const op = call.param('operation');
  const invalid = (m: string): S3Error => new S3Error('XMinioSiteReplicationInvalidRequest', m);
  if (peer.deploymentID === sr.deps.deploymentId)
    throw invalid('invalid peer specified - cannot resync to self');
  if (!state.peers[peer.deploymentID]) throw invalid('peer not found');
  if (op === 'cancel') throw invalid('no resync in progress');
  if (op !== 'start') throw invalid(`unknown resync operation ${op}`);
  const buckets = await sr.resyncTo(peer.deploymentID);
  const answer: SRResyncOpStatus = { op: 'start', id: newResyncId(), status: 'Success', buckets };
  return call.ok(answer);
};
