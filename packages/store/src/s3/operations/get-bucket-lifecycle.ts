// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { readLifecycle } from '../../lifecycle/store.js';
import { lifecycleXml } from '../lifecycle-xml.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetBucketLifecycleConfiguration (NoSuchLifecycleConfiguration when the bucket has none). */
export const getBucketLifecycle: S3Handler = async (req, ctx) => {
  const config = await readLifecycle(ctx.layer, req.bucket);
  if (!config) throw new S3Error('NoSuchLifecycleConfiguration', undefined, { BucketName: req.bucket });
  return xmlResponse('LifecycleConfiguration', lifecycleXml(config));
};
