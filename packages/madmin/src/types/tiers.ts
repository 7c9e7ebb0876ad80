// SPDX-License-Identifier: Apache-2.0
// Wire types of remote tiers (madmin-go tier.go, tier-config.go, tier-*.go; PROTOCOL-NOTES §2). Keys
// are PascalCase on the wire (Go field names without JSON tags); secrets come back as `REDACTED`.
import { z } from 'zod';

/** The kinds of remote tier. */
export const tierTypeSchema = z.enum(['s3', 'azure', 'gcs', 'minio']);
export type TierType = z.infer<typeof tierTypeSchema>;

/** Fields every kind of tier has. */
const tierTarget = {
  Endpoint: z.string().optional(),
  Bucket: z.string().optional(),
  Prefix: z.string().optional(),
  Region: z.string().optional(),
};

/** An S3 tier. */
export const tierS3Schema = z.object({
  ...tierTarget,
  AccessKey: z.string().optional(),
  SecretKey: z.string().optional(),
  StorageClass: z.string().optional(),
  AWSRole: z.boolean().optional(),
});
export type TierS3 = z.infer<typeof tierS3Schema>;

/** An Azure tier. */
export const tierAzureSchema = z.object({
  ...tierTarget,
  AccountName: z.string().optional(),
  AccountKey: z.string().optional(),
  StorageClass: z.string().optional(),
});
export type TierAzure = z.infer<typeof tierAzureSchema>;

/** A GCS tier. */
export const tierGCSSchema = z.object({
  ...tierTarget,
  /** Base64 of the service account's credentials.json. */
  Creds: z.string().optional(),
  StorageClass: z.string().optional(),
});
export type TierGCS = z.infer<typeof tierGCSSchema>;

/** A MinIO tier. */
export const tierMinIOSchema = z.object({
  ...tierTarget,
  AccessKey: z.string().optional(),
  SecretKey: z.string().optional(),
});
export type TierMinIO = z.infer<typeof tierMinIOSchema>;

/** `PUT /tier` body (encrypted) and an entry of `GET /tier`. */
export const tierConfigSchema = z.object({
  /** `v1`. */
  Version: z.string(),
  Type: tierTypeSchema,
  /** Upper-case name the lifecycle rules refer to. */
  Name: z.string(),
  S3: tierS3Schema.optional(),
  Azure: tierAzureSchema.optional(),
  GCS: tierGCSSchema.optional(),
  MinIO: tierMinIOSchema.optional(),
});
export type TierConfig = z.infer<typeof tierConfigSchema>;

/** `GET /tier` response; MinIO sends `null` for none. */
export const tierConfigsSchema = z.array(tierConfigSchema).nullable();

/** `POST /tier/{name}` body (encrypted): new credentials. */
export const tierCredsSchema = z.object({
  access: z.string().optional(),
  secret: z.string().optional(),
  /** Base64 (Go []byte) of GCS credentials.json. */
  creds: z.string().optional(),
  awsrole: z.boolean(),
});
export type TierCreds = z.infer<typeof tierCredsSchema>;

/** Sizes and counts of what a tier holds; zero counts may be left out. */
export const tierStatsEntrySchema = z.object({
  totalSize: z.number().optional(),
  numVersions: z.number().optional(),
  numObjects: z.number().optional(),
});
export type TierStatsEntry = z.infer<typeof tierStatsEntrySchema>;

/** An entry of `GET /tier-stats`. */
export const tierInfoSchema = z.object({
  Name: z.string(),
  Type: z.string(),
  Stats: tierStatsEntrySchema,
  DailyStats: z.object({ Bins: z.array(tierStatsEntrySchema), UpdatedAt: z.string() }).optional(),
});
export type TierInfo = z.infer<typeof tierInfoSchema>;

/** `GET /tier-stats` response; MinIO sends `null` for none. */
export const tierInfosSchema = z.array(tierInfoSchema).nullable();
