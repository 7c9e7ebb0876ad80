// SPDX-License-Identifier: Apache-2.0
import { aclXml, cannedGrants } from '../access/acl.js';
import { bucketOwner } from '../access/owner.js';
import { bucketGrants, objectOwnership } from '../access/settings.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/**
 * S3 API: GetBucketAcl / GetObjectAcl. The owner and grants kept by PutBucketAcl / PutObjectAcl or
 * the object's write; without any, the owner's FULL_CONTROL (a private ACL).
 */
export const getAcl: S3Handler = async (req, ctx) => {
  const owner = await bucketOwner(ctx, req.bucket);
  if (req.key) {
    const versionId = req.query.get('versionId');
    const info = await ctx.layer.headObject(req.bucket, req.key, versionId ? { versionId } : {});
    // Under BucketOwnerEnforced a version's old ACL no longer counts: the bucket owner has full control.
    const enforced = (await objectOwnership(ctx, req.bucket)) === 'BucketOwnerEnforced';
    const acl = (!enforced && info.acl) || { owner, grants: cannedGrants('private', { owner: owner.id }) };
    return xmlResponse('AccessControlPolicy', aclXml(acl.owner, acl.grants, [owner]));
  }
  const stored = await bucketGrants(ctx, req.bucket);
  const grants = stored.length > 0 ? stored : cannedGrants('private', { owner: owner.id });
  return xmlResponse('AccessControlPolicy', aclXml(owner, grants));
};
