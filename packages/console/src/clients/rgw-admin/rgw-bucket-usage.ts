// SPDX-License-Identifier: Apache-2.0
import { hasCapability } from '@stowage/contracts';
import type { SessionPayload } from '../../session/session-cookie.js';
import { createRgwAdminClient } from '../store-clients.js';
import type { StoreEndpoint } from '../store-endpoint.js';
import { rgwBucketUsage } from './rgw-admin-client.js';

/** A bucket's size and object count as Ceph RGW's bucket index counts them. */
export interface RgwBucketUsage {
  size: number;
  objects: number;
}

/**
 * The usage of every bucket (or one) on Ceph RGW, from ONE Admin Ops call (`GET /admin/bucket?stats=true`), for a
 * session whose sign-in found RGW's Admin Ops (issue 36); null otherwise, or when RGW refuses: the lists
 * then show no usage rather than a false 0.
 */
export async function readRgwBucketUsage(
  endpoint: StoreEndpoint,
  credentials: SessionPayload,
  /** Only this bucket (`GET /admin/bucket?bucket=…&stats=true`). */
  bucket?: string,
): Promise<Map<string, RgwBucketUsage> | null> {
  if (!hasCapability(credentials.caps, 'rgw-admin')) return null;
  try {
    const rgw = createRgwAdminClient(endpoint, credentials);
    const all = bucket === undefined ? await rgw.allBucketStats() : [await rgw.bucketStats(bucket)];
    return new Map(all.map((s) => [s.bucket, rgwBucketUsage(s)]));
  } catch {
    return null;
  }
}
