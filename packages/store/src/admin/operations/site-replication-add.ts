// SPDX-License-Identifier: Apache-2.0

import { peerSiteSchema } from '@stowage/madmin';
import { z } from 'zod';
import { addSites } from '../../site-replication/membership.js';
import type { AdminOperation } from '../call.js';
import { parseJsonBody, siteReplication, srBody } from './site-replication-support.js';

/**
 * Admin API: SiteReplicationAdd — `PUT /site-replication/add?api-version=1` **E** `[PeerSite]` → J
 * ReplicateAddStatus. Every site is asked its deployment id and whether it holds buckets; at most one
 * may (this one), as MinIO requires.
 */
export const siteReplicationAdd: AdminOperation = async (call) => {
  const sites = srBody(
    z.array(peerSiteSchema).min(2, 'at least two sites'),
    parseJsonBody(await call.decrypted()),
  );
  return call.ok(await addSites(siteReplication(call), sites));
};
