// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { isS3Error, S3Error } from '../core/errors.js';
import type { ObjectInfo, WritePrecondition } from '../object-layer/types.js';
import { etagMatches } from './conditional.js';
import type { S3Request } from './types.js';

/**
 * Conditional writes (S3 API: PutObject / CompleteMultipartUpload `If-None-Match: *` and `If-Match`).
 * The condition is checked when the request arrives (412 PreconditionFailed, 404 NoSuchKey for
 * If-Match on a missing key) and again under the key's lock at commit: a write that raced in between
 * makes it 409 ConditionalRequestConflict, as S3 answers.
 */

function one(req: S3Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function evaluate(req: S3Request, current: ObjectInfo | null): void {
  const ifNoneMatch = one(req, 'if-none-match');
  const ifMatch = one(req, 'if-match');
  if (ifNoneMatch !== undefined && current) throw new S3Error('PreconditionFailed');
  if (ifMatch !== undefined) {
    if (!current) throw new S3Error('NoSuchKey', undefined, { Key: req.key });
    if (!etagMatches(ifMatch, current.etag)) throw new S3Error('PreconditionFailed');
  }
}

async function currentVersion(req: S3Request, ctx: StoreContext): Promise<ObjectInfo | null> {
  try {
    const info = await ctx.layer.headObject(req.bucket, req.key);
    return info.isDeleteMarker ? null : info;
  } catch (err) {
    if (isS3Error(err, 'NoSuchKey')) return null;
    throw err;
  }
}

/** The write's precondition for the object layer, after checking it now; undefined without one. */
export async function writePrecondition(
  req: S3Request,
  ctx: StoreContext,
): Promise<WritePrecondition | undefined> {
  const ifNoneMatch = one(req, 'if-none-match');
  if (ifNoneMatch === undefined && one(req, 'if-match') === undefined) return undefined;
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '*') {
    throw new S3Error(
      'NotImplemented',
      'A header you provided implies functionality that is not implemented',
      {
        Header: 'If-None-Match',
      },
    );
  }
  evaluate(req, await currentVersion(req, ctx));
  return (current) => {
    try {
      evaluate(req, current);
    } catch (err) {
      if (err instanceof S3Error) throw new S3Error('ConditionalRequestConflict');
      throw err;
    }
  };
}
