// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY } from './keys.js';
import { regionProblem } from './region.js';

/** MinIO's rule for site names: lower-case letters, digits and '-', starting with a letter. */
const SITE_NAME = /^[a-z][a-z0-9-]+$/;

/**
 * `site`: MinIO's label of the server (`name`) and its location (`region`, which supersedes the older
 * `region` set's `name`: MINIO_SITE_REGION over MINIO_REGION_NAME). The region is what S3 reports and
 * SigV4 signatures are scoped to (config/region.ts). The name labels this deployment; site replication
 * keeps its own peer names (given when sites are added), as in MinIO. Like `region`, it takes effect at
 * the next service restart.
 */
export const siteSet: ConfigSetDef = {
  subSys: 'site',
  description: 'label the server and its location',
  multipleTargets: false,
  apply: 'restart',
  keys: [
    {
      key: 'name',
      type: 'string',
      description: 'name for the site e.g. "cal-rack0"',
      optional: true,
      default: '',
      validate: (v) =>
        SITE_NAME.test(v)
          ? undefined
          : `'${v}' is not a site name: a lower-case letter, then lower-case letters, digits or '-'`,
    },
    {
      key: 'region',
      type: 'string',
      description: 'name of the location of the server e.g. "us-west-1"',
      optional: true,
      default: '',
      validate: regionProblem,
    },
    COMMENT_KEY,
  ],
};
