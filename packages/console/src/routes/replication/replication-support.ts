// SPDX-License-Identifier: Apache-2.0
import type { ReplicationRule, ReplicationStats } from '@stowage/contracts';
import * as Minio from 'minio';
import { ApiHttpError } from '../../errors/api-http-error.js';
import { hasErrorCode } from '../buckets/bucket-route-support.js';

/**
 * Shared by the replication routes: the remote server's address from the form, rules as the minio SDK
 * reads and writes them, and the figures of `?replication-metrics` (issue 21).
 */

export interface RemoteAddress {
  host: string;
  port: number;
  useSSL: boolean;
}

/** `host[:port]` or a URL; a scheme in the URL decides TLS, else `useTLS`. */
export function remoteAddress(targetURL: string, useTLS: boolean): RemoteAddress {
  const withScheme = /^[a-z]+:\/\//i.test(targetURL)
    ? targetURL
    : `${useTLS ? 'https' : 'http'}://${targetURL}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ApiHttpError(400, 'Invalid target URL', `'${targetURL}' is not a host[:port] or URL`);
  }
  const useSSL = url.protocol === 'https:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
  };
}

/** `host:port` as a MinIO remote target's endpoint. */
export function endpointOf(a: RemoteAddress): string {
  return `${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`;
}

export function remoteClient(
  a: RemoteAddress,
  creds: { accessKey: string; secretKey: string; region: string },
): Minio.Client {
  return new Minio.Client({
    endPoint: a.host,
    port: a.port,
    useSSL: a.useSSL,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    ...(creds.region ? { region: creds.region } : {}),
    pathStyle: true,
  });
}

type Raw = Record<string, unknown>;

function list(v: unknown): Raw[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]) as Raw[];
}

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

function enabled(v: unknown): boolean {
  return str((v as Raw | undefined)?.Status) === 'Enabled';
}

/** Rules of a configuration as the minio SDK parsed it (`ReplicationConfiguration.rules`). */
export function rulesFromSdk(raw: Raw[]): ReplicationRule[] {
  return raw.map((r) => {
    const filter = (r.Filter ?? {}) as Raw;
    const and = filter.And as Raw | undefined;
    const tags = list(and ? and.Tag : filter.Tag).filter((t) => str(t.Key) !== '');
    const dest = (r.Destination ?? {}) as Raw;
    return {
      id: str(r.ID),
      priority: Number(r.Priority ?? 0),
      status: str(r.Status) === 'Enabled' ? 'Enabled' : 'Disabled',
      destination: { bucket: str(dest.Bucket) },
      prefix: str(and ? and.Prefix : (filter.Prefix ?? r.Prefix)),
      tags: tags
        .map((t) => `${encodeURIComponent(str(t.Key))}=${encodeURIComponent(str(t.Value))}`)
        .join('&'),
      delete_marker_replication: enabled(r.DeleteMarkerReplication),
      deletes_replication: enabled(r.DeleteReplication),
      storageClass: str(dest.StorageClass),
      // Absent means on (as the store and MinIO read it).
      metadata_replication:
        str(
          ((r.SourceSelectionCriteria as Raw | undefined)?.ReplicaModifications as Raw | undefined)?.Status,
        ) !== 'Disabled',
      existing_objects: enabled(r.ExistingObjectReplication),
    };
  });
}

/** A rule as the minio SDK writes it (xml2js objects). */
export function ruleToSdk(r: ReplicationRule): Raw {
  const tags = r.tags
    ? r.tags.split('&').map((kv) => {
        const [k = '', v = ''] = kv.split('=');
        return { Key: decodeURIComponent(k), Value: decodeURIComponent(v) };
      })
    : [];
  const filter = tags.length === 0 ? { Prefix: r.prefix } : { And: { Prefix: r.prefix, Tag: tags } };
  return {
    ID: r.id,
    Status: r.status,
    Priority: r.priority,
    DeleteMarkerReplication: { Status: r.delete_marker_replication ? 'Enabled' : 'Disabled' },
    DeleteReplication: { Status: r.deletes_replication ? 'Enabled' : 'Disabled' },
    ...(r.metadata_replication !== undefined
      ? {
          SourceSelectionCriteria: {
            ReplicaModifications: { Status: r.metadata_replication ? 'Enabled' : 'Disabled' },
          },
        }
      : {}),
    ...(r.existing_objects !== undefined
      ? { ExistingObjectReplication: { Status: r.existing_objects ? 'Enabled' : 'Disabled' } }
      : {}),
    Filter: filter,
    Destination: {
      Bucket: r.destination.bucket,
      ...(r.storageClass ? { StorageClass: r.storageClass } : {}),
    },
  };
}

/** The bucket's rules; [] when it has no replication configuration. */
export async function readRules(s3: Minio.Client, bucket: string): Promise<ReplicationRule[]> {
  try {
    const cfg = (await s3.getBucketReplication(bucket)) as unknown as {
      ReplicationConfiguration?: { rules?: Raw[] };
    };
    return rulesFromSdk(cfg.ReplicationConfiguration?.rules ?? []);
  } catch (err) {
    if (hasErrorCode(err, 'ReplicationConfigurationNotFoundError')) return [];
    throw err;
  }
}

/** Saves the rules (removes the configuration when none are left). */
export async function writeRules(s3: Minio.Client, bucket: string, rules: ReplicationRule[]): Promise<void> {
  if (rules.length === 0) {
    await s3.removeBucketReplication(bucket);
    return;
  }
  // The SDK insists on a Role; MinIO reads it as the (single) target's ARN.
  const arns = [...new Set(rules.map((r) => r.destination.bucket))];
  await s3.setBucketReplication(bucket, {
    role: arns.length === 1 ? (arns[0] as string) : ' ',
    rules: rules.map(ruleToSdk),
  } as unknown as Parameters<Minio.Client['setBucketReplication']>[1]);
}

/** `GET /<bucket>?replication-metrics` summed over targets; undefined where the server has none. */
export async function readStats(s3: Minio.Client, bucket: string): Promise<ReplicationStats | undefined> {
  try {
    const res = await s3.makeRequestAsync({
      method: 'GET',
      bucketName: bucket,
      query: 'replication-metrics',
    });
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const m = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, number>;
    return {
      pendingCount: m.pendingReplicationCount ?? 0,
      pendingSize: m.pendingReplicationSize ?? 0,
      failedCount: m.failedReplicationCount ?? 0,
      failedSize: m.failedReplicationSize ?? 0,
      replicatedCount: m.replicationCount ?? 0,
      replicatedSize: m.completedReplicationSize ?? 0,
    };
  } catch {
    return undefined;
  }
}
