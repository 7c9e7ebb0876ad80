import { aclXml, cannedGrants } from '../access/acl.js';
import { bucketGrants } from '../access/settings.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: GetBucketAcl / GetObjectAcl. ACLs are not a permission mechanism here (policies are), so
 * like MinIO the answer is the fixed owner FULL_CONTROL grant — enough for clients that read it.
 */
export const getAcl: S3Handler = async (req, ctx) => {
  if (req.key) {
    await ctx.layer.headObject(req.bucket, req.key, {
      ...(req.query.get('versionId') ? { versionId: req.query.get('versionId') as string } : {}),
    });
  } else {
    await ctx.layer.getBucketInfo(req.bucket);
  }
  // A bucket answers its stored grants (PutBucketAcl); objects and ACL-less buckets the owner's.
  const stored = req.key ? [] : await bucketGrants(ctx, req.bucket);
  return xmlResponse('AccessControlPolicy', aclXml(stored.length > 0 ? stored : cannedGrants('private')));
};
