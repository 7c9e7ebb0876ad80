// SPDX-License-Identifier: Apache-2.0
import { ApiHttpError } from './api-http-error.js';

/**
 * Maps failures reported by the storage server (S3 XML errors through the `minio` SDK, admin JSON errors
 * through madmin, STS errors) to REST errors by their error *code* (PROTOCOL-NOTES §1, §3) — never by
 * comparing message text. The store's message becomes `detailedError`.
 */

/** Credentials the store no longer accepts: the console session is over. */
const sessionCodes = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidTokenId',
  'ExpiredToken',
  'InvalidToken',
  'InvalidClientTokenId',
]);
const forbiddenCodes = new Set(['AccessDenied', 'XMinioIAMActionNotAllowed', 'AllAccessDisabled']);
const notFoundCodes = new Set([
  'NoSuchBucket',
  'NoSuchKey',
  // a HEAD (statObject) has no body: minio-js reports its 404 under the code NotFound
  'NotFound',
  'NoSuchVersion',
  'NoSuchUpload',
  'NoSuchBucketPolicy',
  'NoSuchLifecycleConfiguration',
  'NoSuchTagSet',
  'ReplicationConfigurationNotFoundError',
  'ServerSideEncryptionConfigurationNotFoundError',
  'ObjectLockConfigurationNotFoundError',
  'NoSuchObjectLockConfiguration',
  'XMinioAdminNoSuchUser',
  'XMinioAdminNoSuchGroup',
  'XMinioAdminNoSuchPolicy',
  'XMinioAdminNoSuchQuotaConfiguration',
  'XMinioAdminNoSuchServiceAccount',
  'XMinioAdminNoSuchTier',
  'XMinioAdminTierNotFound',
  'XMinioAdminRemoteTargetNotFoundError',
  'XMinioAdminNoSuchConfigTarget',
  'XMinioAdminConfigIDPCfgNameDoesNotExist',
]);
/** A write over the user's or the bucket's quota (Ceph RGW's S3 answer, issue 36; MinIO's bucket quota). */
const quotaCodes = new Set(['QuotaExceeded', 'XMinioAdminBucketQuotaExceeded']);
const conflictCodes = new Set([
  'BucketAlreadyExists',
  'BucketAlreadyOwnedByYou',
  'BucketNotEmpty',
  'XMinioAdminGroupNotEmpty',
  'XMinioAdminPolicyInUse',
  'XMinioAdminTierAlreadyExists',
  'XMinioAdminTierInUse',
  'XMinioAdminConfigIDPCfgNameAlreadyExists',
  'OperationAborted',
  // a restore of a version on no tier (issue 19)
  'InvalidObjectState',
]);
const badRequestCodes = new Set([
  'InvalidArgument',
  'InvalidBucketName',
  'InvalidObjectName',
  'InvalidRequest',
  'InvalidParameterValue',
  'MissingParameter',
  'MalformedXML',
  'MalformedPolicy',
  'EntityTooLarge',
  'XMinioMalformedIAMPolicy',
  'XMinioInvalidResource',
  'XMinioAdminInvalidArgument',
  'XMinioAdminConfigBadJSON',
  'XMinioAdminConfigTooLarge',
  'XMinioConfigError',
  'XMinioAdminConfigInvalidIDPType',
  'XMinioAdminConfigLDAPNonDefaultConfigName',
  'XMinioAdminConfigEnvOverridden',
  'XMinioInvalidIAMCredentials',
  // Site replication (issue 34): MinIO's SR error codes; the message names the peer.
  'XMinioSiteReplicationInvalidRequest',
  'XMinioSiteReplicationPeerResp',
  'XMinioSiteReplicationConfigMissing',
  'InvalidStorageClass',
  'InvalidRetentionDate',
  'InvalidBucketState',
  // Server-side encryption (issue 18).
  'KMS.NotFoundException',
  'InvalidEncryptionAlgorithmError',
]);

/** The server does not have the operation at all (issue 24: s3rver, Ceph RGW, other S3 engines). */
const notImplementedCodes = new Set([
  'NotImplemented',
  'MethodNotAllowed',
  'XNotImplemented',
  // MinIO's answer (426) to an admin call it does not have, e.g. site replication on an older server.
  'XMinioAdminVersionMismatch',
]);

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
]);

/** Short user-facing titles per code; the store's own message goes into detailedError. */
const titles: Record<string, string> = {
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified object does not exist',
  BucketAlreadyExists: 'The requested bucket name is not available',
  BucketAlreadyOwnedByYou: 'Bucket already exists',
  BucketNotEmpty: 'The bucket you tried to delete is not empty',
  InvalidBucketName: 'The specified bucket name is not valid',
  XMinioConfigError: 'The configuration was refused',
  XMinioAdminConfigBadJSON: 'The configuration was refused',
  XMinioAdminNoSuchConfigTarget: 'No such configuration target',
  XMinioAdminTierInUse: 'The tier is in use',
  XMinioAdminConfigIDPCfgNameAlreadyExists: 'A configuration with this name already exists',
  XMinioAdminConfigIDPCfgNameDoesNotExist: 'No such configuration',
  XMinioSiteReplicationInvalidRequest: 'The site replication request is not valid',
  XMinioSiteReplicationPeerResp: 'A peer site answered with an error',
  XMinioSiteReplicationConfigMissing: 'The site is not part of site replication',
  QuotaExceeded: 'Quota exceeded',
  XMinioAdminBucketQuotaExceeded: 'Bucket quota exceeded',
};

function codeOf(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The REST error for a storage failure, or null when `err` is not one (a bug: the handler says 500). */
export function storeErrorToApiError(err: unknown): ApiHttpError | null {
  if (err instanceof ApiHttpError) return err;
  // fetch() reports a refused connection as TypeError('fetch failed') with the system error as cause.
  const cause = err instanceof Error ? codeOf(err.cause) : undefined;
  if (cause !== undefined && networkCodes.has(cause)) {
    return new ApiHttpError(503, 'The storage server cannot be reached', `${messageOf(err)} (${cause})`, {
      cause: err,
    });
  }
  const code = codeOf(err);
  // Node and Fastify internals carry codes too (ERR_*, FST_*): those are bugs or request errors, not the store's.
  if (code === undefined || code.startsWith('ERR_') || code.startsWith('FST_')) return null;
  // Some engines (Ceph RGW) answer with a code and no message: the detail then names the code.
  const detail = messageOf(err) || `The storage server answered ${code} without further detail.`;
  const title = titles[code];
  if (networkCodes.has(code))
    return new ApiHttpError(503, 'The storage server cannot be reached', detail, { cause: err });
  if (sessionCodes.has(code)) return new ApiHttpError(401, 'Session expired', detail, { cause: err });
  if (forbiddenCodes.has(code)) return new ApiHttpError(403, 'Access Denied', detail, { cause: err });
  if (quotaCodes.has(code)) return new ApiHttpError(403, title ?? 'Quota exceeded', detail, { cause: err });
  if (notFoundCodes.has(code)) return new ApiHttpError(404, title ?? 'Not found', detail, { cause: err });
  if (conflictCodes.has(code)) return new ApiHttpError(409, title ?? 'Conflict', detail, { cause: err });
  if (notImplementedCodes.has(code))
    return new ApiHttpError(501, 'This server does not provide this feature', `${code}: ${detail}`, {
      cause: err,
    });
  if (badRequestCodes.has(code))
    return new ApiHttpError(400, title ?? 'Invalid request', detail, { cause: err });
  const status =
    (err as { statusCode?: unknown; status?: unknown }).statusCode ?? (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiHttpError(status, title ?? code, detail, { cause: err });
  }
  return new ApiHttpError(502, 'The storage server reported an error', `${code}: ${detail}`, { cause: err });
}
