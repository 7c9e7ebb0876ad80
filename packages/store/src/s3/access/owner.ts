// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { StoreContext } from '../../core/context.js';
import type { Identity } from '../../iam/types.js';
import type { OwnerRecord } from '../../object-layer/types.js';
import { OWNER } from '../response.js';
import { objectOwnership } from './settings.js';

/**
 * Canonical owners (S3's 64-hex `Owner` ID and DisplayName). The root user keeps the store's fixed
 * owner; every other user has its own id, derived from its name so it is stable across restarts and
 * nodes; service accounts and STS sessions act as (and own as) the user they belong to.
 */

export const ROOT_OWNER: OwnerRecord = { id: OWNER.ID, name: OWNER.DisplayName };

/** The owner of what anonymous requesters write (AWS's anonymous canonical id). */
export const ANONYMOUS_OWNER: OwnerRecord = { id: '65a011a29cdf8ec533ec3d1ccaae921c', name: 'anonymous' };

/** The canonical id of a (non-root) user name. */
export function canonicalUserId(user: string): string {
  return createHash('sha256').update(`stowage canonical user\n${user}`).digest('hex');
}

/** The canonical owner a requester acts as. */
export function ownerOf(ctx: StoreContext, identity: Identity): OwnerRecord {
  if (identity.kind === 'anonymous') return ANONYMOUS_OWNER;
  if (identity.kind === 'root') return ROOT_OWNER;
  const user = identity.kind === 'user' ? identity.accessKey : identity.parentUser;
  if (user === ctx.iam.rootAccessKey) return ROOT_OWNER;
  return { id: canonicalUserId(user), name: user };
}

/** A bucket's owner: its creator, or the root user for buckets made before owners were recorded. */
export async function bucketOwner(ctx: StoreContext, bucket: string): Promise<OwnerRecord> {
  return (await ctx.layer.getBucketInfo(bucket)).owner ?? ROOT_OWNER;
}

/** The `Owner` / `Initiator` element of an owner. */
export function ownerXml(owner: OwnerRecord): { ID: string; DisplayName: string } {
  return { ID: owner.id, DisplayName: owner.name };
}

/**
 * Who owns a bucket's object versions (listings): the owner recorded with a version (ACLs enabled),
 * else the bucket's owner — always the bucket's owner under BucketOwnerEnforced, as S3.
 */
export async function versionOwners(
  ctx: StoreContext,
  bucket: string,
): Promise<(recorded: OwnerRecord | null | undefined) => OwnerRecord> {
  const owner = await bucketOwner(ctx, bucket);
  if ((await objectOwnership(ctx, bucket)) === 'BucketOwnerEnforced') return () => owner;
  return (recorded) => recorded ?? owner;
}
