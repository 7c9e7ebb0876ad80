import { OWNER, xmlResponse } from '../response.js';
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
  return xmlResponse('AccessControlPolicy', {
    Owner: OWNER,
    AccessControlList: {
      Grant: {
        Grantee: {
          '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
          '@_xsi:type': 'CanonicalUser',
          ...OWNER,
        },
        Permission: 'FULL_CONTROL',
      },
    },
  });
};
