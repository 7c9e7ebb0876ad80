// SPDX-License-Identifier: Apache-2.0
// Admin API: site replication (madmin-go cluster-commands.go; PROTOCOL-NOTES "Site replication").
import { type AdminTransport, parseJson } from '../transport.js';
import {
  type PeerInfo,
  type PeerSite,
  type ReplicateAddStatus,
  type ReplicateEditStatus,
  type ReplicateRemoveStatus,
  replicateAddStatusSchema,
  replicateEditStatusSchema,
  replicateRemoveStatusSchema,
  SITE_REPL_API_VERSION,
  type SiteReplicationInfo,
  type SiteResyncOp,
  type SRRemoveReq,
  type SRResyncOpStatus,
  type SRStatusInfo,
  type SRStatusOptions,
  siteReplicationInfoSchema,
  srRemoveReqSchema,
  srResyncOpStatusSchema,
  srStatusInfoSchema,
} from '../types/site-replication.js';

const version = { 'api-version': SITE_REPL_API_VERSION };

/** `PUT /site-replication/add?api-version=1` **E** `[PeerSite]`: this site and its peers, as one set. */
export async function siteReplicationAdd(t: AdminTransport, sites: PeerSite[]): Promise<ReplicateAddStatus> {
  const raw = await t.bytes({
    method: 'PUT',
    path: '/site-replication/add',
    query: version,
    body: JSON.stringify(sites),
    encrypt: true,
  });
  return parseJson(replicateAddStatusSchema, raw, '/site-replication/add');
}

/** `GET /site-replication/info?api-version=1`: the set's sites (empty and `enabled: false` before add). */
export async function siteReplicationInfo(
  t: AdminTransport,
  signal?: AbortSignal,
): Promise<SiteReplicationInfo> {
  return t.json(siteReplicationInfoSchema, {
    method: 'GET',
    path: '/site-replication/info',
    query: version,
    signal,
  });
}

/**
 * `GET /site-replication/status?buckets=&policies=&users=&groups=&showDeleted=[&entity=&entityvalue=]`:
 * per site and per item, what is in sync (madmin SRStatusOptions.getURLValues: every flag is sent).
 */
export async function srStatusInfo(
  t: AdminTransport,
  opts: SRStatusOptions = {},
  signal?: AbortSignal,
): Promise<SRStatusInfo> {
  const query: Record<string, string> = {
    buckets: String(opts.buckets ?? false),
    policies: String(opts.policies ?? false),
    users: String(opts.users ?? false),
    groups: String(opts.groups ?? false),
    showDeleted: String(opts.showDeleted ?? false),
    ...version,
  };
  if (opts.entity) {
    query.entity = opts.entity;
    query.entityvalue = opts.entityValue ?? '';
  }
  return t.json(srStatusInfoSchema, { method: 'GET', path: '/site-replication/status', query, signal });
}

/** `PUT /site-replication/edit?api-version=1` **E** PeerInfo: a site's new endpoint, by deployment id. */
export async function siteReplicationEdit(t: AdminTransport, site: PeerInfo): Promise<ReplicateEditStatus> {
  const raw = await t.bytes({
    method: 'PUT',
    path: '/site-replication/edit',
    query: version,
    body: JSON.stringify(site),
    encrypt: true,
  });
  return parseJson(replicateEditStatusSchema, raw, '/site-replication/edit');
}

/** `PUT /site-replication/remove?api-version=1` SRRemoveReq (plain JSON): sites leave the set. */
export async function siteReplicationRemove(
  t: AdminTransport,
  req: SRRemoveReq,
): Promise<ReplicateRemoveStatus> {
  const body = srRemoveReqSchema.parse(req);
  return t.json(replicateRemoveStatusSchema, {
    method: 'PUT',
    path: '/site-replication/remove',
    query: version,
    body: JSON.stringify(body),
  });
}

/** `PUT /site-replication/resync/op?operation=start|cancel&api-version=1` PeerInfo (plain JSON). */
export async function siteReplicationResyncOp(
  t: AdminTransport,
  site: PeerInfo,
  op: SiteResyncOp,
): Promise<SRResyncOpStatus> {
  return t.json(srResyncOpStatusSchema, {
    method: 'PUT',
    path: '/site-replication/resync/op',
    query: { operation: op, ...version },
    body: JSON.stringify(site),
  });
}
