// SPDX-License-Identifier: Apache-2.0

import type { AdminRoute } from './call.js';
import { siteReplicationAdd } from './operations/site-replication-add.js';
import { siteReplicationEdit } from './operations/site-replication-edit.js';
import { siteReplicationInfo } from './operations/site-replication-info.js';
import { siteReplicationMetaInfo } from './operations/site-replication-metainfo.js';
import { siteReplicationRemove } from './operations/site-replication-remove.js';
import { siteReplicationResync } from './operations/site-replication-resync.js';
import { siteReplicationStatus } from './operations/site-replication-status.js';
import { srPeerBucketMeta } from './operations/sr-peer-bucket-meta.js';
import { srPeerBucketOps } from './operations/sr-peer-bucket-ops.js';
import { srPeerEdit } from './operations/sr-peer-edit.js';
import { srPeerIamItem } from './operations/sr-peer-iam-item.js';
import { srPeerIdpSettings } from './operations/sr-peer-idp-settings.js';
import { srPeerJoin } from './operations/sr-peer-join.js';
import { srPeerRemove } from './operations/sr-peer-remove.js';

/** MinIO's site replication actions (minio/pkg policy admin actions). */
const SR_ADD = 'admin:SiteReplicationAdd';
const SR_INFO = 'admin:SiteReplicationInfo';
const SR_OP = 'admin:SiteReplicationOperation';

/**
 * The site replication routes (site-replication/): MinIO's SiteReplication{Add,Info,Operation,Remove}
 * actions; the peer calls come from the other sites with the site replicator's keys.
 */
export const SITE_REPLICATION_ROUTES: readonly AdminRoute[] = [
  {
    method: 'PUT',
    path: '/site-replication/add',
    name: 'SiteReplicationAdd',
    action: SR_ADD,
    op: siteReplicationAdd,
  },
  {
    method: 'GET',
    path: '/site-replication/info',
    name: 'SiteReplicationInfo',
    action: SR_INFO,
    op: siteReplicationInfo,
  },
  {
    method: 'GET',
    path: '/site-replication/metainfo',
    name: 'SiteReplicationMetaInfo',
    action: SR_INFO,
    op: siteReplicationMetaInfo,
  },
  {
    method: 'GET',
    path: '/site-replication/status',
    name: 'SiteReplicationStatus',
    action: SR_INFO,
    op: siteReplicationStatus,
  },
  {
    method: 'PUT',
    path: '/site-replication/edit',
    name: 'SiteReplicationEdit',
    action: SR_OP,
    op: siteReplicationEdit,
  },
  {
    method: 'PUT',
    path: '/site-replication/remove',
    name: 'SiteReplicationRemove',
    action: 'admin:SiteReplicationRemove',
    op: siteReplicationRemove,
  },
  {
    method: 'PUT',
    path: '/site-replication/resync/op',
    name: 'SiteReplicationResyncOp',
    action: SR_OP,
    op: siteReplicationResync,
  },
  { method: 'PUT', path: '/site-replication/peer/join', name: 'SRPeerJoin', action: SR_ADD, op: srPeerJoin },
  {
    method: 'PUT',
    path: '/site-replication/peer/bucket-ops',
    name: 'SRPeerBucketOps',
    action: SR_OP,
    op: srPeerBucketOps,
  },
  {
    method: 'PUT',
    path: '/site-replication/peer/iam-item',
    name: 'SRPeerReplicateIAMItem',
    action: SR_OP,
    op: srPeerIamItem,
  },
  {
    method: 'PUT',
    path: '/site-replication/peer/bucket-meta',
    name: 'SRPeerReplicateBucketMeta',
    action: SR_OP,
    op: srPeerBucketMeta,
  },
  {
    method: 'GET',
    path: '/site-replication/peer/idp-settings',
    name: 'SRPeerGetIDPSettings',
    action: SR_ADD,
    op: srPeerIdpSettings,
  },
  { method: 'PUT', path: '/site-replication/peer/edit', name: 'SRPeerEdit', action: SR_OP, op: srPeerEdit },
  {
    method: 'PUT',
    path: '/site-replication/peer/remove',
    name: 'SRPeerRemove',
    action: 'admin:SiteReplicationRemove',
    op: srPeerRemove,
  },
];
