import { versionOwners } from '../access/owner.js';
import { contentsEntry, decodeContinuationToken, encodeContinuationToken, listParams } from '../listing.js';
import { encodeListValue, xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: ListObjectsV2 (prefix, delimiter, start-after, continuation-token, max-keys, fetch-owner,
 * encoding-type=url) plus MinIO's `metadata=true` extension. Pages come from the layer's streaming
 * listing; nothing here holds more than one page.
 */
export const listObjectsV2: S3Handler = async (req, ctx) => {
  const p = listParams(req);
  const q = req.query;
  const token = q.get('continuation-token');
  const startAfter = q.get('start-after') ?? '';
  const fetchOwner = q.get('fetch-owner') === 'true';
  const metadata = q.get('metadata') === 'true';
  const after = token !== null ? decodeContinuationToken(token) : startAfter;

  let objects: Awaited<ReturnType<typeof ctx.layer.listObjects>>['objects'] = [];
  let commonPrefixes: string[] = [];
  let isTruncated = false;
  let nextAfter: string | null = null;
  if (p.maxKeys > 0) {
    const r = await ctx.layer.listObjects(req.bucket, {
      prefix: p.prefix,
      ...(p.delimiter ? { delimiter: p.delimiter } : {}),
      ...(after ? { after } : {}),
      maxKeys: p.maxKeys,
    });
    ({ objects, commonPrefixes, isTruncated, nextAfter } = r);
  } else {
    await ctx.layer.getBucketInfo(req.bucket);
  }
  const owner = await versionOwners(ctx, req.bucket);
  return xmlResponse('ListBucketResult', {
    Name: req.bucket,
    Prefix: encodeListValue(p.prefix, p.urlEncode),
    ...(token !== null ? { ContinuationToken: token } : {}),
    ...(isTruncated && nextAfter !== null
      ? { NextContinuationToken: encodeContinuationToken(nextAfter) }
      : {}),
    ...(startAfter ? { StartAfter: encodeListValue(startAfter, p.urlEncode) } : {}),
    KeyCount: objects.length + commonPrefixes.length,
    MaxKeys: p.maxKeys,
    ...(p.delimiter ? { Delimiter: encodeListValue(p.delimiter, p.urlEncode) } : {}),
    IsTruncated: isTruncated,
    ...(p.urlEncode ? { EncodingType: 'url' } : {}),
    Contents: objects.map((o) =>
      contentsEntry(o, { urlEncode: p.urlEncode, owner: fetchOwner ? owner : null, metadata }),
    ),
    CommonPrefixes: commonPrefixes.map((cp) => ({ Prefix: encodeListValue(cp, p.urlEncode) })),
  });
};
