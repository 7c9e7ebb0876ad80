// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { matchRoute } from './router.js';

function route(
  method: string,
  level: 'service' | 'bucket' | 'object',
  query = '',
  headers: Record<string, string> = {},
): string {
  return matchRoute(method, level, new URLSearchParams(query), headers).name;
}

describe('S3 router', () => {
  it('selects operations by method, level, sub-resources and the copy-source header', () => {
    expect(route('GET', 'service')).toBe('ListBuckets');
    expect(route('GET', 'bucket')).toBe('ListObjectsV1');
    expect(route('GET', 'bucket', 'list-type=2&prefix=a')).toBe('ListObjectsV2');
    expect(route('GET', 'bucket', 'versions&prefix=a')).toBe('ListObjectVersions');
    expect(route('GET', 'bucket', 'uploads')).toBe('ListMultipartUploads');
    expect(route('PUT', 'bucket')).toBe('CreateBucket');
    expect(route('PUT', 'bucket', 'versioning')).toBe('PutBucketVersioning');
    expect(route('POST', 'bucket', 'delete')).toBe('DeleteObjects');
    expect(route('PUT', 'object')).toBe('PutObject');
    expect(route('PUT', 'object', '', { 'x-amz-copy-source': '/b/k' })).toBe('CopyObject');
    expect(route('PUT', 'object', 'partNumber=1&uploadId=u')).toBe('UploadPart');
    expect(route('PUT', 'object', 'partNumber=1&uploadId=u', { 'x-amz-copy-source': '/b/k' })).toBe(
      'UploadPartCopy',
    );
    expect(route('PUT', 'object', 'tagging', { 'x-amz-copy-source': '/b/k' })).toBe('PutObjectTagging');
    expect(route('GET', 'object', 'versionId=1')).toBe('GetObject');
    expect(route('GET', 'object', 'uploadId=u')).toBe('ListParts');
    expect(route('POST', 'object', 'uploads')).toBe('CreateMultipartUpload');
    expect(route('POST', 'object', 'uploadId=u')).toBe('CompleteMultipartUpload');
    expect(route('DELETE', 'object', 'uploadId=u')).toBe('AbortMultipartUpload');
    expect(route('GET', 'bucket', 'lifecycle')).toBe('GetBucketLifecycleConfiguration');
    expect(route('GET', 'bucket', 'replication')).toBe('GetBucketReplication');
    expect(route('GET', 'bucket', 'website')).toBe('NotImplemented(website)');
    expect(route('GET', 'bucket', 'encryption')).toBe('GetBucketEncryption');
  });

  it('answers MethodNotAllowed when nothing matches', () => {
    expect(() => route('POST', 'object')).toThrow();
    try {
      route('PATCH', 'bucket');
    } catch (err) {
      expect(isS3Error(err, 'MethodNotAllowed')).toBe(true);
    }
  });
});
