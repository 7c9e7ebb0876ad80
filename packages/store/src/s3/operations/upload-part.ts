// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { checksumHeader } from '../checksum/algorithms.js';
import { checksummedBody } from '../checksum/request.js';
import { contentMd5 } from '../metadata.js';
import { enforceQuota } from '../quota.js';
import { quoteEtag } from '../response.js';
import { uploadUnsealer } from '../sse/seal.js';
import type { S3Handler, S3Request } from '../types.js';
import { bodySize } from '../validate.js';

/** S3 caps a part at 5 GiB and numbers parts 1–10000. */
export const MAX_PART_SIZE = 5 * 1024 ** 3;

export function partNumberOf(req: S3Request): number {
  const raw = req.query.get('partNumber') ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 10000) {
    throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', {
      ArgumentName: 'partNumber',
      ArgumentValue: raw,
    });
  }
  return Number(raw);
}

export function uploadIdOf(req: S3Request): string {
  const id = req.query.get('uploadId') ?? '';
  if (id === '') throw new S3Error('NoSuchUpload');
  return id;
}

/** S3 API: UploadPart (body verified while streaming, like PutObject). */
export const uploadPart: S3Handler = async (req, ctx) => {
  const partNumber = partNumberOf(req);
  const uploadId = uploadIdOf(req);
  const md5 = contentMd5(req.headers);
  const upload = await ctx.layer.listParts(req.bucket, req.key, uploadId, { maxParts: 0 });
  const body = await checksummedBody(req, upload.checksum?.algo);
  const { data } = body;
  const size = bodySize(body.size, req.headers);
  if (size > MAX_PART_SIZE) throw new S3Error('EntityTooLarge');
  await enforceQuota(ctx, req.bucket, size);
  const sse = uploadUnsealer(req, ctx);
  const part = await ctx.layer.putObjectPart(req.bucket, req.key, uploadId, partNumber, data, {
    size,
    ...(md5 ? { contentMd5Base64: md5 } : {}),
    unseal: sse.unseal,
    ...(body.tap ? { bodyTap: body.tap } : {}),
    // A part keeps a checksum in its upload's algorithm only (the one its object's checksum uses).
    ...(upload.checksum ? { checksum: body.value } : {}),
  });
  const headers: Record<string, string> = { etag: quoteEtag(part.etag), ...sse.headers() };
  const value = body.value();
  if (body.algo && value) headers[checksumHeader(body.algo)] = value;
  return { status: 200, headers };
};
