// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { bucketOwner, ownerXml, versionOwners } from '../access/owner.js';
import { encodeListValue, xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { intParam } from '../validate.js';
import { xmlDate } from '../xml.js';

/** S3 API: ListMultipartUploads (prefix, delimiter, key-marker, upload-id-marker, max-uploads ≤ 1000). */
export const listMultipartUploads: S3Handler = async (req, ctx) => {
  const q = req.query;
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const keyMarker = q.get('key-marker') ?? '';
  const uploadIdMarker = q.get('upload-id-marker') ?? '';
  const maxUploads = intParam(q, 'max-uploads', 1000, 0, 1000);
  const encoding = q.get('encoding-type');
  if (encoding !== null && encoding !== 'url')
    throw new S3Error('InvalidArgument', 'Invalid Encoding Method specified in Request');
  const url = encoding === 'url';
  const r = await ctx.layer.listMultipartUploads(req.bucket, {
    prefix,
    ...(keyMarker ? { keyMarker } : {}),
    ...(uploadIdMarker ? { uploadIdMarker } : {}),
    maxUploads,
  });
  const uploads = [];
  const prefixes = new Set<string>();
  for (const u of r.uploads) {
    if (delimiter) {
      const rest = u.key.slice(prefix.length);
      const i = rest.indexOf(delimiter);
      if (i >= 0) {
        prefixes.add(prefix + rest.slice(0, i + delimiter.length));
        continue;
      }
    }
    uploads.push(u);
  }
  const last = r.uploads[r.uploads.length - 1];
  const initiator = await bucketOwner(ctx, req.bucket);
  const owner = await versionOwners(ctx, req.bucket);
  return xmlResponse('ListMultipartUploadsResult', {
    Bucket: req.bucket,
    KeyMarker: encodeListValue(keyMarker, url),
    UploadIdMarker: uploadIdMarker,
    ...(r.isTruncated && last
      ? { NextKeyMarker: encodeListValue(last.key, url), NextUploadIdMarker: last.uploadId }
      : {}),
    Prefix: encodeListValue(prefix, url),
    ...(delimiter ? { Delimiter: encodeListValue(delimiter, url) } : {}),
    MaxUploads: maxUploads,
    IsTruncated: r.isTruncated,
    ...(url ? { EncodingType: 'url' } : {}),
    Upload: uploads.map((u) => ({
      Key: encodeListValue(u.key, url),
      UploadId: u.uploadId,
      Initiator: ownerXml(u.acl?.owner ?? initiator),
      Owner: ownerXml(owner(u.acl?.owner)),
      StorageClass: u.storageClass,
      Initiated: xmlDate(u.initiated),
    })),
    CommonPrefixes: [...prefixes].map((p) => ({ Prefix: encodeListValue(p, url) })),
  });
};
