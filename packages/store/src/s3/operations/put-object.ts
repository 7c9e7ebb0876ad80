// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { PutObjectOptions } from '../../object-layer/types.js';
import { checksummedBody, checksumResponseHeaders } from '../checksum/request.js';
import { writePrecondition } from '../conditional-write.js';
import { addExpirationHeader } from '../expiration.js';
import { contentMd5 } from '../metadata.js';
import { publishObjectEvent } from '../notify.js';
import { enforceQuota } from '../quota.js';
import { replicateVersion, replicationWriteOptions } from '../replication-hooks.js';
import { quoteEtag } from '../response.js';
import { sseResponseHeaders } from '../sse/seal.js';
import type { S3Handler } from '../types.js';
import { bodySize } from '../validate.js';
import { newObjectOptions } from '../write-options.js';

/** S3 caps a single PUT at 5 GiB. */
export const MAX_PUT_SIZE = 5 * 1024 ** 3;

/**
 * S3 API: PutObject. The body arrives verified-as-it-streams (signed hash / chunk signatures /
 * Content-MD5 are checked before the layer commits), so a failed check never leaves an object.
 */
export const putObject: S3Handler = async (req, ctx) => {
  const bucket = await ctx.layer.getBucketInfo(req.bucket);
  const opts = await newObjectOptions(req, ctx, bucket);
  const md5 = contentMd5(req.headers);
  const precondition = await writePrecondition(req, ctx);
  // As AWS: a body sent without a checksum gets a CRC64NVME full-object one.
  const body = await checksummedBody(req, undefined, 'CRC64NVME');
  const { data } = body;
  const size = bodySize(body.size, req.headers);
  if (size > MAX_PUT_SIZE) throw new S3Error('EntityTooLarge');
  await enforceQuota(ctx, req.bucket, size);
  const replication = await replicationWriteOptions(req, ctx, opts.tags);
  // The options copied first (one clone), the rest set: no temporary objects spread in.
  const putOpts: PutObjectOptions = { ...opts, size };
  if (replication.replica) putOpts.replica = replication.replica;
  if (replication.replicationStatus) putOpts.replicationStatus = replication.replicationStatus;
  if (body.algo) {
    const algo = body.algo;
    putOpts.checksum = () => {
      const value = body.value();
      return value ? { algo, value, type: 'FULL_OBJECT' } : undefined;
    };
  }
  if (body.tap) putOpts.bodyTap = body.tap;
  if (md5) putOpts.contentMd5Base64 = md5;
  if (precondition) putOpts.precondition = precondition;
  const info = await ctx.layer.putObject(req.bucket, req.key, data, putOpts);
  await publishObjectEvent(ctx, req, 's3:ObjectCreated:Put', info);
  await replicateVersion(req, ctx, info);
  const headers: Record<string, string> = { etag: quoteEtag(info.etag) };
  if (info.encryption) Object.assign(headers, sseResponseHeaders(info.encryption, opts.encryption?.customer));
  checksumResponseHeaders(info.checksum, headers);
  if (info.versionId !== 'null') headers['x-amz-version-id'] = info.versionId;
  await addExpirationHeader(ctx, info, headers);
  return { status: 200, headers };
};
