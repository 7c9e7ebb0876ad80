// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { BucketTarget } from '@stowage/madmin';
import { S3Error } from '../core/errors.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { RemoteClient, RemoteError } from './remote.js';

/**
 * Remote targets of buckets (MinIO's bucket targets): kept as the madmin BucketTarget list in the
 * bucket's `targets` config document (the layer writes it atomically on every drive). A target is
 * checked before it is saved: the endpoint answers, the credentials work, the target bucket exists
 * with versioning enabled, and the source bucket is versioned.
 */

/** MinIO's replication ARN: `arn:minio:replication:<region>:<id>:<bucket>`. */
export function targetArn(region: string, id: string, bucket: string): string {
  return `arn:minio:replication:${region}:${id}:${bucket}`;
}

export function clientOf(t: BucketTarget): RemoteClient {
  return new RemoteClient({
    endpoint: t.endpoint,
    secure: t.secure,
    accessKey: t.credentials?.accessKey ?? '',
    secretKey: t.credentials?.secretKey ?? '',
    region: t.omitempty ?? '',
    bandwidthLimit: t.bandwidthlimit ?? 0,
  });
}

export async function readTargets(layer: ObjectLayer, bucket: string): Promise<BucketTarget[]> {
  const raw = await layer.getBucketConfig(bucket, 'targets');
  return raw ? (JSON.parse(raw.toString('utf8')) as BucketTarget[]) : [];
}

async function writeTargets(layer: ObjectLayer, bucket: string, targets: BucketTarget[]): Promise<void> {
  await layer.putBucketConfig(
    bucket,
    'targets',
    targets.length === 0 ? null : Buffer.from(JSON.stringify(targets)),
  );
}

/** Checks a target before it is saved; the admin error MinIO gives for each failure. */
export async function checkTarget(layer: ObjectLayer, t: BucketTarget, selfHost: string): Promise<void> {
  const source = await layer.getBucketInfo(t.sourcebucket);
  if (source.versioning !== 'Enabled') {
    throw new S3Error('XMinioReplicationSourceNotVersionedError');
  }
  if (t.type !== 'replication') {
    throw new S3Error('XMinioAdminInvalidArgument', `remote target type '${t.type}' is not supported`);
  }
  if (!t.endpoint || !t.targetbucket || !t.credentials?.accessKey) {
    throw new S3Error('XMinioAdminInvalidArgument', 'endpoint, targetbucket and credentials are required');
  }
  if (t.endpoint === selfHost && t.targetbucket === t.sourcebucket) {
    throw new S3Error('XMinioAdminRemoteIdenticalToSource');
  }
  let status: string;
  try {
    status = await clientOf(t).versioning(t.targetbucket);
  } catch (err) {
    if (err instanceof RemoteError && err.code === 'NoSuchBucket') {
      throw new S3Error('XMinioAdminRemoteDestinationNotFoundError', undefined, {
        BucketName: t.targetbucket,
      });
    }
    if (err instanceof RemoteError && (err.status === 403 || err.status === 401)) {
      throw new S3Error(
        'XMinioAdminReplicationRemoteConnectionError',
        `The remote target refused the credentials: ${err.message}`,
      );
    }
    throw new S3Error('XMinioAdminReplicationRemoteConnectionError', (err as Error).message);
  }
  if (status !== 'Enabled') throw new S3Error('XMinioAdminRemoteTargetNotVersionedError');
}

/** Which parts of an existing target `set-remote-target?update=true` replaces (query flags). */
export interface TargetUpdate {
  creds?: boolean;
  sync?: boolean;
  proxy?: boolean;
  bandwidth?: boolean;
  healthcheck?: boolean;
  path?: boolean;
}

export class RemoteTargets {
  constructor(
    private readonly layer: ObjectLayer,
    private readonly region: () => string,
    private readonly selfHost: () => string,
  ) {}

  list(bucket: string): Promise<BucketTarget[]> {
    return readTargets(this.layer, bucket);
  }

  /** Every bucket's targets (admin list with no bucket). */
  async listAll(): Promise<BucketTarget[]> {
    const buckets = await this.layer.listBuckets();
    const lists = await Promise.all(buckets.map((b) => readTargets(this.layer, b.name)));
    return lists.flat();
  }

  async get(bucket: string, arn: string): Promise<BucketTarget | undefined> {
    return (await this.list(bucket)).find((t) => t.arn === arn);
  }

  /** Adds a target after checking it; returns its ARN. XMinioAdminBucketRemoteAlreadyExists for a repeat. */
  async add(bucket: string, input: BucketTarget): Promise<string> {
    const t: BucketTarget = { ...input, sourcebucket: bucket, type: input.type || 'replication' };
    await checkTarget(this.layer, t, this.selfHost());
    const targets = await this.list(bucket);
    if (targets.some((x) => x.endpoint === t.endpoint && x.targetbucket === t.targetbucket)) {
      throw new S3Error('XMinioAdminBucketRemoteAlreadyExists');
    }
    const region = t.omitempty || this.region();
    t.arn = targetArn(region, randomUUID(), t.targetbucket);
    t.api = t.api || 's3v4';
    await writeTargets(this.layer, bucket, [...targets, t]);
    return t.arn;
  }

  /** Edits the parts of an existing target named by `what`; returns its ARN. */
  async update(bucket: string, input: BucketTarget, what: TargetUpdate): Promise<string> {
    const targets = await this.list(bucket);
    const i = targets.findIndex(
      (x) => x.arn === input.arn || (x.endpoint === input.endpoint && x.targetbucket === input.targetbucket),
    );
    const cur = targets[i];
    if (i < 0 || !cur) throw new S3Error('XMinioAdminRemoteTargetNotFoundError');
    const next: BucketTarget = { ...cur };
    if (what.creds) next.credentials = input.credentials;
    if (what.sync) next.replicationSync = input.replicationSync;
    if (what.proxy) next.disableProxy = input.disableProxy;
    if (what.bandwidth) next.bandwidthlimit = input.bandwidthlimit ?? 0;
    if (what.healthcheck) next.healthCheckDuration = input.healthCheckDuration ?? 0;
    if (what.path) next.path = input.path ?? '';
    if (what.creds) await checkTarget(this.layer, next, this.selfHost());
    targets[i] = next;
    await writeTargets(this.layer, bucket, targets);
    return next.arn ?? '';
  }

  /**
   * Adds or replaces (same ARN) a target the site layer manages, without the reachability checks of
   * {@link add}: a peer site may not have the bucket yet, and the queue retries until it does.
   */
  async putManaged(bucket: string, target: BucketTarget): Promise<void> {
    const targets = (await this.list(bucket)).filter((t) => t.arn !== target.arn);
    await writeTargets(this.layer, bucket, [...targets, { ...target, sourcebucket: bucket }]);
  }

  /** Drops the targets with these ARNs (the site layer's, rules already gone); returns those dropped. */
  async dropManaged(bucket: string, arns: ReadonlySet<string>): Promise<BucketTarget[]> {
    const targets = await this.list(bucket);
    const dropped = targets.filter((t) => arns.has(t.arn ?? ''));
    if (dropped.length > 0) {
      await writeTargets(
        this.layer,
        bucket,
        targets.filter((t) => !arns.has(t.arn ?? '')),
      );
    }
    return dropped;
  }

  /** Removes a target; refused while a replication rule of the bucket uses it. */
  async remove(bucket: string, arn: string, inUse: boolean): Promise<void> {
    const targets = await this.list(bucket);
    if (!targets.some((t) => t.arn === arn)) throw new S3Error('XMinioAdminRemoteTargetNotFoundError');
    if (inUse) throw new S3Error('XMinioAdminRemoteRemoveDisallowed');
    await writeTargets(
      this.layer,
      bucket,
      targets.filter((t) => t.arn !== arn),
    );
  }
}
