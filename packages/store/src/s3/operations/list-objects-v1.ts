// SPDX-License-Identifier: Apache-2.0
import type { ObjectSummary } from '../../object-layer/types.js';
import { versionOwners } from '../access/owner.js';
import { contentsXml, listParams } from '../listing.js';
import { encodeListValue, xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: ListObjects (V1): marker and NextMarker (sent whenever the page is truncated). */
export const listObjectsV1: S3Handler = async (req, ctx) => {
  const p = listParams(req);
  const marker = req.query.get('marker') ?? '';
  let objects: ObjectSummary[] = [];
  let commonPrefixes: string[] = [];
  let isTruncated = false;
  let nextAfter: string | null = null;
  if (p.maxKeys > 0) {
    ({ objects, commonPrefixes, isTruncated, nextAfter } = await ctx.layer.listObjectSummaries(req.bucket, {
      prefix: p.prefix,
      ...(p.delimiter ? { delimiter: p.delimiter } : {}),
      ...(marker ? { after: marker } : {}),
      maxKeys: p.maxKeys,
    }));
  } else {
    await ctx.layer.getBucketInfo(req.bucket);
  }
  const owner = await versionOwners(ctx, req.bucket);
  return xmlResponse('ListBucketResult', {
    Name: req.bucket,
    Prefix: encodeListValue(p.prefix, p.urlEncode),
    Marker: encodeListValue(marker, p.urlEncode),
    ...(isTruncated && nextAfter !== null ? { NextMarker: encodeListValue(nextAfter, p.urlEncode) } : {}),
    MaxKeys: p.maxKeys,
    ...(p.delimiter ? { Delimiter: encodeListValue(p.delimiter, p.urlEncode) } : {}),
    IsTruncated: isTruncated,
    ...(p.urlEncode ? { EncodingType: 'url' } : {}),
    Contents: contentsXml(objects, { urlEncode: p.urlEncode, owner }),
    CommonPrefixes: commonPrefixes.map((cp) => ({ Prefix: encodeListValue(cp, p.urlEncode) })),
  });
};
