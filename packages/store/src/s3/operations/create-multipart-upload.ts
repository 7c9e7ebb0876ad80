// SPDX-License-Identifier: Apache-2.0
import { uploadChecksumFromHeaders } from '../checksum/multipart.js';
import { replicationWriteOptions } from '../replication-hooks.js';
import { xmlResponse } from '../response.js';
import { sseResponseHeaders } from '../sse/seal.js';
import type { S3Handler } from '../types.js';
import { newObjectOptions } from '../write-options.js';

/** S3 API: CreateMultipartUpload: metadata, tags and lock settings are fixed now, applied at Complete. */
export const createMultipartUpload: S3Handler = async (req, ctx) => {
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  const opts = await newObjectOptions(req, ctx, bucket);
  const uploadChecksum = uploadChecksumFromHeaders(req.headers);
  const uploadId = await ctx.layer.newMultipartUpload(req.bucket, req.key, {
    ...opts,
    ...(uploadChecksum ? { uploadChecksum } : {}),
    ...(await replicationWriteOptions(req, ctx, opts.tags, 'upload')),
  });
  const headers: Record<string, string> = {
    ...sseResponseHeaders(opts.encryption?.record, opts.encryption?.customer),
    ...(uploadChecksum
      ? { 'x-amz-checksum-algorithm': uploadChecksum.algo, 'x-amz-checksum-type': uploadChecksum.type }
      : {}),
  };
  return xmlResponse(
    'InitiateMultipartUploadResult',
    { Bucket: req.bucket, Key: req.key, UploadId: uploadId },
    { headers },
  );
};
