// SPDX-License-Identifier: Apache-2.0
import { S3Error, withHeaders } from '../../core/errors.js';
import type { ObjectInfo } from '../../object-layer/types.js';
import { checksumXml } from '../checksum/request.js';
import { httpDate, xmlResponse } from '../response.js';
import type { S3Handler, S3Request } from '../types.js';
import { intParam } from '../validate.js';
import { versionHeader, versionParam } from '../version-param.js';

const ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const;
type Attribute = (typeof ATTRIBUTES)[number];

/** `x-amz-object-attributes`: a comma-separated list of the names above (InvalidArgument otherwise). */
function askedAttributes(req: S3Request): Set<Attribute> {
  const raw = req.headers['x-amz-object-attributes'];
  const names = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) {
    throw new S3Error(
      'InvalidArgument',
      'The x-amz-object-attributes header specifying the attributes to be retrieved is either missing or empty',
      {
        ArgumentName: 'x-amz-object-attributes',
      },
    );
  }
  const out = new Set<Attribute>();
  for (const n of names) {
    const a = ATTRIBUTES.find((x) => x === n);
    if (!a) {
      throw new S3Error('InvalidArgument', 'Invalid attribute name specified.', {
        ArgumentName: 'x-amz-object-attributes',
        ArgumentValue: n,
      });
    }
    out.add(a);
  }
  return out;
}

/** ObjectParts: multipart objects only, paged by x-amz-part-number-marker / x-amz-max-parts. */
function objectParts(req: S3Request, info: ObjectInfo): Record<string, unknown> | undefined {
  if (!info.parts) return undefined;
  const h = new URLSearchParams();
  for (const [name, param] of [
    ['x-amz-max-parts', 'max'],
    ['x-amz-part-number-marker', 'marker'],
  ] as const) {
    const v = req.headers[name];
    if (v !== undefined) h.set(param, Array.isArray(v) ? v.join(',') : v);
  }
  const max = intParam(h, 'max', 1000, 0, 1000);
  const marker = intParam(h, 'marker', 0, 0, 10000);
  const after = info.parts.filter((p) => p.number > marker);
  const page = after.slice(0, max);
  const algo = info.checksum?.algo;
  return {
    PartNumberMarker: marker,
    NextPartNumberMarker: page.length > 0 ? (page[page.length - 1] as { number: number }).number : marker,
    MaxParts: max,
    IsTruncated: after.length > page.length,
    PartsCount: info.parts.length,
    Part: page.map((p) => ({
      PartNumber: p.number,
      Size: p.size,
      ...(algo && p.checksum ? { [`Checksum${algo}`]: p.checksum } : {}),
    })),
  };
}

/**
 * S3 API: GetObjectAttributes (`GET ?attributes`): the ETag (unquoted, as S3 returns it here),
 * checksum, parts, storage class and size of a version, as many as `x-amz-object-attributes` asks.
 */
export const getObjectAttributes: S3Handler = async (req, ctx) => {
  const asked = askedAttributes(req);
  const versionId = versionParam(req);
  const info = await ctx.layer.headObject(req.bucket, req.key, versionId !== undefined ? { versionId } : {});
  if (info.isDeleteMarker) {
    throw withHeaders(
      new S3Error(versionId ? 'MethodNotAllowed' : 'NoSuchKey', undefined, { Key: req.key }),
      { 'x-amz-delete-marker': 'true', ...versionHeader(info.versionId) },
    );
  }
  const body: Record<string, unknown> = {};
  if (asked.has('ETag')) body.ETag = info.etag;
  if (asked.has('Checksum') && info.checksum) {
    // As AWS: a composite checksum keeps its `-<parts>` suffix (the value CompleteMultipartUpload and
    // HeadObject answered), so a client compares one string everywhere.
    body.Checksum = checksumXml(info.checksum);
  }
  const parts = asked.has('ObjectParts') ? objectParts(req, info) : undefined;
  if (parts) body.ObjectParts = parts;
  if (asked.has('StorageClass')) body.StorageClass = info.storageClass;
  if (asked.has('ObjectSize')) body.ObjectSize = info.size;
  return xmlResponse('GetObjectAttributesResponse', body, {
    headers: { 'last-modified': httpDate(info.lastModified), ...versionHeader(info.versionId) },
  });
};
