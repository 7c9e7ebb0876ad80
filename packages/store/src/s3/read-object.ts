// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { isS3Error, S3Error, withHeaders } from '../core/errors.js';
import type { HandlerResponse } from '../core/request.js';
import type { ByteRange, ObjectInfo } from '../object-layer/types.js';
import { isAllowed } from './authorize.js';
import { checksumModeHeaders } from './checksum/request.js';
import { checkPreconditions } from './conditional.js';
import { addExpirationHeader } from './expiration.js';
import { objectResponseHeaders, RESPONSE_OVERRIDES } from './metadata.js';
import { resolveRange } from './range.js';
import { replicationStatusHeaders } from './replication-hooks.js';
import { customerKeyFromHeaders } from './sse/headers.js';
import { checkCustomerKey, requireSecureForCustomerKey, sseResponseHeaders, unsealer } from './sse/seal.js';
import type { S3Request } from './types.js';
import { intParam } from './validate.js';

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(',') : v;
}

/** Delete markers are not objects: 404 (latest) or 405 (asked by version id), flagged by header. */
function deleteMarkerError(info: ObjectInfo, byVersion: boolean): S3Error {
  const err = byVersion
    ? new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.')
    : new S3Error('NoSuchKey', undefined, { Key: info.key });
  return withHeaders(err, {
    'x-amz-delete-marker': 'true',
    'last-modified': info.lastModified.toUTCString(),
    ...(info.versionId !== 'null' ? { 'x-amz-version-id': info.versionId } : {}),
  });
}

function partRange(info: ObjectInfo, partNumber: number): ByteRange | null {
  if (!info.parts || info.parts.length === 0) {
    if (partNumber === 1) return info.size > 0 ? { start: 0, end: info.size - 1 } : null;
    throw new S3Error('InvalidPartNumber');
  }
  if (partNumber > info.parts.length) throw new S3Error('InvalidPartNumber');
  let start = 0;
  for (let i = 0; i < partNumber - 1; i++) start += (info.parts[i] as { size: number }).size;
  const size = (info.parts[partNumber - 1] as { size: number }).size;
  return size > 0 ? { start, end: start + size - 1 } : null;
}

/**
 * GetObject and HeadObject (S3 API): version selection, delete markers, conditional headers
 * (304/412), Range and partNumber (206 + Content-Range, 416), and `response-*` overrides.
 */
export async function readObject(req: S3Request, ctx: StoreContext, head: boolean): Promise<HandlerResponse> {
  try {
    return await readVersion(req, ctx, head);
  } catch (err) {
    // As AWS (and MinIO): a missing key is 404 only to a caller who may list the bucket (who could
    // learn it anyway), AccessDenied to anyone else.
    if (
      isS3Error(err, 'NoSuchKey') &&
      !(await isAllowed(req, ctx, 's3:ListBucket', { key: '', conditions: { 's3:prefix': [req.key] } }))
    ) {
      throw new S3Error('AccessDenied');
    }
    throw err;
  }
}

async function readVersion(req: S3Request, ctx: StoreContext, head: boolean): Promise<HandlerResponse> {
  const q = req.query;
  const versionId = q.get('versionId') ?? undefined;
  if (versionId === '') throw new S3Error('InvalidArgument', 'Version id cannot be the empty string');
  const rangeHeader = single(req.headers.range);
  const hasPart = q.has('partNumber');
  const partNumber = hasPart ? intParam(q, 'partNumber', 1, 1, 10000) : 0;
  if (hasPart && rangeHeader !== undefined)
    throw new S3Error('InvalidRequest', 'Cannot specify both Range header and partNumber query parameter');
  const conditional =
    req.headers['if-match'] !== undefined ||
    req.headers['if-none-match'] !== undefined ||
    req.headers['if-modified-since'] !== undefined ||
    req.headers['if-unmodified-since'] !== undefined;

  let info: ObjectInfo;
  let range: ByteRange | null = null;
  let stream: import('node:stream').Readable | Buffer | undefined;
  const customer = customerKeyFromHeaders(req.headers);
  if (customer) requireSecureForCustomerKey(req, ctx);
  const unseal = unsealer(ctx, req.bucket, req.key, customer);
  const opts = { ...(versionId !== undefined ? { versionId } : {}), unseal };

  if (!head && rangeHeader === undefined && !hasPart && !conditional && !customer) {
    // Fast path: one metadata read (an encrypted object's key is checked by `unseal`).
    const r = await ctx.layer.getObject(req.bucket, req.key, opts);
    info = r.info;
    if (info.isDeleteMarker) {
      if (!r.whole) r.stream.destroy();
      throw deleteMarkerError(info, versionId !== undefined);
    }
    stream = r.whole ?? r.stream;
  } else {
    info = await ctx.layer.headObject(req.bucket, req.key, opts);
    if (info.isDeleteMarker) throw deleteMarkerError(info, versionId !== undefined);
    checkCustomerKey(info.encryption, customer);
    // HEAD of an SSE-C object checks the key too (403 when it is not the object's).
    if (head && info.encryption?.kind === 'SSE-C') await unseal(info.encryption);
    try {
      checkPreconditions(req.headers, info);
    } catch (err) {
      if (err instanceof S3Error && err.code === 'NotModified') {
        withHeaders(err, { etag: `"${info.etag}"`, 'last-modified': info.lastModified.toUTCString() });
      }
      throw err;
    }
    range = hasPart ? partRange(info, partNumber) : resolveRange(rangeHeader, info.size);
    if (!head) {
      const r = await ctx.layer.getObject(req.bucket, req.key, {
        versionId: info.versionId,
        ...(range ? { range } : {}),
        unseal,
      });
      stream = r.whole ?? r.stream;
      if (r.range) range = r.range;
    }
  }

  const headers = {
    ...objectResponseHeaders(info),
    ...sseResponseHeaders(info.encryption, customer),
    ...checksumModeHeaders(req, info, !range && !hasPart),
  };
  headers['accept-ranges'] = 'bytes';
  Object.assign(headers, replicationStatusHeaders(info));
  await addExpirationHeader(ctx, info, headers);
  if (hasPart && info.parts) headers['x-amz-mp-parts-count'] = String(info.parts.length);
  const length = range ? range.end - range.start + 1 : info.size;
  headers['content-length'] = String(length);
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  for (const [param, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const v = q.get(param);
    if (v !== null) headers[header] = v;
  }
  const status = range ? 206 : 200;
  return stream ? { status, headers, body: stream } : { status, headers };
}
