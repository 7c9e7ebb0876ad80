// SPDX-License-Identifier: Apache-2.0
import type { ObjectInfo, ObjectSummary } from '../../object-layer/types.js';
import { summaryOf } from '../../object-layer/versions.js';
import { versionOwners } from '../access/owner.js';
import { contentsXml, decodeContinuationToken, encodeContinuationToken, listParams } from '../listing.js';
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
  // An empty token is no token (AWS; SDKs send one when a caller passes "").
  const after = token !== null && token !== '' ? decodeContinuationToken(token) : startAfter;

  // Each key's summary from the catalogs; whole versions only for MinIO's metadata extension.
  let objects: ObjectSummary[] = [];
  let infos: ObjectInfo[] | null = null;
  let commonPrefixes: string[] = [];
  let isTruncated = false;
  let nextAfter: string | null = null;
  if (p.maxKeys > 0) {
    const opts = {
      prefix: p.prefix,
      ...(p.delimiter ? { delimiter: p.delimiter } : {}),
      ...(after ? { after } : {}),
      maxKeys: p.maxKeys,
    };
    if (metadata) {
      const r = await ctx.layer.listObjects(req.bucket, opts);
      ({ commonPrefixes, isTruncated, nextAfter } = r);
      infos = r.objects;
      objects = infos.map(summaryOf);
    } else {
      ({ objects, commonPrefixes, isTruncated, nextAfter } = await ctx.layer.listObjectSummaries(
        req.bucket,
        opts,
      ));
    }
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
    Contents: contentsXml(objects, { urlEncode: p.urlEncode, owner: fetchOwner ? owner : null }, infos),
    CommonPrefixes: commonPrefixes.map((cp) => ({ Prefix: encodeListValue(cp, p.urlEncode) })),
  });
};
