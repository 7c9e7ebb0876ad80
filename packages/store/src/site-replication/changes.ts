// SPDX-License-Identifier: Apache-2.0
import { isS3Error, S3Error } from '../core/errors.js';
import { META_OF_ROUTE } from './bucket-meta.js';
import type { SiteReplicationService } from './service.js';
import { bucketDeletedAt, clearBucketDeleted, markBucketDeleted } from './state.js';
import type { SyncRecord } from './sync.js';
import type { BucketOp } from './wire.js';

/**
 * Where local changes enter the site layer: the S3 and admin edges call {@link s3Changed} and
 * {@link adminChanged} after an operation succeeded, with its route name; what the operation changed is
 * queued for every peer. Changes a peer sends arrive through the peer calls, which are not hooked, so
 * nothing loops.
 */

export async function s3Changed(sr: SiteReplicationService, route: string, bucket: string): Promise<void> {
  if (!sr.enabled || bucket === '') return;
  if (route === 'CreateBucket') {
    await clearBucketDeleted(sr.deps.layer.system, bucket);
    await sr.configureBucket(bucket);
    await sr.queueAll({ t: 'bucket', bucket });
    return;
  }
  if (route === 'DeleteBucket') {
    await markBucketDeleted(sr.deps.layer.system, bucket);
    await sr.queueAll({ t: 'bucket', bucket });
    return;
  }
  const type = META_OF_ROUTE[route];
  if (type) await sr.queueAll({ t: 'meta', bucket, type });
}

/** What an admin call changed, from its route name, query and (plain JSON) body. */
export function adminRecord(route: string, query: URLSearchParams, body: Buffer): SyncRecord | null {
  const q = (k: string): string => query.get(k) ?? '';
  switch (route) {
    case 'AddUser':
    case 'RemoveUser':
    case 'SetUserStatus':
      return { t: 'user', name: q('accessKey') };
    case 'SetGroupStatus':
      return { t: 'group', name: q('group') };
    case 'UpdateGroupMembers': {
      const r = JSON.parse(body.toString('utf8')) as {
        group?: string;
        members?: string[] | null;
        isRemove?: boolean;
        groupStatus?: string;
      };
      return {
        t: 'group-op',
        req: {
          group: r.group ?? '',
          members: r.members ?? [],
          isRemove: !!r.isRemove,
          groupStatus: r.groupStatus ?? '',
        },
      };
    }
    case 'AddCannedPolicy':
    case 'RemoveCannedPolicy':
      return { t: 'policy', name: q('name') };
    case 'SetPolicyForUserOrGroup':
      return { t: 'mapping', name: q('userOrGroup'), isGroup: q('isGroup') === 'true' };
    case 'AddServiceAccount':
      return { t: 'svcaccs' };
    case 'UpdateServiceAccount':
    case 'DeleteServiceAccount':
      return { t: 'svcacc', accessKey: q('accessKey') };
    case 'PutBucketQuota':
      return { t: 'meta', bucket: q('bucket'), type: 'quota-config' };
    default:
      return null;
  }
}

/** Calls whose (encrypted) body names the user or group, or the LDAP DN, whose policies changed. */
const BODY_NAMES_ENTITY = new Set([
  'AttachPolicyBuiltin',
  'DetachPolicyBuiltin',
  'AttachPolicyLDAP',
  'DetachPolicyLDAP',
]);

export async function adminChanged(
  sr: SiteReplicationService,
  route: string,
  query: URLSearchParams,
  body: Buffer,
  decrypted: () => Promise<Record<string, unknown>>,
): Promise<void> {
  if (!sr.enabled) return;
  if (BODY_NAMES_ENTITY.has(route)) {
    const b = await decrypted();
    const user = typeof b.user === 'string' ? b.user : '';
    const group = typeof b.group === 'string' ? b.group : '';
    if (user) await sr.queueAll({ t: 'mapping', name: user, isGroup: false });
    if (group) await sr.queueAll({ t: 'mapping', name: group, isGroup: true });
    return;
  }
  const record = adminRecord(route, query, body);
  if (record) await sr.queueAll(record);
}

/** The peer call `bucket-ops`: make (versioned, with object lock when asked), configure, delete. */
export async function bucketOp(
  sr: SiteReplicationService,
  bucket: string,
  op: BucketOp,
  query: URLSearchParams,
): Promise<void> {
  const { layer } = sr.deps;
  switch (op) {
    case 'make-with-versioning': {
      const deleted = await bucketDeletedAt(layer.system, bucket);
      if (deleted) {
        // Made at the peer before this site saw the bucket deleted (a late delivery): not made again.
        if (!madeAfter(query.get('createdAt'), deleted)) return;
        await clearBucketDeleted(layer.system, bucket);
      }
      try {
        await layer.makeBucket(bucket, { objectLock: query.get('lockEnabled') === 'true' });
      } catch (err) {
        if (!isS3Error(err, 'BucketAlreadyOwnedByYou') && !isS3Error(err, 'BucketAlreadyExists')) throw err;
      }
      await sr.configureBucket(bucket);
      return;
    }
    case 'configure-replication':
      await sr.configureBucket(bucket);
      return;
    case 'delete-bucket':
    case 'force-delete-bucket':
      try {
        await layer.deleteBucket(bucket, { force: op === 'force-delete-bucket' });
      } catch (err) {
        if (!isS3Error(err, 'NoSuchBucket')) throw err;
      }
      await markBucketDeleted(layer.system, bucket, deletionTime(query.get('deletedAt')));
      return;
    case 'purge-deleted-bucket':
      await clearBucketDeleted(layer.system, bucket);
      return;
    default:
      throw new S3Error('XMinioSiteReplicationInvalidRequest', `unknown bucket operation ${String(op)}`);
  }
}

/** The deleting site's time of a deletion (`deletedAt`, ISO), when sent and not in the future; else now. */
function deletionTime(sent: string | null): Date {
  const now = new Date();
  const at = sent ? new Date(sent) : null;
  return at && Number.isFinite(at.getTime()) && at <= now ? at : now;
}

/** Whether a creation made at `createdAt` (ISO; absent or unreadable: assumed newer) followed the deletion. */
function madeAfter(createdAt: string | null, deleted: Date): boolean {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return !Number.isFinite(created) || created > deleted.getTime();
}
