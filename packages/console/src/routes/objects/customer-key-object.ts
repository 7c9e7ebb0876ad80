// SPDX-License-Identifier: Apache-2.0
import type * as Minio from 'minio';
import { listVersionsPage } from './listing.js';

/**
 * An object encrypted with a customer-provided key (SSE-C) answers a HeadObject without that key with
 * 400 Bad Request and no body (S3 and MinIO alike), and the console never has the key. What the details
 * panel needs is then taken from the version listing (size, date, ETag, version id, which need no key),
 * as the HEAD headers that carry them, with the SSE-C algorithm header that marks the object as SSE-C.
 * Null when the listing does not have the version either.
 */
export async function customerKeyObjectHeaders(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
): Promise<Record<string, string> | null> {
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix: key,
      delimiter: '',
      maxKeys: 100,
      ...(keyMarker === undefined ? {} : { keyMarker, versionIdMarker }),
    });
    for (const v of page.versions) {
      // Versions come grouped by key in key order: a longer key sharing the prefix ends the search.
      if (v.key !== key) return null;
      if (v.isDeleteMarker || (versionId === undefined ? !v.isLatest : v.versionId !== versionId)) continue;
      return {
        'content-length': String(v.size ?? 0),
        'last-modified': new Date(v.lastModified).toUTCString(),
        etag: `"${v.etag ?? ''}"`,
        ...(v.versionId === 'null' ? {} : { 'x-amz-version-id': v.versionId }),
        'x-amz-server-side-encryption-customer-algorithm': 'AES256',
      };
    }
    if (!page.isTruncated || page.nextKeyMarker === undefined) return null;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
  }
}
