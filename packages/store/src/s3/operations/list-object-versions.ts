// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { listedClass } from '../../object-layer/catalog-summary.js';
import { ownerXml, versionOwners } from '../access/owner.js';
import { listParams } from '../listing.js';
import { encodeListValue, quoteEtag, xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { xmlDate } from '../xml.js';

/** S3 API: ListObjectVersions (key-marker, version-id-marker; delete markers listed apart). */
export const listObjectVersions: S3Handler = async (req, ctx) => {
  const p = listParams(req);
  const keyMarker = req.query.get('key-marker') ?? '';
  const versionIdMarker = req.query.get('version-id-marker') ?? '';
  if (versionIdMarker && !keyMarker) {
    throw new S3Error('InvalidArgument', 'A version-id marker cannot be specified without a key marker.', {
      ArgumentName: 'version-id-marker',
    });
  }
  let r: Awaited<ReturnType<typeof ctx.layer.listObjectVersions>> = {
    versions: [],
    commonPrefixes: [],
    isTruncated: false,
    nextKeyMarker: null,
    nextVersionIdMarker: null,
  };
  if (p.maxKeys > 0) {
    r = await ctx.layer.listObjectVersions(req.bucket, {
      prefix: p.prefix,
      ...(p.delimiter ? { delimiter: p.delimiter } : {}),
      ...(keyMarker ? { keyMarker } : {}),
      ...(versionIdMarker ? { versionIdMarker } : {}),
      maxKeys: p.maxKeys,
    });
  } else {
    await ctx.layer.getBucketInfo(req.bucket);
  }
  const enc = (v: string): string => encodeListValue(v, p.urlEncode);
  const owner = await versionOwners(ctx, req.bucket);
  return xmlResponse('ListVersionsResult', {
    Name: req.bucket,
    Prefix: enc(p.prefix),
    KeyMarker: enc(keyMarker),
    VersionIdMarker: versionIdMarker,
    ...(r.isTruncated && r.nextKeyMarker !== null ? { NextKeyMarker: enc(r.nextKeyMarker) } : {}),
    ...(r.isTruncated && r.nextVersionIdMarker !== null
      ? { NextVersionIdMarker: r.nextVersionIdMarker }
      : {}),
    MaxKeys: p.maxKeys,
    ...(p.delimiter ? { Delimiter: enc(p.delimiter) } : {}),
    IsTruncated: r.isTruncated,
    ...(p.urlEncode ? { EncodingType: 'url' } : {}),
    Version: r.versions
      .filter((v) => !v.isDeleteMarker)
      .map((v) => ({
        Key: enc(v.key),
        VersionId: v.versionId,
        IsLatest: v.isLatest,
        LastModified: xmlDate(v.lastModified),
        ETag: quoteEtag(v.etag),
        Size: v.size,
        Owner: ownerXml(owner(v.acl?.owner)),
        StorageClass: listedClass(v.systemMetadata, v.storageClass),
      })),
    DeleteMarker: r.versions
      .filter((v) => v.isDeleteMarker)
      .map((v) => ({
        Key: enc(v.key),
        VersionId: v.versionId,
        IsLatest: v.isLatest,
        LastModified: xmlDate(v.lastModified),
        Owner: ownerXml(owner(v.acl?.owner)),
      })),
    CommonPrefixes: r.commonPrefixes.map((cp) => ({ Prefix: enc(cp) })),
  });
};
