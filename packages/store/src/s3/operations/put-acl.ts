import { S3Error } from '../../core/errors.js';
import { grantsFromHeaders, grantsFromXml, ownerOnly } from '../access/acl.js';
import { checkAclWrite } from '../access/enforce.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: PutBucketAcl / PutObjectAcl — a canned ACL, x-amz-grant-* headers or an AccessControlPolicy
 * document. Under BucketOwnerEnforced only owner-full-control ACLs are accepted (and change nothing).
 * Bucket grants are kept and take part in access decisions; objects keep no grants of their own.
 */
export const putAcl: S3Handler = async (req, ctx) => {
  await ctx.layer.getBucketInfo(req.bucket);
  const fromHeaders = grantsFromHeaders(req.headers);
  const body = await req.readBody(64 * 1024);
  if (fromHeaders && body.length > 0) {
    throw new S3Error('UnexpectedContent', 'This request does not support content');
  }
  if (!fromHeaders && body.length === 0)
    throw new S3Error('MissingSecurityHeader', 'Your request was missing a required header', {
      MissingHeaderName: 'x-amz-acl',
    });
  const grants = fromHeaders ?? grantsFromXml(body);
  await checkAclWrite(ctx, req.bucket, grants);
  if (req.key) {
    const versionId = req.query.get('versionId');
    await ctx.layer.headObject(req.bucket, req.key, versionId ? { versionId } : {});
    if (!ownerOnly(grants)) {
      throw new S3Error(
        'NotImplemented',
        'Object ACL grants are not supported; grant access with bucket policies or bucket ACLs.',
      );
    }
    return { status: 200 };
  }
  await ctx.layer.putBucketConfig(req.bucket, 'acl', Buffer.from(JSON.stringify(grants)));
  return { status: 200 };
};
