// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { PAB_FIELDS, publicAccessBlock } from '../access/settings.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetPublicAccessBlock (NoSuchPublicAccessBlockConfiguration when none is set). */
export const getPublicAccessBlock: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const pab = await publicAccessBlock(ctx, req.bucket);
  if (!pab) throw new S3Error('NoSuchPublicAccessBlockConfiguration', undefined, { BucketName: req.bucket });
  return xmlResponse(
    'PublicAccessBlockConfiguration',
    Object.fromEntries(PAB_FIELDS.map((f) => [f, pab[f]])),
  );
};
