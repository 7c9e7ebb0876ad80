// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { AclGrant } from '../../object-layer/types.js';
import { parseXml, xmlChild, xmlText } from '../xml.js';

/**
 * A bucket's access settings beside its policy: PublicAccessBlock (the four switches), Object
 * Ownership (BucketOwnerEnforced by default: ACLs disabled) and its ACL grants. Each is a JSON bucket
 * document; absent means AWS's default for a new bucket.
 */

export interface PublicAccessBlock {
  BlockPublicAcls: boolean;
  IgnorePublicAcls: boolean;
  BlockPublicPolicy: boolean;
  RestrictPublicBuckets: boolean;
}

export const PAB_FIELDS = [
  'BlockPublicAcls',
  'IgnorePublicAcls',
  'BlockPublicPolicy',
  'RestrictPublicBuckets',
] as const;

export type ObjectOwnership = 'BucketOwnerEnforced' | 'BucketOwnerPreferred' | 'ObjectWriter';
const OWNERSHIPS: readonly ObjectOwnership[] = [
  'BucketOwnerEnforced',
  'BucketOwnerPreferred',
  'ObjectWriter',
];

/** An ACL grant: the owner, a group, or another canonical user id. */
export type Grant = AclGrant;

async function readJson<T>(
  ctx: StoreContext,
  bucket: string,
  name: 'public-access-block' | 'ownership' | 'acl',
): Promise<T | undefined> {
  const raw = await ctx.layer.getBucketConfig(bucket, name);
  return raw ? (JSON.parse(raw.toString('utf8')) as T) : undefined;
}

export function publicAccessBlock(ctx: StoreContext, bucket: string): Promise<PublicAccessBlock | undefined> {
  return readJson<PublicAccessBlock>(ctx, bucket, 'public-access-block');
}

/** The bucket's Object Ownership; null when its ownership controls were deleted (ACLs then enabled). */
export async function objectOwnership(ctx: StoreContext, bucket: string): Promise<ObjectOwnership | null> {
  const doc = await readJson<{ rule: ObjectOwnership | null }>(ctx, bucket, 'ownership');
  return doc === undefined ? 'BucketOwnerEnforced' : doc.rule;
}

export async function bucketGrants(ctx: StoreContext, bucket: string): Promise<Grant[]> {
  return (await readJson<Grant[]>(ctx, bucket, 'acl')) ?? [];
}

function bool(v: string | undefined): boolean {
  if (v === undefined) return false;
  if (v !== 'true' && v !== 'false') throw new S3Error('MalformedXML');
  return v === 'true';
}

export function parsePublicAccessBlockXml(body: Buffer): PublicAccessBlock {
  const doc = parseXml(body, 'PublicAccessBlockConfiguration');
  const out = {} as PublicAccessBlock;
  for (const f of PAB_FIELDS) out[f] = bool(xmlText(doc[f]));
  return out;
}

export function parseOwnershipXml(body: Buffer): ObjectOwnership {
  const doc = parseXml(body, 'OwnershipControls', ['Rule']);
  const rules = Array.isArray(doc.Rule) ? doc.Rule : [];
  if (rules.length !== 1) throw new S3Error('MalformedXML');
  const value = xmlText(xmlChild(rules[0])?.ObjectOwnership);
  const rule = OWNERSHIPS.find((o) => o === value);
  if (!rule) throw new S3Error('MalformedXML');
  return rule;
}

export function parseOwnershipHeader(v: string | string[] | undefined): ObjectOwnership | undefined {
  if (v === undefined) return undefined;
  const rule = OWNERSHIPS.find((o) => o === v);
  if (!rule)
    throw new S3Error('InvalidArgument', 'Invalid x-amz-object-ownership header', {
      ArgumentName: 'x-amz-object-ownership',
    });
  return rule;
}
