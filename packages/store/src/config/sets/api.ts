// SPDX-License-Identifier: Apache-2.0
import { parseGoDuration } from '../duration.js';
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';

/**
 * `api`: request admission (`requests_max` in flight, waiting at most `requests_deadline`, then S3's
 * 503 SlowDown), the CORS origins of S3 answers, the stale multipart-upload cleanup, and the Object
 * Ownership of new buckets (`object_ownership`, env `MINIO_API_OBJECT_OWNERSHIP`). Applies at once.
 * MinIO's other api keys (replication, transition, list quorum, O_DIRECT…) would have no effect here and
 * are left out.
 */
export const api: ConfigSetDef = {
  subSys: 'api',
  description:
    'manage global HTTP API call specific features, such as throttling, authentication types, etc.',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    optionalKey(
      'requests_max',
      'number',
      'set the maximum number of concurrent requests; 0 admits every request (no limit)',
      '0',
    ),
    optionalKey(
      'requests_deadline',
      'duration',
      'set the deadline for API requests waiting to be processed',
      '10s',
    ),
    {
      ...optionalKey(
        'cors_allow_origin',
        'csv',
        'set comma separated list of origins allowed for CORS requests',
        '*',
      ),
      validate: (v) =>
        v.split(',').some((o) => o.trim() === '') ? 'an origin in the list is empty' : undefined,
    },
    {
      ...optionalKey(
        'stale_uploads_expiry',
        'duration',
        'set to expire stale multipart uploads older than this values',
        '24h',
      ),
      validate: positiveDuration,
    },
    {
      ...optionalKey(
        'stale_uploads_cleanup_interval',
        'duration',
        'set to change intervals when stale multipart uploads are expired',
        '6h',
      ),
      validate: positiveDuration,
    },
    {
      key: 'object_ownership',
      type: 'enum',
      values: ['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter'],
      description:
        'set the Object Ownership of buckets created without x-amz-object-ownership (BucketOwnerEnforced|BucketOwnerPreferred|ObjectWriter); BucketOwnerEnforced disables ACLs, as AWS since 2023',
      optional: true,
      default: 'BucketOwnerEnforced',
    },
    COMMENT_KEY,
  ],
};

/** The type check (a Go duration) is the registry's; this refuses zero and negative ones. */
function positiveDuration(value: string): string | undefined {
  const ns = parseGoDuration(value);
  return ns !== null && ns <= 0 ? 'the duration must be greater than zero' : undefined;
}
