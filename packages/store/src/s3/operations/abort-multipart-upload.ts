// SPDX-License-Identifier: Apache-2.0
import type { S3Handler } from '../types.js';
import { uploadIdOf } from './upload-part.js';

/** S3 API: AbortMultipartUpload. */
export const abortMultipartUpload: S3Handler = async (req, ctx) => {
  await ctx.layer.abortMultipartUpload(req.bucket, req.key, uploadIdOf(req));
  return { status: 204 };
};
