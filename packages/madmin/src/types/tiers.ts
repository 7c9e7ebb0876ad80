// Wire types of remote tiers (madmin-go tier.go, tier-config.go, tier-*.go; PROTOCOL-NOTES §2). Keys
// are PascalCase on the wire (Go field names without JSON tags); secrets come back as `REDACTED`.

export type TierType = 's3' | 'azure' | 'gcs' | 'minio';

export interface TierS3 {
  Endpoint?: string;
  AccessKey?: string;
  SecretKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
  AWSRole?: boolean;
}

export interface TierAzure {
  Endpoint?: string;
  AccountName?: string;
  AccountKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

export interface TierGCS {
  Endpoint?: string;
  /** Base64 of the service account's credentials.json. */
  Creds?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

export interface TierMinIO {
  Endpoint?: string;
  AccessKey?: string;
  SecretKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
}

/** `PUT /tier` body (encrypted) and an entry of `GET /tier`. */
export interface TierConfig {
  /** `v1`. */
  Version: string;
  Type: TierType;
  /** Upper-case name the lifecycle rules refer to. */
  Name: string;
  S3?: TierS3;
  Azure?: TierAzure;
  GCS?: TierGCS;
  MinIO?: TierMinIO;
}

/** `POST /tier/{name}` body (encrypted): new credentials. */
export interface TierCreds {
  access?: string;
  secret?: string;
  /** Base64 (Go []byte) of GCS credentials.json. */
  creds?: string;
  awsrole: boolean;
}

export interface TierStatsEntry {
  totalSize: number;
  numVersions: number;
  numObjects: number;
}

/** An entry of `GET /tier-stats`. */
export interface TierInfo {
  Name: string;
  Type: string;
  Stats: TierStatsEntry;
  DailyStats?: { Bins: TierStatsEntry[]; UpdatedAt: string };
}
