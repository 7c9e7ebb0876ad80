// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { hashedStream } from '../checksum/request.js';
import { resolveCopySource } from '../copy-source.js';
import { enforceQuota } from '../quota.js';
import { resolveCopyRange } from '../range.js';
import { quoteEtag, xmlResponse } from '../response.js';
import { copySourceUnsealer, uploadUnsealer } from '../sse/seal.js';
import type { S3Handler } from '../types.js';
import { xmlDate } from '../xml.js';
import { MAX_PART_SIZE, partNumberOf, uploadIdOf } from './upload-part.js';

/** S3 API: UploadPartCopy: a part made from (a byte range of) an existing object. */
export const uploadPartCopy: S3Handler = async (req, ctx) => {
  const partNumber = partNumberOf(req);
  const uploadId = uploadIdOf(req);
  const { info } = await resolveCopySource(req, ctx);
  const rangeHeader = req.headers['x-amz-copy-source-range'];
  const range = resolveCopyRange(Array.isArray(rangeHeader) ? rangeHeader[0] : rangeHeader, info.size);
  const size = range ? range.end - range.start + 1 : info.size;
  if (size > MAX_PART_SIZE) throw new S3Error('EntityTooLarge');
  await enforceQuota(ctx, req.bucket, size);
  const sse = uploadUnsealer(req, ctx);
  const { stream } = await ctx.layer.getObject(info.bucket, info.key, {
    versionId: info.versionId,
    ...(range ? { range } : {}),
    unseal: copySourceUnsealer(req, ctx, info),
  });
  // A part of an upload made with a checksum algorithm gets its checksum, as an uploaded part does.
  const upload = await ctx.layer.listParts(req.bucket, req.key, uploadId, { maxParts: 0 });
  const hashed = upload.checksum ? await hashedStream(stream, upload.checksum.algo) : undefined;
  try {
    const part = await ctx.layer.putObjectPart(
      req.bucket,
      req.key,
      uploadId,
      partNumber,
      hashed?.stream ?? stream,
      {
        size,
        unseal: sse.unseal,
        ...(hashed ? { checksum: hashed.value } : {}),
      },
    );
    const headers: Record<string, string> = { ...sse.headers() };
    if (info.versionId !== 'null') headers['x-amz-copy-source-version-id'] = info.versionId;
    return xmlResponse(
      'CopyPartResult',
      {
        LastModified: xmlDate(part.lastModified),
        ETag: quoteEtag(part.etag),
        ...(upload.checksum && part.checksum ? { [`Checksum${upload.checksum.algo}`]: part.checksum } : {}),
      },
      { headers },
    );
  } finally {
    stream.destroy();
  }
};
