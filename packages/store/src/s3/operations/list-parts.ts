// SPDX-License-Identifier: Apache-2.0
import { bucketOwner, ownerXml, versionOwners } from '../access/owner.js';
import { quoteEtag, xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { intParam } from '../validate.js';
import { xmlDate } from '../xml.js';
import { uploadIdOf } from './upload-part.js';

/** S3 API: ListParts (part-number-marker, max-parts ≤ 1000). */
export const listParts: S3Handler = async (req, ctx) => {
  const uploadId = uploadIdOf(req);
  const marker = intParam(req.query, 'part-number-marker', 0, 0, 10000);
  const maxParts = intParam(req.query, 'max-parts', 1000, 0, 1000);
  const r = await ctx.layer.listParts(req.bucket, req.key, uploadId, { partNumberMarker: marker, maxParts });
  const initiator = await bucketOwner(ctx, req.bucket);
  const owner = await versionOwners(ctx, req.bucket);
  return xmlResponse('ListPartsResult', {
    Bucket: req.bucket,
    Key: req.key,
    UploadId: uploadId,
    Initiator: ownerXml(r.acl?.owner ?? initiator),
    Owner: ownerXml(owner(r.acl?.owner)),
    StorageClass: r.storageClass,
    ...(r.checksum ? { ChecksumAlgorithm: r.checksum.algo, ChecksumType: r.checksum.type } : {}),
    PartNumberMarker: marker,
    NextPartNumberMarker: r.nextPartNumberMarker,
    MaxParts: maxParts,
    IsTruncated: r.isTruncated,
    Part: r.parts.map((p) => ({
      PartNumber: p.partNumber,
      LastModified: xmlDate(p.lastModified),
      ETag: quoteEtag(p.etag),
      Size: p.size,
      ...(r.checksum && p.checksum ? { [`Checksum${r.checksum.algo}`]: p.checksum } : {}),
    })),
  });
};
