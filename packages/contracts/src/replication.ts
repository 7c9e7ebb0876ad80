// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';
import { bucketNameSchema } from './buckets.js';

/** Bucket replication (spec 1 §2.5, §4 "Replication wizard", §7, §9; issue 21). */

/** One rule of a bucket's replication configuration, as the Replication tab lists it. */
export const replicationRuleSchema = z
  .object({
    id: z.string(),
    priority: z.number().int(),
    status: z.enum(['Enabled', 'Disabled']),
    /** The destination: the remote target's ARN (the UI strips `arn:minio:replication:…:` for display). */
    destination: z.object({ bucket: z.string() }),
    prefix: z.string(),
    /** `k=v&k2=v2` ('' = none). */
    tags: z.string(),
    delete_marker_replication: z.boolean(),
    deletes_replication: z.boolean(),
    storageClass: z.string(),
    /** Metadata changes made on replicas replicate back (MinIO's ReplicaModifications). */
    metadata_replication: z.boolean().optional(),
    /** Existing objects are replicated too (ExistingObjectReplication). */
    existing_objects: z.boolean().optional(),
  })
  .meta({ id: 'ReplicationRule' });
export type ReplicationRule = z.infer<typeof replicationRuleSchema>;

/** PUT /api/v1/buckets/{bucket}/replication/{rule}: what the rule's edit form changes (its target stays). */
export const replicationRuleUpdateSchema = z
  .object({
    priority: z.number().int().positive('Priority must be a whole number above zero'),
    status: z.enum(['Enabled', 'Disabled']),
    prefix: z.string().default(''),
    /** `k=v&k2=v2` ('' = none). */
    tags: z
      .string()
      .regex(/^([^=&]+=[^=&]*(&[^=&]+=[^=&]*)*)?$/, 'Tags must be key=value pairs joined by &')
      .default(''),
    storageClass: z.string().default(''),
    replicateDeleteMarkers: z.boolean(),
    replicateDeletes: z.boolean(),
    replicateMetadata: z.boolean(),
  })
  .meta({ id: 'ReplicationRuleUpdate' });
export type ReplicationRuleUpdate = z.input<typeof replicationRuleUpdateSchema>;

/** Replication figures of a bucket (pending, failed, replicated: counts and bytes), summed over targets. */
export const replicationStatsSchema = z
  .object({
    pendingCount: z.number(),
    pendingSize: z.number(),
    failedCount: z.number(),
    failedSize: z.number(),
    replicatedCount: z.number(),
    replicatedSize: z.number(),
  })
  .meta({ id: 'ReplicationStats' });
export type ReplicationStats = z.infer<typeof replicationStatsSchema>;

/** GET /api/v1/buckets/{bucket}/replication. `stats` is absent where the server reports none. */
export const bucketReplicationSchema = z
  .object({ rules: z.array(replicationRuleSchema), stats: replicationStatsSchema.optional() })
  .meta({ id: 'BucketReplication' });
export type BucketReplication = z.infer<typeof bucketReplicationSchema>;

export const replicationRuleParamsSchema = z.object({ bucket: bucketNameSchema, rule: z.string().min(1) });

/** Where a remote server is and how to sign in to it (the wizard's Remote Configuration step). */
export const remoteConnectionSchema = z.object({
  accessKey: z.string().min(1, 'Access Key is required'),
  secretKey: z.string().min(1, 'Secret Key is required'),
  /** host[:port] (a scheme, when given, decides TLS). */
  targetURL: z.string().min(1, 'Target URL is required'),
  useTLS: z.boolean().default(true),
  region: z.string().default(''),
});

/** POST /api/v1/buckets-replication (spec 1 §7): one rule per origin → destination pair. */
export const multiBucketReplicationRequestSchema = remoteConnectionSchema
  .extend({
    bucketsRelation: z
      .array(z.object({ originBucket: bucketNameSchema, destinationBucket: bucketNameSchema }))
      .min(1, 'Select at least one bucket'),
    syncMode: z.enum(['async', 'sync']).default('async'),
    /** Bytes per second; 0 = no limit. */
    bandwidth: z.number().int().nonnegative().default(0),
    /** Seconds. */
    healthCheckPeriod: z.number().int().nonnegative().default(60),
    prefix: z.string().default(''),
    tags: z.string().default(''),
    replicateDeleteMarkers: z.boolean().default(true),
    replicateDeletes: z.boolean().default(true),
    replicateMetadata: z.boolean().default(true),
    /** 0 = after the bucket's existing rules. */
    priority: z.number().int().nonnegative().default(0),
    storageClass: z.string().default(''),
  })
  .meta({ id: 'MultiBucketReplicationRequest' });
export type MultiBucketReplicationRequest = z.input<typeof multiBucketReplicationRequestSchema>;

export const replicationResultSchema = z
  .object({
    replicationState: z.array(
      z.object({ originBucket: z.string(), targetBucket: z.string(), errorString: z.string() }),
    ),
  })
  .meta({ id: 'MultiBucketReplicationResult' });
export type ReplicationResult = z.infer<typeof replicationResultSchema>;

/** POST /api/v1/list-external-buckets: the buckets the remote credentials can list. */
export const listExternalBucketsRequestSchema = remoteConnectionSchema.meta({
  id: 'ListExternalBucketsRequest',
});
export type ListExternalBucketsRequest = z.input<typeof listExternalBucketsRequestSchema>;
export const externalBucketsSchema = z
  .object({ buckets: z.array(z.object({ name: z.string(), creation_date: z.string() })), total: z.number() })
  .meta({ id: 'ExternalBuckets' });
export type ExternalBuckets = z.infer<typeof externalBucketsSchema>;
