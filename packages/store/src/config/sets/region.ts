// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';

/** MinIO's rule for region names (a letter, then letters, digits, '-' or '_'). */
const REGION_NAME = /^[a-zA-Z][a-zA-Z0-9_-]+$/;

/** Checks a region name (the `region` set's `name`, the `site` set's `region`). */
export function regionProblem(v: string): string | undefined {
  return REGION_NAME.test(v)
    ? undefined
    : `'${v}' is not a region name: a letter, then letters, digits, '-' or '_'`;
}

/**
 * `region`: the location this server reports (GetBucketLocation, HeadBucket's x-amz-bucket-region, admin
 * info) and the region SigV4 signatures must be scoped to, unless the `site` set's `region` (MinIO's newer
 * name for it) is set. As in MinIO it takes effect at the next (admin service) restart. Environment:
 * MINIO_REGION_NAME.
 */
export const regionSet: ConfigSetDef = {
  subSys: 'region',
  description: 'label the location of the server',
  multipleTargets: false,
  apply: 'restart',
  keys: [
    {
      key: 'name',
      type: 'string',
      description: 'name of the location of the server e.g. "us-west-rack2"',
      optional: true,
      default: '',
      validate: regionProblem,
    },
    {
      key: 'comment',
      type: 'sentence',
      description: 'optionally add a comment to this setting',
      optional: true,
      default: '',
    },
  ],
};
