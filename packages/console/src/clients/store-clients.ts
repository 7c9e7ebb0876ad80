// SPDX-License-Identifier: Apache-2.0
import { assumeRole, MadminClient, type PolicyDocument, type StsCredentials } from '@stowage/madmin';
import * as Minio from 'minio';
import type { SessionPayload } from '../session/session-cookie.js';
import { RgwAdminClient } from './rgw-admin/rgw-admin-client.js';
import { RgwTopicsClient, type RgwTopicsClientOptions } from './rgw-admin/rgw-topics-client.js';
import type { StoreEndpoint } from './store-endpoint.js';

/**
 * The console reaches storage only over the wire (DESIGN "three parts"): S3 through the `minio` SDK, the
 * admin API and STS through `@stowage/madmin`. This file is the one seam between the routes and those
 * clients, so a change of either client's surface touches only here.
 */

/** The region a session's S3 requests are signed for: the one learnt at sign-in, else the configured one. */
export function sessionS3Region(endpoint: StoreEndpoint, creds: Pick<SessionPayload, 'region'>): string {
  return creds.region || endpoint.s3Region;
}

/** The credentials a client signs with: a session's (STS or the user's own keys), or keys being verified. */
type SigningKeys = Pick<SessionPayload, 'accessKey' | 'secretKey' | 'sessionToken' | 'region'>;

export function createS3Client(
  endpoint: StoreEndpoint,
  creds: SigningKeys,
  options: { signIn?: boolean } = {},
): Minio.Client {
  const { connection } = endpoint;
  return new Minio.Client({
    endPoint: endpoint.host,
    port: endpoint.port,
    useSSL: endpoint.useSSL,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    sessionToken: creds.sessionToken,
    region: sessionS3Region(endpoint, creds),
    pathStyle: connection.pathStyle,
    transport: (options.signIn ? connection.signInTransport : connection.transport) as never,
    transportAgent: connection.agent,
  });
}

/** An admin-API client with the session's credentials: STS ones, or in `keys` mode the user's own. */
export function createAdminClient(endpoint: StoreEndpoint, creds: SigningKeys): MadminClient {
  return new MadminClient({
    endpoint: endpoint.url,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    sessionToken: creds.sessionToken,
    region: endpoint.region,
    fetch: endpoint.connection.fetch,
  });
}

/** How the RGW clients reach the gateway: the session's keys, signed as its S3 requests are. */
function rgwOptions(endpoint: StoreEndpoint, creds: SigningKeys): RgwTopicsClientOptions {
  return {
    endpoint: endpoint.url,
    accessKey: creds.accessKey,
    secretKey: creds.secretKey,
    sessionToken: creds.sessionToken,
    region: sessionS3Region(endpoint, creds),
    fetch: endpoint.connection.fetch,
  };
}

/** A Ceph RGW Admin Ops client (issue 36) with the session's keys. */
export function createRgwAdminClient(endpoint: StoreEndpoint, creds: SigningKeys): RgwAdminClient {
  return new RgwAdminClient(rgwOptions(endpoint, creds));
}

/** The SNS-compatible topic API of the session's server (Ceph RGW), signed by the session's keys. */
export function createRgwTopicsClient(endpoint: StoreEndpoint, creds: SigningKeys): RgwTopicsClient {
  return new RgwTopicsClient(rgwOptions(endpoint, creds));
}

/** Temporary credentials for a form login (PROTOCOL-NOTES §3 AssumeRole). */
export interface IssuedCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The region the server accepted the sign-in for; S3 requests of the session are signed for it. */
  region: string;
}

/**
 * The region a server names when it refuses a request signed for another one: the answer's `Region`
 * element, else the "expecting '<region>'" of its message; undefined for any other failure.
 */
export function expectedRegion(err: unknown): string | undefined {
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== 'AuthorizationHeaderMalformed')
    return undefined;
  const named = (err as { region?: unknown }).region;
  return (typeof named === 'string' && named) || /expecting '([^']+)'/.exec(err.message)?.[1] || undefined;
}

export async function assumeRoleForLogin(
  endpoint: StoreEndpoint,
  accessKey: string,
  secretKey: string,
  durationSeconds: number,
): Promise<IssuedCredentials> {
  const attempt = (region: string) =>
    assumeRole({
      endpoint: endpoint.url,
      accessKey,
      secretKey,
      region,
      durationSeconds,
      fetch: endpoint.connection.fetch,
      timeoutMs: endpoint.connection.timeoutMs,
    });
  let region = endpoint.region;
  let issued: Awaited<ReturnType<typeof assumeRole>>;
  try {
    issued = await attempt(region);
  } catch (err) {
    // The server runs in another region than the one configured (or none is configured): sign again for
    // the region it names, once, as AWS SDKs follow a region redirect.
    const expected = expectedRegion(err);
    if (expected === undefined || expected === region) throw err;
    region = expected;
    issued = await attempt(region);
  }
  return issuedCredentials(issued, durationSeconds, region || endpoint.s3Region);
}

/** An STS answer's credentials, signing for `region`; they expire at its Expiration, else in `durationSeconds`. */
export function issuedCredentials(
  c: StsCredentials,
  durationSeconds: number,
  region: string,
): IssuedCredentials {
  const expiration = Date.parse(c.Expiration);
  return {
    accessKey: c.AccessKeyId,
    secretKey: c.SecretAccessKey,
    sessionToken: c.SessionToken,
    expiresAt: Number.isFinite(expiration) ? expiration : Date.now() + durationSeconds * 1000,
    region,
  };
}

/** One bucket of `accountinfo`, as the bucket list needs it. */
export interface AccountBucket {
  name: string;
  created: string;
  size: number;
  objects: number;
  read: boolean;
  write: boolean;
  details?: {
    versioning: boolean;
    versioningSuspended: boolean;
    locking: boolean;
    replication: boolean;
    quota?: { quota: number; type: string };
  };
}

export interface AccountSummary {
  accountName: string;
  /** The caller's effective policy document as the store sent it (null when it sent none). */
  policy: PolicyDocument | null;
  /** BackendInfo.Type: 1 = FS (single drive), 2 = Erasure; 0 when the server left it out. */
  backendType: number;
  buckets: AccountBucket[];
  /** Claims usable as policy variables (jwt:*, ldap:*), when the store reports them. */
  claims: Record<string, string>;
}

/** GET /minio/admin/v3/accountinfo with the caller's credentials: one call for policy and buckets. */
export async function readAccountInfo(admin: MadminClient): Promise<AccountSummary> {
  const info = await admin.accountInfo();
  return {
    accountName: info.AccountName,
    policy: info.Policy ?? null,
    backendType: info.Server?.Type ?? 0,
    claims: {},
    buckets: (info.Buckets ?? []).map((b) => ({
      name: b.name,
      created: b.created,
      size: b.size,
      objects: b.objects,
      read: b.access.read,
      write: b.access.write,
      ...(b.details === undefined || b.details === null
        ? {}
        : {
            details: {
              versioning: b.details.versioning,
              versioningSuspended: b.details.versioningSuspended,
              locking: b.details.locking,
              replication: b.details.replication,
              ...(b.details.quota?.quota
                ? { quota: { quota: b.details.quota.quota, type: b.details.quota.quotatype ?? 'hard' } }
                : {}),
            },
          }),
    })),
  };
}

/**
 * Whether `accessKey` names a user of the store's own IAM, asked with that user's own long-term keys
 * (GetUser on oneself is always allowed — with STS keys it is not, so this runs at sign-in). Root is no
 * IAM user (XMinioAdminNoSuchUser), so root, like SSO/LDAP identities, cannot change a password here.
 */
export async function isBuiltinUser(
  endpoint: StoreEndpoint,
  accessKey: string,
  secretKey: string,
): Promise<boolean> {
  const admin = new MadminClient({
    endpoint: endpoint.url,
    accessKey,
    secretKey,
    region: endpoint.region,
    fetch: endpoint.connection.fetch,
    timeoutMs: endpoint.connection.timeoutMs,
  });
  try {
    await admin.getUserInfo(accessKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the server stores objects erasure-coded (the spec's "distributed mode"). `accountinfo` says so
 * for every caller; when it does not, ask `/info` and then `/storageinfo`, which need admin:ServerInfo or
 * admin:StorageInfo; a caller allowed neither is told "not distributed".
 */
export async function isDistributed(admin: MadminClient, account: AccountSummary): Promise<boolean> {
  if (account.backendType === 2) return true;
  if (account.backendType === 1) return false;
  try {
    const info = await admin.serverInfo();
    if (info.backend?.backendType !== undefined) return info.backend.backendType.toLowerCase() === 'erasure';
  } catch {
    // Not allowed or not supported: try the next source.
  }
  try {
    return (await admin.storageInfo()).Backend.Type === 2;
  } catch {
    return false;
  }
}
