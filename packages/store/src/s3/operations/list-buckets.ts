// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { ownerOf, ownerXml } from '../access/owner.js';
import { isAllowed } from '../authorize.js';
import { decodeContinuationToken, encodeContinuationToken } from '../listing.js';
import { xmlResponse } from '../response.js';
import type { S3Handler, S3Request } from '../types.js';
import { xmlDate } from '../xml.js';

/** AWS's page size when a paginating parameter comes without max-buckets, and its upper bound. */
const MAX_BUCKETS = 10_000;

/** `max-buckets` (1–10000), `continuation-token` (empty = absent) and `prefix`, as AWS added in 2024. */
function pageParams(req: S3Request): { max: number; after: string; prefix: string } {
  const q = req.query;
  const raw = q.get('max-buckets');
  let max = MAX_BUCKETS;
  if (raw !== null) {
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BUCKETS) {
      throw new S3Error(
        'InvalidArgument',
        `Argument max-buckets must be an integer between 1 and ${MAX_BUCKETS}`,
        {
          ArgumentName: 'max-buckets',
          ArgumentValue: raw,
        },
      );
    }
    max = Number(raw);
  }
  const token = q.get('continuation-token') ?? '';
  return { max, after: token === '' ? '' : decodeContinuationToken(token), prefix: q.get('prefix') ?? '' };
}

/**
 * S3 API: ListBuckets, with AWS's pagination (max-buckets, continuation-token, prefix). Identities
 * without s3:ListAllMyBuckets see the buckets they may list or locate (as MinIO does), anonymous
 * requests are refused.
 */
export const listBuckets: S3Handler = async (req, ctx) => {
  if (req.identity.kind === 'anonymous') throw new S3Error('AccessDenied');
  const page = pageParams(req);
  const all = (await ctx.layer.listBuckets()).filter((b) => b.name.startsWith(page.prefix));
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
    if (visible.length === 0 && page.prefix === '') throw new S3Error('AccessDenied');
  }
  visible.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rest = page.after === '' ? visible : visible.filter((b) => b.name > page.after);
  const shown = rest.slice(0, page.max);
  const last = shown[shown.length - 1];
  return xmlResponse('ListAllMyBucketsResult', {
    Owner: ownerXml(ownerOf(ctx, req.identity)),
    Buckets: { Bucket: shown.map((b) => ({ Name: b.name, CreationDate: xmlDate(b.created) })) },
    ...(rest.length > shown.length && last ? { ContinuationToken: encodeContinuationToken(last.name) } : {}),
    ...(req.query.has('prefix') ? { Prefix: page.prefix } : {}),
  });
};
