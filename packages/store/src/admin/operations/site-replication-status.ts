// SPDX-License-Identifier: Apache-2.0
import { siteStatus } from '../../site-replication/membership.js';
import { statusOptions } from '../../site-replication/wire.js';
import type { AdminOperation } from '../call.js';
import { siteReplication } from './site-replication-support.js';

/**
 * Admin API: SRStatusInfo — `GET /site-replication/status?buckets&policies&users&groups&entity&entityvalue`
 * → J SRStatusInfo. A peer that cannot be reached fails the call with its name and the reason.
 */
export const siteReplicationStatus: AdminOperation = async (call) => {
  return call.ok(await siteStatus(siteReplication(call), statusOptions(call.query)));
};
