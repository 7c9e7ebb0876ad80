// SPDX-License-Identifier: Apache-2.0
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from '../core/errors.js';
import { listConditions } from './listing.js';
import { abortMultipartUpload } from './operations/abort-multipart-upload.js';
import { completeMultipartUpload } from './operations/complete-multipart-upload.js';
import { copyObject } from './operations/copy-object.js';
import { createBucket } from './operations/create-bucket.js';
import { createMultipartUpload } from './operations/create-multipart-upload.js';
import { deleteBucket } from './operations/delete-bucket.js';
import { deleteBucketLifecycle } from './operations/delete-bucket-lifecycle.js';
import { deleteBucketPolicy } from './operations/delete-bucket-policy.js';
import { deleteBucketReplication } from './operations/delete-bucket-replication.js';
import { deleteBucketTagging } from './operations/delete-bucket-tagging.js';
import { deleteObject } from './operations/delete-object.js';
import { deleteObjectTagging } from './operations/delete-object-tagging.js';
import { deleteObjects } from './operations/delete-objects.js';
import { getAcl } from './operations/get-acl.js';
import { getBucketEncryption } from './operations/get-bucket-encryption.js';
import { getBucketLifecycle } from './operations/get-bucket-lifecycle.js';
import { getBucketLocation } from './operations/get-bucket-location.js';
import { getBucketNotification } from './operations/get-bucket-notification.js';
import { getBucketPolicy } from './operations/get-bucket-policy.js';
import { getBucketReplication } from './operations/get-bucket-replication.js';
import { getBucketReplicationMetrics } from './operations/get-bucket-replication-metrics.js';
import { getBucketReplicationResetStatus } from './operations/get-bucket-replication-reset-status.js';
import { getBucketTagging } from './operations/get-bucket-tagging.js';
import { getBucketVersioning } from './operations/get-bucket-versioning.js';
import { getObject } from './operations/get-object.js';
import { getObjectLegalHold } from './operations/get-object-legal-hold.js';
import { getObjectLockConfiguration } from './operations/get-object-lock-configuration.js';
import { getObjectRetention } from './operations/get-object-retention.js';
import { getObjectTagging } from './operations/get-object-tagging.js';
import { getObjectTorrent } from './operations/get-object-torrent.js';
import { headBucket } from './operations/head-bucket.js';
import { headObject } from './operations/head-object.js';
import { listBuckets } from './operations/list-buckets.js';
import { listMultipartUploads } from './operations/list-multipart-uploads.js';
import { listObjectVersions } from './operations/list-object-versions.js';
import { listObjectsV1 } from './operations/list-objects-v1.js';
import { listObjectsV2 } from './operations/list-objects-v2.js';
import { listParts } from './operations/list-parts.js';
import { listenBucketNotification } from './operations/listen-bucket-notification.js';
import { notImplemented } from './operations/not-implemented.js';
import { postObject } from './operations/post-object.js';
import { putAcl } from './operations/put-acl.js';
import { deleteBucketEncryption, putBucketEncryption } from './operations/put-bucket-encryption.js';
import { putBucketLifecycle } from './operations/put-bucket-lifecycle.js';
import { putBucketNotification } from './operations/put-bucket-notification.js';
import { putBucketPolicy } from './operations/put-bucket-policy.js';
import { putBucketReplication } from './operations/put-bucket-replication.js';
import { putBucketTagging } from './operations/put-bucket-tagging.js';
import { putBucketVersioning } from './operations/put-bucket-versioning.js';
import { putObject } from './operations/put-object.js';
import { putObjectLegalHold } from './operations/put-object-legal-hold.js';
import { putObjectLockConfiguration } from './operations/put-object-lock-configuration.js';
import { putObjectRetention } from './operations/put-object-retention.js';
import { putObjectTagging } from './operations/put-object-tagging.js';
import { resetBucketReplication } from './operations/reset-bucket-replication.js';
import { restoreObject } from './operations/restore-object.js';
import { uploadPart } from './operations/upload-part.js';
import { uploadPartCopy } from './operations/upload-part-copy.js';
import { S3_COMPLETENESS_ROUTES } from './routes-completeness.js';
import type { RouteLevel, S3Route } from './types.js';

/** Sub-resources the store does not implement: every method on them answers NotImplemented. */
const UNIMPLEMENTED_BUCKET = [
  'website',
  'logging',
  'accelerate',
  'requestPayment',
  'analytics',
  'metrics',
  'inventory',
  'intelligent-tiering',
];
const UNIMPLEMENTED_OBJECT = ['select'];

function unimplemented(level: RouteLevel, sub: string): S3Route[] {
  return ['GET', 'PUT', 'DELETE', 'POST', 'HEAD'].map((method) => ({
    name: `NotImplemented(${sub})`,
    method,
    level,
    query: [sub],
    handler: notImplemented(`The ?${sub} sub-resource`),
  }));
}

/**
 * Every S3 route, selected by method, level (service / bucket / object), required sub-resource query
 * keys and, for copies, the `x-amz-copy-source` header. Matching picks the route that names the most
 * sub-resources, so `PUT ?uploadId&partNumber` wins over plain `PUT`.
 */
export const S3_ROUTES: readonly S3Route[] = [
  // Service.
  { name: 'ListBuckets', method: 'GET', level: 'service', handler: listBuckets },

  // Bucket sub-resources.
  {
    name: 'GetBucketReplication',
    method: 'GET',
    level: 'bucket',
    query: ['replication'],
    action: 's3:GetReplicationConfiguration',
    handler: getBucketReplication,
  },
  {
    name: 'PutBucketReplication',
    method: 'PUT',
    level: 'bucket',
    query: ['replication'],
    action: 's3:PutReplicationConfiguration',
    handler: putBucketReplication,
  },
  {
    name: 'DeleteBucketReplication',
    method: 'DELETE',
    level: 'bucket',
    query: ['replication'],
    action: 's3:PutReplicationConfiguration',
    handler: deleteBucketReplication,
  },
  {
    name: 'GetBucketReplicationMetrics',
    method: 'GET',
    level: 'bucket',
    query: ['replication-metrics'],
    action: 's3:GetReplicationConfiguration',
    handler: getBucketReplicationMetrics,
  },
  {
    name: 'ResetBucketReplication',
    method: 'PUT',
    level: 'bucket',
    query: ['replication-reset'],
    action: 's3:ResetBucketReplicationState',
    handler: resetBucketReplication,
  },
  {
    name: 'ResetBucketReplicationStatus',
    method: 'GET',
    level: 'bucket',
    query: ['replication-reset-status'],
    action: 's3:ResetBucketReplicationState',
    handler: getBucketReplicationResetStatus,
  },
  {
    name: 'GetBucketVersioning',
    method: 'GET',
    level: 'bucket',
    query: ['versioning'],
    action: 's3:GetBucketVersioning',
    handler: getBucketVersioning,
  },
  {
    name: 'PutBucketVersioning',
    method: 'PUT',
    level: 'bucket',
    query: ['versioning'],
    action: 's3:PutBucketVersioning',
    handler: putBucketVersioning,
  },
  {
    name: 'GetBucketTagging',
    method: 'GET',
    level: 'bucket',
    query: ['tagging'],
    action: 's3:GetBucketTagging',
    handler: getBucketTagging,
  },
  {
    name: 'PutBucketTagging',
    method: 'PUT',
    level: 'bucket',
    query: ['tagging'],
    action: 's3:PutBucketTagging',
    handler: putBucketTagging,
  },
  {
    name: 'DeleteBucketTagging',
    method: 'DELETE',
    level: 'bucket',
    query: ['tagging'],
    action: 's3:PutBucketTagging',
    handler: deleteBucketTagging,
  },
  {
    name: 'GetBucketNotification',
    method: 'GET',
    level: 'bucket',
    query: ['notification'],
    action: 's3:GetBucketNotification',
    handler: getBucketNotification,
  },
  {
    name: 'PutBucketNotification',
    method: 'PUT',
    level: 'bucket',
    query: ['notification'],
    action: 's3:PutBucketNotification',
    handler: putBucketNotification,
  },
  {
    name: 'GetObjectLockConfiguration',
    method: 'GET',
    level: 'bucket',
    query: ['object-lock'],
    action: 's3:GetBucketObjectLockConfiguration',
    handler: getObjectLockConfiguration,
  },
  {
    name: 'PutObjectLockConfiguration',
    method: 'PUT',
    level: 'bucket',
    query: ['object-lock'],
    action: 's3:PutBucketObjectLockConfiguration',
    handler: putObjectLockConfiguration,
  },
  {
    name: 'GetBucketPolicy',
    method: 'GET',
    level: 'bucket',
    query: ['policy'],
    action: 's3:GetBucketPolicy',
    handler: getBucketPolicy,
  },
  {
    name: 'PutBucketPolicy',
    method: 'PUT',
    level: 'bucket',
    query: ['policy'],
    action: 's3:PutBucketPolicy',
    handler: putBucketPolicy,
  },
  {
    name: 'DeleteBucketPolicy',
    method: 'DELETE',
    level: 'bucket',
    query: ['policy'],
    action: 's3:DeleteBucketPolicy',
    handler: deleteBucketPolicy,
  },
  {
    name: 'GetBucketLocation',
    method: 'GET',
    level: 'bucket',
    query: ['location'],
    action: 's3:GetBucketLocation',
    handler: getBucketLocation,
  },
  {
    name: 'GetBucketEncryption',
    method: 'GET',
    level: 'bucket',
    query: ['encryption'],
    action: 's3:GetEncryptionConfiguration',
    handler: getBucketEncryption,
  },
  {
    name: 'PutBucketEncryption',
    method: 'PUT',
    level: 'bucket',
    query: ['encryption'],
    action: 's3:PutEncryptionConfiguration',
    handler: putBucketEncryption,
  },
  {
    name: 'DeleteBucketEncryption',
    method: 'DELETE',
    level: 'bucket',
    query: ['encryption'],
    action: 's3:PutEncryptionConfiguration',
    handler: deleteBucketEncryption,
  },
  {
    name: 'GetBucketAcl',
    method: 'GET',
    level: 'bucket',
    query: ['acl'],
    action: 's3:GetBucketAcl',
    handler: getAcl,
  },
  {
    name: 'PutBucketAcl',
    method: 'PUT',
    level: 'bucket',
    query: ['acl'],
    action: 's3:PutBucketAcl',
    handler: putAcl,
  },
  ...S3_COMPLETENESS_ROUTES,
  {
    name: 'ListMultipartUploads',
    method: 'GET',
    level: 'bucket',
    query: ['uploads'],
    action: 's3:ListBucketMultipartUploads',
    handler: listMultipartUploads,
  },
  {
    name: 'ListObjectVersions',
    method: 'GET',
    level: 'bucket',
    query: ['versions'],
    action: 's3:ListBucketVersions',
    conditions: listConditions,
    handler: listObjectVersions,
  },
  { name: 'DeleteObjects', method: 'POST', level: 'bucket', query: ['delete'], handler: deleteObjects },
  {
    name: 'ListenBucketNotification',
    method: 'GET',
    level: 'bucket',
    query: ['events'],
    action: 's3:ListenBucketNotification',
    handler: listenBucketNotification,
  },
  {
    name: 'GetBucketLifecycleConfiguration',
    method: 'GET',
    level: 'bucket',
    query: ['lifecycle'],
    action: 's3:GetLifecycleConfiguration',
    handler: getBucketLifecycle,
  },
  {
    name: 'PutBucketLifecycleConfiguration',
    method: 'PUT',
    level: 'bucket',
    query: ['lifecycle'],
    action: 's3:PutLifecycleConfiguration',
    handler: putBucketLifecycle,
  },
  {
    name: 'DeleteBucketLifecycle',
    method: 'DELETE',
    level: 'bucket',
    query: ['lifecycle'],
    action: 's3:PutLifecycleConfiguration',
    handler: deleteBucketLifecycle,
  },
  ...unimplemented('bucket', 'events').filter((r) => r.method !== 'GET'),
  ...UNIMPLEMENTED_BUCKET.flatMap((s) => unimplemented('bucket', s)),

  // Bucket.
  {
    name: 'ListObjectsV2',
    method: 'GET',
    level: 'bucket',
    query: ['list-type'],
    action: 's3:ListBucket',
    conditions: listConditions,
    handler: listObjectsV2,
  },
  {
    name: 'ListObjectsV1',
    method: 'GET',
    level: 'bucket',
    action: 's3:ListBucket',
    conditions: listConditions,
    handler: listObjectsV1,
  },
  { name: 'HeadBucket', method: 'HEAD', level: 'bucket', action: 's3:ListBucket', handler: headBucket },
  { name: 'CreateBucket', method: 'PUT', level: 'bucket', action: 's3:CreateBucket', handler: createBucket },
  {
    name: 'DeleteBucket',
    method: 'DELETE',
    level: 'bucket',
    action: 's3:DeleteBucket',
    handler: deleteBucket,
  },
  {
    name: 'PostPolicyUpload',
    method: 'POST',
    level: 'bucket',
    handler: postObject,
  },

  // Object sub-resources.
  {
    name: 'GetObjectTagging',
    method: 'GET',
    level: 'object',
    query: ['tagging'],
    action: 's3:GetObjectTagging',
    handler: getObjectTagging,
  },
  {
    name: 'PutObjectTagging',
    method: 'PUT',
    level: 'object',
    query: ['tagging'],
    action: 's3:PutObjectTagging',
    handler: putObjectTagging,
  },
  {
    name: 'DeleteObjectTagging',
    method: 'DELETE',
    level: 'object',
    query: ['tagging'],
    action: 's3:DeleteObjectTagging',
    handler: deleteObjectTagging,
  },
  {
    name: 'GetObjectRetention',
    method: 'GET',
    level: 'object',
    query: ['retention'],
    action: 's3:GetObjectRetention',
    handler: getObjectRetention,
  },
  {
    name: 'PutObjectRetention',
    method: 'PUT',
    level: 'object',
    query: ['retention'],
    action: 's3:PutObjectRetention',
    handler: putObjectRetention,
  },
  {
    name: 'GetObjectLegalHold',
    method: 'GET',
    level: 'object',
    query: ['legal-hold'],
    action: 's3:GetObjectLegalHold',
    handler: getObjectLegalHold,
  },
  {
    name: 'PutObjectLegalHold',
    method: 'PUT',
    level: 'object',
    query: ['legal-hold'],
    action: 's3:PutObjectLegalHold',
    handler: putObjectLegalHold,
  },
  {
    name: 'GetObjectAcl',
    method: 'GET',
    level: 'object',
    query: ['acl'],
    action: 's3:GetObjectAcl',
    handler: getAcl,
  },
  {
    name: 'PutObjectAcl',
    method: 'PUT',
    level: 'object',
    query: ['acl'],
    action: 's3:PutObjectAcl',
    handler: putAcl,
  },
  {
    name: 'UploadPartCopy',
    method: 'PUT',
    level: 'object',
    query: ['partNumber', 'uploadId'],
    header: 'x-amz-copy-source',
    action: 's3:PutObject',
    handler: uploadPartCopy,
  },
  {
    name: 'UploadPart',
    method: 'PUT',
    level: 'object',
    query: ['partNumber', 'uploadId'],
    action: 's3:PutObject',
    handler: uploadPart,
  },
  {
    name: 'CreateMultipartUpload',
    method: 'POST',
    level: 'object',
    query: ['uploads'],
    action: 's3:PutObject',
    handler: createMultipartUpload,
  },
  {
    name: 'CompleteMultipartUpload',
    method: 'POST',
    level: 'object',
    query: ['uploadId'],
    action: 's3:PutObject',
    handler: completeMultipartUpload,
  },
  {
    name: 'AbortMultipartUpload',
    method: 'DELETE',
    level: 'object',
    query: ['uploadId'],
    action: 's3:AbortMultipartUpload',
    handler: abortMultipartUpload,
  },
  {
    name: 'ListParts',
    method: 'GET',
    level: 'object',
    query: ['uploadId'],
    action: 's3:ListMultipartUploadParts',
    handler: listParts,
  },
  {
    name: 'RestoreObject',
    method: 'POST',
    level: 'object',
    query: ['restore'],
    action: 's3:RestoreObject',
    handler: restoreObject,
  },
  ...unimplemented('object', 'restore').filter((r) => r.method !== 'POST'),
  ...UNIMPLEMENTED_OBJECT.flatMap((s) => unimplemented('object', s)),

  // Object.
  {
    name: 'CopyObject',
    method: 'PUT',
    level: 'object',
    header: 'x-amz-copy-source',
    action: 's3:PutObject',
    handler: copyObject,
  },
  { name: 'PutObject', method: 'PUT', level: 'object', action: 's3:PutObject', handler: putObject },
  { name: 'GetObject', method: 'GET', level: 'object', action: 's3:GetObject', handler: getObject },
  {
    name: 'GetObjectTorrent',
    method: 'GET',
    level: 'object',
    query: ['torrent'],
    action: 's3:GetObject',
    handler: getObjectTorrent,
  },
  { name: 'HeadObject', method: 'HEAD', level: 'object', action: 's3:GetObject', handler: headObject },
  {
    name: 'DeleteObject',
    method: 'DELETE',
    level: 'object',
    action: 's3:DeleteObject',
    handler: deleteObject,
  },
];

/** S3_ROUTES by method and level, in their order (a request scans only its own few). */
const ROUTES_BY_KIND = new Map<string, S3Route[]>();
for (const r of S3_ROUTES) {
  const kind = `${r.method} ${r.level}`;
  const list = ROUTES_BY_KIND.get(kind);
  if (list) list.push(r);
  else ROUTES_BY_KIND.set(kind, [r]);
}
const NO_ROUTES: readonly S3Route[] = [];

function hasAll(query: URLSearchParams, names: readonly string[]): boolean {
  for (const n of names) if (!query.has(n)) return false;
  return true;
}

function routesOf(method: string, level: RouteLevel): readonly S3Route[] {
  return ROUTES_BY_KIND.get(`${method} ${level}`) ?? NO_ROUTES;
}

/**
 * Picks the route for a request; MethodNotAllowed when nothing matches (e.g. POST on an object
 * without a multipart sub-resource).
 */
export function matchRoute(
  method: string,
  level: RouteLevel,
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
): S3Route {
  let best: S3Route | undefined;
  let bestScore = -1;
  for (const r of routesOf(method, level)) {
    if (r.query && !hasAll(query, r.query)) continue;
    if (r.header && headers[r.header] === undefined) continue;
    const score = (r.query?.length ?? 0) * 2 + (r.header ? 1 : 0);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  if (!best) throw new S3Error('MethodNotAllowed');
  return best;
}
