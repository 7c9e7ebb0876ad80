// Types of STS AssumeRole (PROTOCOL-NOTES §3; minio-go pkg/credentials/assume_role.go).

/** Temporary credentials, with the XML element names of `AssumeRoleResult/Credentials`. */
export interface StsCredentials {
  AccessKeyId: string;
  SecretAccessKey: string;
  SessionToken: string;
  /** RFC 3339. */
  Expiration: string;
}

export interface AssumeRoleOptions {
  /** `http(s)://host:port`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** 900..31536000; the server's default (3600) when omitted. */
  durationSeconds?: number;
  /** Session policy (JSON text or document) that narrows the caller's rights. */
  policy?: string | Record<string, unknown>;
  /** Signing region; empty like the console when omitted. */
  region?: string;
  signal?: AbortSignal;
}
