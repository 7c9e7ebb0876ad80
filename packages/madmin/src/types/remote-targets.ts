// SPDX-License-Identifier: Apache-2.0
// Wire types of bucket remote targets (madmin-go remote-target-commands.go; PROTOCOL-NOTES §2, §7).
import { z } from 'zod';
import { credentialsSchema } from './service-accounts.js';

/** `replication` (the only kind MinIO still creates) or `ilm`. */
export const serviceTypeSchema = z.enum(['replication', 'ilm', '']);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

/** A remote target of a bucket. Note the region's wire key is literally `omitempty` (a Go tag slip). */
export const bucketTargetSchema = z.object({
  sourcebucket: z.string(),
  endpoint: z.string(),
  credentials: credentialsSchema.nullable(),
  targetbucket: z.string(),
  secure: z.boolean(),
  path: z.string().optional(),
  /** `s3v4`. */
  api: z.string().optional(),
  arn: z.string().optional(),
  type: serviceTypeSchema,
  omitempty: z.string().optional(),
  bandwidthlimit: z.number().optional(),
  replicationSync: z.boolean(),
  storageclass: z.string().optional(),
  /** Nanoseconds. */
  healthCheckDuration: z.number().optional(),
  disableProxy: z.boolean(),
  resetBeforeDate: z.string().optional(),
  resetID: z.string().optional(),
});
export type BucketTarget = z.infer<typeof bucketTargetSchema>;

/** `GET /list-remote-targets` response; MinIO sends `null` for none. */
export const bucketTargetsSchema = z.array(bucketTargetSchema).nullable();

/** `PUT /set-remote-target` response: the target's ARN as a JSON string. */
export const setRemoteTargetResponseSchema = z.string();

/** Which parts of an existing target an update replaces (query flags of `set-remote-target`). */
export type TargetUpdateType = 'creds' | 'sync' | 'proxy' | 'bandwidth' | 'healthcheck' | 'path';
