// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';
import { siteReplication } from './site-replication-support.js';

/** Admin API: SRMetaInfo — `GET /site-replication/metainfo` → J SRInfo (this site's buckets, IAM and settings). */
export const siteReplicationMetaInfo: AdminOperation = async (call) => {
  return call.ok(await siteReplication(call).metainfo());
};
