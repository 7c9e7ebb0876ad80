// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../../core/context.js';
import { isS3Error, S3Error } from '../../core/errors.js';
import type { HandlerResponse } from '../../core/request.js';
import type { ObjectInfo } from '../../object-layer/types.js';
import { completeChecksum, partChecksumsFromXml } from '../checksum/multipart.js';
import { checksumXml } from '../checksum/request.js';
import { writePrecondition } from '../conditional-write.js';
import { publishObjectEvent } from '../notify.js';
import { replicaCompletion, replicateVersion } from '../replication-hooks.js';
import { quoteEtag, unquoteEtag, xmlResponse } from '../response.js';
import { sseResponseHeaders } from '../sse/seal.js';
import type { S3Handler, S3Request } from '../types.js';
import { parseXml, xmlList, xmlText } from '../xml.js';
import { uploadIdOf } from './upload-part.js';

/**
 * S3 API: CompleteMultipartUpload. The parts list must be in strictly ascending part-number order
 * (InvalidPartOrder); the layer checks the ETags and sizes (InvalidPart, EntityTooSmall) and builds
 * the `<md5 of md5s>-N` ETag.
 */
export const completeMultipartUpload: S3Handler = async (req, ctx) => {
  const uploadId = uploadIdOf(req);
  const doc = parseXml(await req.readBody(2 * 1024 * 1024), 'CompleteMultipartUpload', ['Part']);
  const listed = new Map<number, ReturnType<typeof partChecksumsFromXml>>();
  const parts = xmlList(doc.Part).map((p) => {
    const n = xmlText(p.PartNumber) ?? '';
    const etag = xmlText(p.ETag);
    if (!/^\d+$/.test(n) || etag === undefined) throw new S3Error('MalformedXML');
    listed.set(Number(n), partChecksumsFromXml(p));
    return { partNumber: Number(n), etag: unquoteEtag(etag) };
  });
  if (parts.length === 0) throw new S3Error('MalformedXML', 'You must specify at least one part');
  for (let i = 1; i < parts.length; i++) {
    if (
      (parts[i] as { partNumber: number }).partNumber <= (parts[i - 1] as { partNumber: number }).partNumber
    ) {
      throw new S3Error('InvalidPartOrder');
    }
  }
  const precondition = await writePrecondition(req, ctx);
  const replica = await replicaCompletion(req, ctx);
  let info: ObjectInfo;
  try {
    info = await ctx.layer.completeMultipartUpload(req.bucket, req.key, uploadId, parts, {
      checksum: completeChecksum(req.headers, listed),
      ...(precondition ? { precondition } : {}),
      ...(replica ? { replica } : {}),
    });
  } catch (err) {
    // A retry after a lost answer: the upload is gone, its object is there — the same 200 again.
    const earlier = isS3Error(err, 'NoSuchUpload') ? await completedEarlier(req, ctx, parts) : null;
    if (!earlier) throw err;
    return completeResult(req, ctx, earlier);
  }
  await publishObjectEvent(ctx, req, 's3:ObjectCreated:CompleteMultipartUpload', info);
  await replicateVersion(req, ctx, info);
  return completeResult(req, ctx, info);
};

/**
 * The key's latest version when it is the object this parts list completed (same part numbers and
 * ETags, which are the parts' MD5s): a CompleteMultipartUpload retried after it succeeded (S3 answers
 * such a retry with the first result; SDKs retry when an answer is lost).
 */
async function completedEarlier(
  req: S3Request,
  ctx: StoreContext,
  parts: { partNumber: number; etag: string }[],
): Promise<ObjectInfo | null> {
  const info = await ctx.layer.headObject(req.bucket, req.key).catch(() => null);
  const done = info?.parts;
  if (!info || !done || done.length !== parts.length) return null;
  const same = parts.every(
    (p, i) => done[i]?.number === p.partNumber && unquoteEtag(done[i]?.etag ?? '') === p.etag,
  );
  return same ? info : null;
}

function completeResult(req: S3Request, ctx: StoreContext, info: ObjectInfo): HandlerResponse {
  const headers: Record<string, string> = sseResponseHeaders(info.encryption);
  if (info.versionId !== 'null') headers['x-amz-version-id'] = info.versionId;
  const location = `${ctx.url}/${req.bucket}/${req.key.split('/').map(encodeURIComponent).join('/')}`;
  return xmlResponse(
    'CompleteMultipartUploadResult',
    {
      Location: location,
      Bucket: req.bucket,
      Key: req.key,
      ETag: quoteEtag(info.etag),
      ...checksumXml(info.checksum),
    },
    { headers },
  );
}
