// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { ownerOf, ownerXml } from '../access/owner.js';
import { isAllowed } from '../authorize.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { xmlDate } from '../xml.js';

/**
 * S3 API: ListBuckets. Identities without s3:ListAllMyBuckets see the buckets they may list or locate
 * (as MinIO does), anonymous requests are refused.
 */
export const listBuckets: S3Handler = async (req, ctx) => {
  if (req.identity.kind === 'anonymous') throw new S3Error('AccessDenied');
  const all = await ctx.layer.listBuckets();
  let visible = all;
  if (!(await isAllowed(req, ctx, 's3:ListAllMyBuckets'))) {
    visible = [];
    for (const b of all) {
      if (
        (await isAllowed(req, ctx, 's3:ListBucket', { bucket: b.name })) ||
        (await isAllowed(req, ctx, 's3:GetBucketLocation', { bucket: b.name }))
      ) {
        visible.push(b);
      }
    }
    if (visible.length === 0) throw new S3Error('AccessDenied');
  }
  visible.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return xmlResponse('ListAllMyBucketsResult', {
    Owner: ownerXml(ownerOf(ctx, req.identity)),
    Buckets: { Bucket: visible.map((b) => ({ Name: b.name, CreationDate: xmlDate(b.created) })) },
  });
};
