// SPDX-License-Identifier: Apache-2.0
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketVersioning. An unversioned bucket answers an empty configuration. */
export const getBucketVersioning: S3Handler = async (req, ctx) => {
  const info = await ctx.layer.getBucketInfo(req.bucket);
  return xmlResponse(
    'VersioningConfiguration',
    info.versioning === 'Unversioned' ? {} : { Status: info.versioning },
  );
};
