// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { AclRecord, BucketInfo } from '../../object-layer/types.js';
import type { S3Request } from '../types.js';
import {
  type AclRequester,
  aclAllows,
  cannedGrants,
  grantsFromHeaders,
  hasAclHeaders,
  isPublicAcl,
  ownerOnly,
} from './acl.js';
import { ownerOf, ROOT_OWNER } from './owner.js';
import { type Grant, objectOwnership, publicAccessBlock } from './settings.js';

/**
 * Object ACLs: the owner and grants a new version gets from its write (x-amz-acl / x-amz-grant-* on
 * PutObject, CopyObject, CreateMultipartUpload, POST), kept in the version's metadata, and whether
 * they let a requester read the object or its ACL.
 */

/** BlockPublicAcls: an ACL granting anything to AllUsers or AuthenticatedUsers is AccessDenied. */
export async function checkPublicAclWrite(ctx: StoreContext, bucket: string, grants: Grant[]): Promise<void> {
  const pab = await publicAccessBlock(ctx, bucket);
  if (pab?.BlockPublicAcls && isPublicAcl(grants)) {
    throw new S3Error(
      'AccessDenied',
      'Access Denied: the bucket blocks public ACLs (PublicAccessBlock BlockPublicAcls).',
    );
  }
}

/**
 * The owner and ACL of a version a request writes, or undefined for the default (the bucket owner's,
 * private). Under BucketOwnerEnforced the bucket owner owns everything and only
 * `bucket-owner-full-control` (or an equivalent) is accepted, else AccessControlListNotSupported;
 * with ACLs enabled the writer owns the object (BucketOwnerPreferred: the bucket owner when the
 * writer sends `bucket-owner-full-control`). A request by the bucket owner without ACL headers reads
 * nothing more (the PUT path's common case).
 */
export async function objectWriteAcl(
  req: S3Request,
  ctx: StoreContext,
  bucket: BucketInfo,
): Promise<AclRecord | undefined> {
  const bucketOwner = bucket.owner ?? ROOT_OWNER;
  const writer = ownerOf(ctx, req.identity);
  const headers = hasAclHeaders(req.headers);
  if (!headers && writer.id === bucketOwner.id) return undefined;
  const ownership = await objectOwnership(ctx, req.bucket);
  if (ownership === 'BucketOwnerEnforced') {
    const grants = grantsFromHeaders(req.headers, { owner: bucketOwner.id, bucketOwner: bucketOwner.id });
    if (grants && !ownerOnly(grants, [bucketOwner.id])) throw new S3Error('AccessControlListNotSupported');
    return undefined;
  }
  const preferred =
    ownership === 'BucketOwnerPreferred' && req.headers['x-amz-acl'] === 'bucket-owner-full-control';
  const owner = preferred ? bucketOwner : writer;
  const grants =
    grantsFromHeaders(req.headers, { owner: owner.id, bucketOwner: bucketOwner.id }) ??
    cannedGrants('private', { owner: owner.id });
  await checkPublicAclWrite(ctx, req.bucket, grants);
  if (owner.id === bucketOwner.id && ownerOnly(grants, [owner.id])) return undefined;
  return { owner, grants };
}

/** Whether an object version's ACL lets the requester perform an (object ACL) action. */
export async function objectAclAllows(
  ctx: StoreContext,
  target: { bucket: string; key: string; versionId?: string },
  requester: AclRequester,
  action: string,
  ignorePublic: boolean,
): Promise<boolean> {
  let acl: AclRecord | undefined;
  try {
    const info = await ctx.layer.headObject(
      target.bucket,
      target.key,
      target.versionId ? { versionId: target.versionId } : {},
    );
    acl = info.acl;
  } catch (err) {
    // No such object or version: no grants (the operation itself answers, once allowed).
    if (err instanceof S3Error) return false;
    throw err;
  }
  if (!acl) return false;
  return aclAllows(acl.grants, requester, acl.owner.id, action, { on: 'object', ignorePublic });
}
