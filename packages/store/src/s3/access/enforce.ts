// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { Identity } from '../../iam/types.js';
import type { OwnerRecord } from '../../object-layer/types.js';
import type { S3Request } from '../types.js';
import { aclAllows, grantsFromHeaders, OBJECT_ACL_ACTIONS, ownerOnly } from './acl.js';
import { checkPublicAclWrite, objectAclAllows } from './object-acl.js';
import { bucketOwner, ownerOf, ROOT_OWNER } from './owner.js';
import {
  bucketGrants,
  type Grant,
  type ObjectOwnership,
  objectOwnership,
  parseOwnershipHeader,
  publicAccessBlock,
} from './settings.js';

/**
 * Where ownership, ACLs and PublicAccessBlock take part in requests: ACL writes (refused under
 * BucketOwnerEnforced, public ones under BlockPublicAcls), public policies (BlockPublicPolicy,
 * RestrictPublicBuckets) and access decisions (bucket ACL grants next to policies).
 */

/** Condition keys that tie a statement to fixed sources, so it does not make the policy public (S3's rules). */
const RESTRICTING_KEYS = [
  'aws:sourceip',
  'aws:sourcevpc',
  'aws:sourcevpce',
  'aws:sourcearn',
  'aws:sourceaccount',
  'aws:sourceowner',
  'aws:principalorgid',
  'aws:principalaccount',
  'aws:principalarn',
  'aws:userid',
  's3:dataaccesspointarn',
  's3:dataaccesspointaccount',
];

function wildcardPrincipal(p: unknown): boolean {
  if (p === '*') return true;
  if (p && typeof p === 'object' && !Array.isArray(p)) {
    const aws = (p as Record<string, unknown>).AWS;
    return aws === '*' || (Array.isArray(aws) && aws.includes('*'));
  }
  return false;
}

function restricted(condition: unknown): boolean {
  if (!condition || typeof condition !== 'object') return false;
  return Object.entries(condition as Record<string, unknown>).some(
    ([op, block]) =>
      !op.toLowerCase().startsWith('not') &&
      block !== null &&
      typeof block === 'object' &&
      Object.entries(block as Record<string, unknown>).some(
        ([k, v]) =>
          RESTRICTING_KEYS.includes(k.toLowerCase()) &&
          !(Array.isArray(v) ? v : [v]).some((x) => x === '*' || x === '0.0.0.0/0'),
      ),
  );
}

/** Whether a bucket policy grants access to everyone (S3's "public" policy evaluation). */
export function isPublicPolicy(text: string): boolean {
  let doc: { Statement?: unknown };
  try {
    doc = JSON.parse(text) as { Statement?: unknown };
  } catch {
    return false;
  }
  const statements = Array.isArray(doc.Statement) ? doc.Statement : doc.Statement ? [doc.Statement] : [];
  return statements.some((s) => {
    const st = s as Record<string, unknown>;
    if (st.Effect !== 'Allow') return false;
    const open = st.NotPrincipal !== undefined || wildcardPrincipal(st.Principal);
    return open && !restricted(st.Condition);
  });
}

async function bucketPolicyText(ctx: StoreContext, bucket: string): Promise<string> {
  return (await ctx.layer.getBucketConfig(bucket, 'policy'))?.toString('utf8') ?? '';
}

/** PutBucketPolicy under BlockPublicPolicy: a public policy is AccessDenied. */
export async function checkPolicyWrite(ctx: StoreContext, bucket: string, text: string): Promise<void> {
  const pab = await publicAccessBlock(ctx, bucket);
  if (pab?.BlockPublicPolicy && isPublicPolicy(text)) {
    throw new S3Error(
      'AccessDenied',
      'Access Denied: the bucket blocks public policies (PublicAccessBlock BlockPublicPolicy).',
    );
  }
}

/**
 * An ACL a request sets (bucket or object): BucketOwnerEnforced accepts only full control for the
 * `owners` (AccessControlListNotSupported otherwise); BlockPublicAcls refuses public ones (AccessDenied).
 */
export async function checkAclWrite(
  ctx: StoreContext,
  bucket: string,
  grants: Grant[],
  owners: string[],
): Promise<void> {
  const ownership = await objectOwnership(ctx, bucket);
  if (ownership === 'BucketOwnerEnforced' && !ownerOnly(grants, owners))
    throw new S3Error('AccessControlListNotSupported');
  await checkPublicAclWrite(ctx, bucket, grants);
}

/** What an authorization is about, beside the action and the policies' answer. */
export interface AccessTarget {
  bucket: string;
  key?: string;
  versionId?: string;
  /** False when the requester's policies explicitly deny the action (ACL grants then do not count). */
  notDenied?: () => boolean;
}

/**
 * The final word on an authorization: `allowedByPolicy` (IAM and bucket policy) unless
 * RestrictPublicBuckets takes a public policy away from anonymous requesters; otherwise the bucket's
 * and then the object's ACL grants (public ones ignored under IgnorePublicAcls; none under
 * BucketOwnerEnforced), unless a policy explicitly denies the action.
 */
export async function accessDecision(
  ctx: StoreContext,
  identity: Identity,
  target: AccessTarget,
  action: string,
  allowedByPolicy: boolean,
): Promise<boolean> {
  const { bucket } = target;
  if (!bucket) return allowedByPolicy;
  const anonymous = identity.kind === 'anonymous';
  if (allowedByPolicy && !anonymous) return true;
  const pab = await publicAccessBlock(ctx, bucket).catch(() => undefined);
  if (allowedByPolicy) {
    if (!pab?.RestrictPublicBuckets) return true;
    if (!isPublicPolicy(await bucketPolicyText(ctx, bucket))) return true;
  }
  if ((await objectOwnership(ctx, bucket).catch(() => 'BucketOwnerEnforced')) === 'BucketOwnerEnforced')
    return false;
  if (target.notDenied && !target.notDenied()) return false;
  const requester = { anonymous, id: ownerOf(ctx, identity).id };
  const ignorePublic = pab?.IgnorePublicAcls === true;
  const owner = await bucketOwner(ctx, bucket).catch(() => ROOT_OWNER);
  const grants = await bucketGrants(ctx, bucket).catch(() => []);
  if (aclAllows(grants, requester, owner.id, action, { on: 'bucket', ignorePublic })) return true;
  if (target.key === undefined || !OBJECT_ACL_ACTIONS.includes(action)) return false;
  return objectAclAllows(ctx, { ...target, key: target.key }, requester, action, ignorePublic);
}

/** The Object Ownership of a bucket created without `x-amz-object-ownership`: the `api` set's `object_ownership`. */
export function defaultOwnership(ctx: StoreContext): ObjectOwnership {
  return (
    parseOwnershipHeader(ctx.config.get('api').values.object_ownership || undefined) ?? 'BucketOwnerEnforced'
  );
}

/**
 * CreateBucket's `x-amz-object-ownership` and ACL headers: checked before the bucket exists (an ACL
 * beyond the owner's with BucketOwnerEnforced is InvalidBucketAclWithObjectOwnership), applied after.
 */
export function createBucketAccess(
  req: S3Request,
  ctx: StoreContext,
  owner: OwnerRecord,
): (ctx: StoreContext) => Promise<void> {
  const ownership = parseOwnershipHeader(req.headers['x-amz-object-ownership']) ?? defaultOwnership(ctx);
  const grants = grantsFromHeaders(req.headers, { owner: owner.id });
  if (grants && ownership === 'BucketOwnerEnforced' && !ownerOnly(grants, [owner.id])) {
    throw new S3Error('InvalidBucketAclWithObjectOwnership');
  }
  return async (ctx) => {
    if (ownership !== 'BucketOwnerEnforced') {
      await ctx.layer.putBucketConfig(
        req.bucket,
        'ownership',
        Buffer.from(JSON.stringify({ rule: ownership })),
      );
    }
    if (grants && !ownerOnly(grants, [owner.id]))
      await ctx.layer.putBucketConfig(req.bucket, 'acl', Buffer.from(JSON.stringify(grants)));
  };
}
