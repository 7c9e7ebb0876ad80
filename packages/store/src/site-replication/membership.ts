// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { PeerInfo, PeerSite } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';
import { failureReason, PeerClient } from './peer-client.js';
import type { SiteReplicationService } from './service.js';
import { compareSites, type StatusInfo } from './status.js';
import type { PeerJoinRequest, RemoveRequest, SRInfo, StatusOptions } from './wire.js';

/**
 * Joining, leaving and looking across sites (minio cmd/site-replication.go's rules and messages): `add`
 * checks every site (reachable, its deployment id, whether it holds buckets), refuses as MinIO does,
 * makes the site replicator, joins the peers and queues the first sync; `remove`, `edit` and `status`
 * go to every peer.
 */

const invalid = (message: string): S3Error => new S3Error('XMinioSiteReplicationInvalidRequest', message);

const ADD_SUCCESS = 'Requested sites were configured for replication successfully.';
const ADD_PARTIAL = 'Some sites could not be configured for replication.';
const REMOVE_SUCCESS = 'Requested site(s) were removed from cluster replication successfully.';
const REMOVE_PARTIAL = 'Some site(s) could not be removed from cluster replication configuration.';

interface SiteFacts {
  site: PeerSite;
  deploymentId: string;
  empty: boolean;
  self: boolean;
}

async function siteFacts(sr: SiteReplicationService, site: PeerSite): Promise<SiteFacts> {
  const client = new PeerClient({
    name: site.name,
    endpoint: site.endpoints,
    accessKey: site.accessKey,
    secretKey: site.secretKey,
  });
  let info: { deploymentID?: string; buckets?: { count?: number } };
  try {
    info = (await client.call('GET', '/info')) as typeof info;
  } catch (err) {
    throw client.peerError('fetch server info for', err);
  }
  const deploymentId = info.deploymentID ?? '';
  return {
    site,
    deploymentId,
    empty: (info.buckets?.count ?? 0) === 0,
    self: deploymentId === sr.deps.deploymentId,
  };
}

export async function addSites(
  sr: SiteReplicationService,
  sites: PeerSite[],
): Promise<{ success: boolean; status: string; errorDetail?: string; initialSyncErrorMessage?: string }> {
  const facts: SiteFacts[] = [];
  for (const s of sites) facts.push(await siteFacts(sr, s));
  const current = new Set(Object.keys(sr.state?.peers ?? {}));
  const ids = new Set<string>();
  let selfFacts: SiteFacts | undefined;
  let otherWithBuckets = '';
  for (const f of facts) {
    if (ids.has(f.deploymentId)) throw invalid('duplicate sites provided for site-replication');
    ids.add(f.deploymentId);
    if (f.self) selfFacts = f;
    else if (!f.empty && !current.has(f.deploymentId)) otherWithBuckets = f.site.name;
  }
  if (!selfFacts) {
    throw new S3Error(
      'XMinioSiteReplicationBackendIssue',
      `global deployment ID ${sr.deps.deploymentId} mismatch, expected one of ${[...ids].join(',')}`,
    );
  }
  if (current.size > 0) {
    if (current.size === ids.size && [...current].every((d) => ids.has(d))) {
      throw invalid('this site is already configured for site-replication');
    }
    const missing = [...current].filter((d) => !ids.has(d)).map((d) => sr.state?.peers[d]?.name ?? d);
    if (missing.length > 0)
      throw invalid(`all existing replicated sites must be specified - missing ${missing.join(' ')}`);
  }
  const localHasBuckets = !selfFacts.empty;
  if (localHasBuckets && otherWithBuckets !== '') {
    throw invalid('only one cluster may have data when configuring site replication');
  }
  if (!localHasBuckets && otherWithBuckets !== '') {
    throw invalid(`please send your request to the cluster containing data/buckets: ${otherWithBuckets}`);
  }
  let secret: string;
  try {
    secret = await sr.ensureReplicator(selfFacts.site.accessKey);
  } catch (err) {
    throw new S3Error(
      'XMinioSiteReplicationServiceAccountError',
      `unable to create local service account: ${failureReason(err)}`,
    );
  }
  const peers: Record<string, PeerInfo> = {};
  for (const f of facts) {
    peers[f.deploymentId] = { endpoint: f.site.endpoints, name: f.site.name, deploymentID: f.deploymentId };
  }
  const join: PeerJoinRequest = {
    svcAcctAccessKey: 'site-replicator-0',
    svcAcctSecretKey: secret,
    svcAcctParent: '',
    peers,
  };
  let added = 0;
  let failure: S3Error | undefined;
  for (const f of facts) {
    if (f.self) continue;
    const client = current.has(f.deploymentId)
      ? sr.peerClient(f.deploymentId)
      : new PeerClient({
          name: f.site.name,
          endpoint: f.site.endpoints,
          accessKey: f.site.accessKey,
          secretKey: f.site.secretKey,
        });
    try {
      await client.call('PUT', '/site-replication/peer/join', {
        body: { ...join, svcAcctParent: f.site.accessKey },
        encrypt: true,
      });
      added++;
    } catch (err) {
      failure = client.peerError('link with', err);
      break;
    }
  }
  if (failure && added === 0) throw failure;
  const newPeers = Object.keys(peers).filter((d) => d !== sr.deps.deploymentId && !current.has(d));
  await sr.setState({ name: selfFacts.site.name, peers, serviceAccountAccessKey: 'site-replicator-0' });
  sr.rememberPeers(Object.keys(peers));
  if (failure) return { success: false, status: ADD_PARTIAL, errorDetail: failure.message };
  let initialSyncErrorMessage: string | undefined;
  try {
    for (const b of await sr.deps.layer.listBuckets()) await sr.configureBucket(b.name);
    for (const dep of newPeers) {
      await sr.queueFor(dep, { t: 'full' });
      await sr.resyncTo(dep);
    }
  } catch (err) {
    initialSyncErrorMessage = failureReason(err);
  }
  return {
    success: true,
    status: ADD_SUCCESS,
    ...(initialSyncErrorMessage ? { initialSyncErrorMessage } : {}),
  };
}

/** The peer side of `add`: this site joins with the sites named. */
export async function joinSites(
  sr: SiteReplicationService,
  req: PeerJoinRequest,
  callerKey: string,
): Promise<void> {
  const self = req.peers[sr.deps.deploymentId];
  if (!self) throw invalid('none of the given sites correspond to the current one');
  const parent = req.svcAcctParent || callerKey;
  try {
    await sr.ensureReplicator(
      parent === 'site-replicator-0' ? sr.deps.iam.rootAccessKey : parent,
      req.svcAcctSecretKey,
    );
  } catch (err) {
    throw new S3Error(
      'XMinioSiteReplicationServiceAccountError',
      `unable to create service account: ${failureReason(err)}`,
    );
  }
  await sr.setState({ name: self.name, peers: req.peers, serviceAccountAccessKey: req.svcAcctAccessKey });
  sr.rememberPeers(Object.keys(req.peers));
  for (const b of await sr.deps.layer.listBuckets()) await sr.configureBucket(b.name);
}

/** Applies a removal on this site: the named sites leave (this one too: replication ends here). */
export async function applyRemoval(sr: SiteReplicationService, req: RemoveRequest): Promise<void> {
  const state = sr.requireEnabled();
  const names = new Set(req.sites ?? []);
  const removed = Object.values(state.peers).filter((p) => req.all || names.has(p.name));
  const leaving = new Set(removed.map((p) => p.deploymentID));
  const rest = Object.keys(state.peers).filter((d) => !leaving.has(d));
  sr.rememberPeers(Object.keys(state.peers));
  if (leaving.has(sr.deps.deploymentId) || rest.length <= 1) {
    await sr.unconfigureAll([]);
    await sr.setState(null);
    return;
  }
  const peers = Object.fromEntries(rest.map((d) => [d, state.peers[d] as PeerInfo]));
  await sr.setState({ ...state, peers });
  await sr.unconfigureAll(sr.peerIds());
}

export async function removeSites(
  sr: SiteReplicationService,
  req: RemoveRequest,
): Promise<{ status: string; errorDetail?: string }> {
  const state = sr.requireEnabled();
  const known = new Set(Object.values(state.peers).map((p) => p.name));
  for (const n of req.sites ?? [])
    if (!known.has(n)) throw invalid(`Site ${n} not found in site replication configuration`);
  if (!req.all && (req.sites ?? []).length === 0) throw invalid('no sites to remove');
  const failures: string[] = [];
  for (const dep of sr.peerIds()) {
    const client = sr.peerClient(dep);
    try {
      await client.call('PUT', '/site-replication/peer/remove', {
        body: { requestingDepID: sr.deps.deploymentId, sites: req.sites ?? [], all: req.all },
      });
    } catch (err) {
      failures.push(client.peerError('remove site replication on', err).message);
    }
  }
  await applyRemoval(sr, req);
  return failures.length === 0
    ? { status: REMOVE_SUCCESS }
    : { status: REMOVE_PARTIAL, errorDetail: failures.join('; ') };
}

/** Points a site at a new endpoint, on this site and every peer. */
export async function editSite(
  sr: SiteReplicationService,
  site: PeerInfo,
): Promise<{ success: boolean; status: string; errorDetail?: string }> {
  const state = sr.requireEnabled();
  const cur = state.peers[site.deploymentID];
  if (!cur) throw invalid(`unable to find site with deployment id ${site.deploymentID}`);
  if (site.endpoint === '') throw invalid('the new endpoint is empty');
  const probe = new PeerClient({
    name: cur.name,
    endpoint: site.endpoint,
    accessKey: 'site-replicator-0',
    secretKey: sr.replicatorSecret(),
  });
  let info: { deploymentID?: string };
  try {
    info = (await probe.call('GET', '/info')) as typeof info;
  } catch (err) {
    throw probe.peerError('reach', err);
  }
  if (info.deploymentID !== site.deploymentID) {
    throw invalid(
      `the endpoint ${site.endpoint} belongs to deployment ${info.deploymentID ?? '?'}, not ${site.deploymentID}`,
    );
  }
  const next: PeerInfo = { ...cur, endpoint: site.endpoint, ...(site.name ? { name: site.name } : {}) };
  const failures: string[] = [];
  for (const dep of sr.peerIds()) {
    const client = dep === site.deploymentID ? probe : sr.peerClient(dep);
    try {
      await client.call('PUT', '/site-replication/peer/edit', { body: next });
    } catch (err) {
      failures.push(client.peerError('edit on', err).message);
    }
  }
  await applyEdit(sr, next);
  return failures.length === 0
    ? { success: true, status: 'Requested site was edited successfully.' }
    : { success: false, status: 'Site edit failed on some peers.', errorDetail: failures.join('; ') };
}

export async function applyEdit(sr: SiteReplicationService, site: PeerInfo): Promise<void> {
  const state = sr.requireEnabled();
  if (!state.peers[site.deploymentID]) throw invalid('peer not found');
  await sr.setState({ ...state, peers: { ...state.peers, [site.deploymentID]: site } });
  for (const b of await sr.deps.layer.listBuckets()) await sr.configureBucket(b.name);
}

/** SRStatusInfo: this site's metainfo and every peer's, compared. */
export async function siteStatus(
  sr: SiteReplicationService,
  opts: StatusOptions,
): Promise<StatusInfo | { Enabled: false }> {
  const state = sr.state;
  if (!state) return { Enabled: false };
  const infos: SRInfo[] = [await sr.metainfo()];
  for (const dep of sr.peerIds()) {
    const client = sr.peerClient(dep);
    try {
      infos.push(
        (await client.call('GET', '/site-replication/metainfo', {
          query: { buckets: true, policies: true, users: true, groups: true, showDeleted: false },
        })) as SRInfo,
      );
    } catch (err) {
      throw client.peerError('fetch site replication info from', err);
    }
  }
  return compareSites(state.peers, infos, opts);
}

export const newResyncId = (): string => randomUUID();
