// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type * as Minio from 'minio';
import { hasErrorCode } from './bucket-route-support.js';

/**
 * A bucket sub-resource through plain S3 (`?cors`, `?publicAccessBlock`, `?ownershipControls`; issue 36):
 * the XML document read, written and removed as any S3 client would.
 */

/** The sub-resource's XML; null when the server answers one of `noneCodes` (nothing configured). */
export async function readSubresourceXml(
  s3: Minio.Client,
  bucketName: string,
  query: string,
  ...noneCodes: string[]
): Promise<string | null> {
  try {
    const res = await s3.makeRequestAsync({ method: 'GET', bucketName, query }, '', [200]);
    return await text(res);
  } catch (err) {
    if (hasErrorCode(err, ...noneCodes)) return null;
    throw err;
  }
}

/** Replaces the sub-resource with `xml`, with the Content-MD5 S3 requires for these PUTs. */
export async function putSubresourceXml(
  s3: Minio.Client,
  bucketName: string,
  query: string,
  xml: string,
): Promise<void> {
  const headers = { 'Content-MD5': createHash('md5').update(xml).digest('base64') };
  await s3.makeRequestAsync({ method: 'PUT', bucketName, query, headers }, xml, [200]);
}

/** Removes the sub-resource (S3 answers 204; some servers 200). */
export async function deleteSubresource(s3: Minio.Client, bucketName: string, query: string): Promise<void> {
  await s3.makeRequestAsync({ method: 'DELETE', bucketName, query }, '', [200, 204]);
}
