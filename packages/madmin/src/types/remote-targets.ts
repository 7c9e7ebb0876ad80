// Wire types of bucket remote targets (madmin-go remote-target-commands.go; PROTOCOL-NOTES §2, §7).
import type { Credentials } from './service-accounts.js';

/** `replication` (the only kind MinIO still creates) or `ilm`. */
export type ServiceType = 'replication' | 'ilm' | '';

/** A remote target of a bucket. Note the region's wire key is literally `omitempty` (a Go tag slip). */
export interface BucketTarget {
  sourcebucket: string;
  endpoint: string;
  credentials: Credentials | null;
  targetbucket: string;
  secure: boolean;
  path?: string;
  /** `s3v4`. */
  api?: string;
  arn?: string;
  type: ServiceType;
  omitempty?: string;
  bandwidthlimit?: number;
  replicationSync: boolean;
  storageclass?: string;
  /** Nanoseconds. */
  healthCheckDuration?: number;
  disableProxy: boolean;
  resetBeforeDate?: string;
  resetID?: string;
}

/** Which parts of an existing target an update replaces (query flags of `set-remote-target`). */
export type TargetUpdateType = 'creds' | 'sync' | 'proxy' | 'bandwidth' | 'healthcheck' | 'path';
