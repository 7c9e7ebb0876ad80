// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { grantsFromHeaders, grantsFromXml } from '../access/acl.js';
import { checkAclWrite } from '../access/enforce.js';
import { bucketOwner } from '../access/owner.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketAcl / PutObjectAcl — a canned ACL, x-amz-grant-* headers or an AccessControlPolicy
 * document. Under BucketOwnerEnforced only owner-full-control ACLs are accepted (and change nothing).
 * Bucket grants are a bucket document; an object version's grants are kept in its metadata, with its
 * owner; both take part in access decisions (access/enforce.ts).
 */
export const putAcl: S3Handler = async (req, ctx) => {
  const owner = await bucketOwner(ctx, req.bucket);
  const versionId = req.query.get('versionId');
  const info = req.key
    ? await ctx.layer.headObject(req.bucket, req.key, versionId ? { versionId } : {})
    : undefined;
  const resourceOwner = info?.acl?.owner ?? owner;
  const fromHeaders = grantsFromHeaders(req.headers, { owner: resourceOwner.id, bucketOwner: owner.id });
  const body = await req.readBody(64 * 1024);
  if (fromHeaders && body.length > 0) {
    throw new S3Error('UnexpectedContent', 'This request does not support content');
  }
  if (!fromHeaders && body.length === 0)
    throw new S3Error('MissingSecurityHeader', 'Your request was missing a required header', {
      MissingHeaderName: 'x-amz-acl',
    });
  const grants = fromHeaders ?? grantsFromXml(body);
  await checkAclWrite(ctx, req.bucket, grants, [resourceOwner.id, owner.id]);
  if (info) {
    await ctx.layer.updateObjectMetadata(req.bucket, req.key, info.versionId, {
      acl: { owner: resourceOwner, grants },
    });
    return {
      status: 200,
      ...(info.versionId !== 'null' ? { headers: { 'x-amz-version-id': info.versionId } } : {}),
    };
  }
  await ctx.layer.putBucketConfig(req.bucket, 'acl', Buffer.from(JSON.stringify(grants)));
  return { status: 200 };
};
