// SPDX-License-Identifier: Apache-2.0
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BucketTarget, PeerInfo } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';
import type { IamSystem } from '../iam/iam-system.js';
import type { StoreLog } from '../log/store-log.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { DurableQueue } from '../queue/durable-queue.js';
import type { ReplicationRule } from '../replication/config.js';
import type { ReplicationService } from '../replication/service.js';
import { targetArn } from '../replication/targets.js';
import { bucketInfoOf, bucketOrNull } from './bucket-meta.js';
import { iamInfo } from './iam-items.js';
import { endpointUrl, PeerClient } from './peer-client.js';
import { loadState, SITE_REPLICATOR, type SiteState, saveState } from './state.js';
import { deliver, type SyncRecord } from './sync.js';
import type { SRInfo } from './wire.js';

/**
 * The site layer: this store's part in MinIO-style site replication. It keeps the state (the sites and
 * the site replicator's keys), one durable queue per peer of changes to send (buckets, bucket
 * settings, IAM — sent as they are at delivery, so a site that was offline catches up), and the bucket
 * replication rules that carry objects both ways (one target and rule per peer on every bucket).
 * The admin calls (add, info, status, edit, remove, resync and the peer calls) are in
 * ../admin/operations/site-replication-*.ts and sr-peer-*.ts; the joining and removing logic is in
 * ./membership.ts.
 */

export interface SiteReplicationDeps {
  layer: ObjectLayer;
  iam: IamSystem;
  replication: ReplicationService;
  deploymentId: string;
  dataDir: string;
  log: StoreLog;
  region: () => string;
  retryMs?: number;
}

/** Rule ids of the site layer's rules: `site-repl-<deployment id>`. */
const RULE_PREFIX = 'site-repl-';

export class SiteReplicationService {
  readonly deps: SiteReplicationDeps;
  #state: SiteState | null = null;
  readonly #queues = new Map<string, DurableQueue>();

  constructor(deps: SiteReplicationDeps) {
    this.deps = deps;
  }

  static async open(deps: SiteReplicationDeps): Promise<SiteReplicationService> {
    const s = new SiteReplicationService(deps);
    s.#state = await loadState(deps.layer.system);
    for (const dep of s.peerIds()) await s.#queue(dep);
    return s;
  }

  get state(): SiteState | null {
    return this.#state;
  }

  get enabled(): boolean {
    return this.#state !== null;
  }

  /** Deployment ids of the other sites. */
  peerIds(): string[] {
    return Object.keys(this.#state?.peers ?? {}).filter((d) => d !== this.deps.deploymentId);
  }

  requireEnabled(): SiteState {
    if (!this.#state)
      throw new S3Error('XMinioSiteReplicationInvalidRequest', 'site replication is not enabled');
    return this.#state;
  }

  async setState(state: SiteState | null): Promise<void> {
    await saveState(this.deps.layer.system, state);
    this.#state = state;
    const keep = new Set(this.peerIds());
    for (const [dep, q] of this.#queues) {
      if (keep.has(dep)) continue;
      this.#queues.delete(dep);
      await q.close();
    }
    for (const dep of keep) await this.#queue(dep);
  }

  /** The site replicator's secret (its service account, the same on every site). */
  replicatorSecret(): string {
    return this.deps.iam.getServiceAccount(SITE_REPLICATOR).secretKey;
  }

  /** Makes (or re-keys) the site replicator's service account of `parent`. */
  async ensureReplicator(parent: string, secretKey?: string): Promise<string> {
    const iam = this.deps.iam;
    if (iam.credentialKind(SITE_REPLICATOR) === 'service-account') {
      if (secretKey) await iam.updateServiceAccount(SITE_REPLICATOR, { secretKey });
      return secretKey ?? this.replicatorSecret();
    }
    const secret = secretKey ?? randomBytes(30).toString('base64url').slice(0, 40);
    await iam.addServiceAccount({ parentUser: parent, accessKey: SITE_REPLICATOR, secretKey: secret });
    return secret;
  }

  /** A client of a peer with the site replicator's keys. */
  peerClient(dep: string): PeerClient {
    const peer = this.requireEnabled().peers[dep];
    if (!peer) throw new S3Error('XMinioSiteReplicationInvalidRequest', 'peer not found');
    return new PeerClient({
      name: peer.name,
      endpoint: peer.endpoint,
      accessKey: SITE_REPLICATOR,
      secretKey: this.replicatorSecret(),
    });
  }

  /** Queues a change for every peer (durably: resolves once on disk). */
  async queueAll(record: SyncRecord): Promise<void> {
    const data = Buffer.from(JSON.stringify(record));
    await Promise.all([...this.#queues.values()].map((q) => q.append(data)));
  }

  async queueFor(dep: string, record: SyncRecord): Promise<void> {
    await (await this.#queue(dep)).append(Buffer.from(JSON.stringify(record)));
  }

  /** Records waiting per peer (for tests and status). */
  pending(): Record<string, number> {
    return Object.fromEntries([...this.#queues].map(([d, q]) => [d, q.pending]));
  }

  async #queue(dep: string): Promise<DurableQueue> {
    const have = this.#queues.get(dep);
    if (have) return have;
    const q = await DurableQueue.open({
      dir: path.join(this.deps.dataDir, '.queues', `site-replication-${dep}`),
      limit: 1_000_000,
      batchSize: 16,
      retryMinMs: this.deps.retryMs ?? 250,
      retryMaxMs: (this.deps.retryMs ?? 250) * 40,
      send: async (records) => {
        if (!this.#state?.peers[dep]) return;
        const client = this.peerClient(dep);
        for (const raw of records)
          await deliver(this.deps, client, JSON.parse(raw.toString('utf8')) as SyncRecord);
      },
    });
    this.#queues.set(dep, q);
    return q;
  }

  // ------------------------------------------------------------ object replication rules

  /** The ARN of the site layer's target for a peer on a bucket. */
  arnOf(dep: string, bucket: string): string {
    return targetArn(this.deps.region(), dep, bucket);
  }

  /**
   * Versioning on, one target and one rule per peer (deletes, delete markers and existing objects
   * replicated), any rule of a peer that left dropped; the bucket's own rules to other targets stay.
   */
  async configureBucket(bucket: string): Promise<void> {
    const state = this.#state;
    if (!state) return;
    const { layer, replication } = this.deps;
    const info = await bucketOrNull(layer, bucket);
    if (!info) return;
    if (info.versioning !== 'Enabled') await layer.setBucketVersioning(bucket, 'Enabled');
    const peers = this.peerIds();
    const secret = this.replicatorSecret();
    for (const dep of peers) {
      const peer = state.peers[dep];
      if (!peer) continue;
      const url = new URL(endpointUrl(peer.endpoint));
      const target: BucketTarget = {
        sourcebucket: bucket,
        endpoint: url.host,
        credentials: { accessKey: SITE_REPLICATOR, secretKey: secret } as BucketTarget['credentials'],
        targetbucket: bucket,
        secure: url.protocol === 'https:',
        api: 's3v4',
        arn: this.arnOf(dep, bucket),
        type: 'replication',
        replicationSync: false,
        disableProxy: false,
      };
      await replication.targets.putManaged(bucket, target);
    }
    const current = await replication.config(bucket);
    const own = (current?.rules ?? []).filter((r) => !r.id.startsWith(RULE_PREFIX));
    const rules: ReplicationRule[] = peers.map((dep, i) => ({
      id: `${RULE_PREFIX}${dep}`,
      priority: own.length + i + 1,
      status: 'Enabled',
      prefix: '',
      tags: {},
      arn: this.arnOf(dep, bucket),
      storageClass: '',
      deleteMarkerReplication: 'Enabled',
      deleteReplication: 'Enabled',
      existingObjectReplication: 'Enabled',
      replicaModifications: 'Enabled',
    }));
    const all = [...own, ...rules];
    await replication.setConfig(bucket, all.length > 0 ? { role: current?.role ?? '', rules: all } : null);
    await this.#dropStaleTargets(bucket, new Set(peers.map((d) => this.arnOf(d, bucket))));
  }

  /** Removes the site layer's targets of a bucket that are not in `keep`. */
  async #dropStaleTargets(bucket: string, keep: ReadonlySet<string>): Promise<void> {
    const { replication } = this.deps;
    const targets = await replication.targets.list(bucket);
    const stale = new Set(
      targets.map((t) => t.arn ?? '').filter((arn) => this.#isSiteArn(arn) && !keep.has(arn)),
    );
    if (stale.size === 0) return;
    for (const arn of stale) await replication.closeTarget(bucket, arn);
    await replication.targets.dropManaged(bucket, stale);
  }

  /** Takes the site layer's rules and targets off every bucket except those of `keepPeers`. */
  async unconfigureAll(keepPeers: string[]): Promise<void> {
    const { layer, replication } = this.deps;
    const keepIds = new Set(keepPeers.map((d) => `${RULE_PREFIX}${d}`));
    for (const b of await layer.listBuckets()) {
      const current = await replication.config(b.name);
      if (current) {
        const rules = current.rules.filter((r) => !r.id.startsWith(RULE_PREFIX) || keepIds.has(r.id));
        await replication.setConfig(b.name, rules.length > 0 ? { ...current, rules } : null);
      }
      await this.#dropStaleTargets(b.name, new Set(keepPeers.map((d) => this.arnOf(d, b.name))));
    }
  }

  #known = new Set<string>();

  /** Remembers the deployment ids the site layer made targets for (a removed peer's too). */
  rememberPeers(deps: string[]): void {
    for (const d of deps) this.#known.add(d);
  }

  #isSiteArn(arn: string): boolean {
    const id = arn.split(':')[4] ?? '';
    return this.#known.has(id) || Object.hasOwn(this.#state?.peers ?? {}, id);
  }

  /** Queues every version of every bucket for a peer (resync). */
  async resyncTo(dep: string): Promise<Array<{ bucket: string; status: string; errorDetail?: string }>> {
    const out: Array<{ bucket: string; status: string; errorDetail?: string }> = [];
    for (const b of await this.deps.layer.listBuckets()) {
      try {
        await this.deps.replication.resync(b.name, this.arnOf(dep, b.name), randomUUID());
        out.push({ bucket: b.name, status: 'Success' });
      } catch (err) {
        out.push({ bucket: b.name, status: 'Failed', errorDetail: (err as Error).message });
      }
    }
    return out;
  }

  // ------------------------------------------------------------ metainfo

  async metainfo(): Promise<SRInfo> {
    const { layer, iam } = this.deps;
    const Buckets: SRInfo['Buckets'] = {};
    for (const b of await layer.listBuckets()) Buckets[b.name] = await bucketInfoOf(layer, b);
    return {
      Enabled: this.enabled,
      Name: this.#state?.name ?? '',
      DeploymentID: this.deps.deploymentId,
      Buckets,
      ...iamInfo(iam),
      ReplicationCfg: {},
    };
  }

  peers(): PeerInfo[] {
    return Object.values(this.#state?.peers ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  }

  async close(): Promise<void> {
    const qs = [...this.#queues.values()];
    this.#queues.clear();
    await Promise.all(qs.map((q) => q.close()));
  }
}
