// SPDX-License-Identifier: Apache-2.0
import type * as Minio from 'minio';
import { ApiHttpError, apiErrors } from '../../errors/api-http-error.js';
import { customerKeyObjectHeaders } from './customer-key-object.js';

/**
 * Shared by the routes that act on one object (share, download, retention, legal hold, tags): the version
 * id check and the wording of object-lock failures.
 */

/**
 * Version ids travel in S3 query strings the SDK builds without escaping them, so only the characters
 * version ids are made of (UUIDs, AWS's base62 ids with '.', '_' and '-', and "null") are accepted.
 */
export function checkVersionId(versionId: string | undefined): string | undefined {
  if (versionId === undefined || versionId === '') return undefined;
  if (!/^[A-Za-z0-9._~-]{1,1024}$/.test(versionId)) {
    throw apiErrors.badRequest(`'${versionId}' is not a valid version ID.`);
  }
  return versionId;
}

function codeOf(err: unknown): string | undefined {
  const code = err !== null && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * S3 answers object-lock calls (retention, legal hold) on a bucket created without object locking with
 * InvalidRequest; say so in words a user can act on. Other errors go to the shared store-error mapping.
 */
export function objectLockError(err: unknown): unknown {
  if (codeOf(err) === 'InvalidRequest') {
    return new ApiHttpError(
      400,
      'Object locking is not enabled on this bucket',
      `${err instanceof Error ? err.message : String(err)}. Retention and legal hold need a bucket created with object locking.`,
      { cause: err },
    );
  }
  return err;
}

export function isAccessDenied(err: unknown): boolean {
  return codeOf(err) === 'AccessDenied';
}

/**
 * S3 API: HeadObject. A HEAD answer has no body, so the SDK reports a missing object or version as code
 * 'NotFound' rather than NoSuchKey; that is a 404 here like every other missing object.
 */
export async function statObject(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<Minio.BucketItemStat> {
  try {
    return await s3.statObject(bucket, key, versionId === undefined ? {} : { versionId });
  } catch (err) {
    if (codeOf(err) === 'NotFound') {
      throw new ApiHttpError(
        404,
        'The specified object does not exist',
        versionId === undefined
          ? `No object '${key}' in bucket '${bucket}'.`
          : `No version ${versionId} of '${key}' in bucket '${bucket}'.`,
        { cause: err },
      );
    }
    throw await headError(s3, bucket, key, versionId, err);
  }
}

/**
 * The error to report for a HeadObject that failed with `err`: a HEAD refused with no code (400) of a
 * listed object is one encrypted with a customer key (SSE-C), which gets {@link customerKeyNeeded}.
 */
export async function headError(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  err: unknown,
): Promise<unknown> {
  if (codeOf(err) === '' && (await customerKeyObjectHeaders(s3, bucket, key, versionId)) !== null) {
    return customerKeyNeeded(key, err);
  }
  return err;
}

const CUSTOMER_KEY_NEEDED = 'The object needs its customer key';

/** The console cannot read an SSE-C object: it never has the customer's key. */
export function customerKeyNeeded(key: string, cause: unknown): ApiHttpError {
  return new ApiHttpError(
    400,
    CUSTOMER_KEY_NEEDED,
    `'${key}' is encrypted with a customer-provided key (SSE-C). The console does not have the key, so it cannot download, preview or share the object; use an S3 client that sends the key.`,
    { cause },
  );
}

/** Whether `err` is the console's {@link customerKeyNeeded} error or the store's answer that it stands for. */
export function isCustomerKeyNeeded(err: unknown): boolean {
  return (
    (err instanceof ApiHttpError && err.errorMessage === CUSTOMER_KEY_NEEDED) || isMissingCustomerKey(err)
  );
}

/** S3's (and MinIO's) InvalidRequest to a GET of an SSE-C object without the customer key. */
export function isMissingCustomerKey(err: unknown): boolean {
  return (
    codeOf(err) === 'InvalidRequest' &&
    err instanceof Error &&
    err.message.startsWith('The object was stored using a form of Server Side Encryption')
  );
}
