// SPDX-License-Identifier: Apache-2.0
import { isS3Error } from '../core/errors.js';
import type { IamSystem } from '../iam/iam-system.js';
import type { StoreLog } from '../log/store-log.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { bucketOrNull, readAllBucketMeta, readBucketMeta } from './bucket-meta.js';
import {
  allIamItems,
  allServiceAccounts,
  groupItem,
  mappingItem,
  policyItem,
  serviceAccountItem,
  userItem,
} from './iam-items.js';
import { failureReason, isPeerAnswer, type PeerClient } from './peer-client.js';
import { bucketDeletedAt } from './state.js';
import type { BucketMetaType, IamItem } from './wire.js';

/**
 * What a peer's queue holds: the name of what changed, never its content. Delivery reads the thing as
 * it is now and sends that (or its deletion), so a queue that waited while its peer was offline sends
 * each thing's latest state, and a stale record is harmless.
 */
export type SyncRecord =
  | { t: 'bucket'; bucket: string }
  | { t: 'meta'; bucket: string; type: BucketMetaType }
  | { t: 'user'; name: string }
  | { t: 'group'; name: string }
  | { t: 'group-op'; req: { group: string; members: string[]; isRemove: boolean; groupStatus: string } }
  | { t: 'policy'; name: string }
  | { t: 'mapping'; name: string; isGroup: boolean }
  | { t: 'svcacc'; accessKey: string }
  | { t: 'svcaccs' }
  | { t: 'full' };

/** What delivery reads. */
export interface SyncDeps {
  layer: ObjectLayer;
  iam: IamSystem;
  log: StoreLog;
}

async function sendIam(client: PeerClient, item: IamItem): Promise<void> {
  await client.call('PUT', '/site-replication/peer/iam-item', { body: item });
}

/** Sends one record's current state to a peer; throws (the queue retries) when the peer is not reached. */
export async function deliver(deps: SyncDeps, client: PeerClient, r: SyncRecord): Promise<void> {
  try {
    await deliverOnce(deps, client, r);
  } catch (err) {
    // The peer answered with a refusal of this item (4xx other than credentials): retrying would not
    // change its answer, so it is logged and the queue moves on; anything else is retried.
    if (isPeerAnswer(err) && err.status !== 401 && err.status !== 403) {
      deps.log.error(`Site replication to ${client.peer.name}: ${r.t} refused: ${failureReason(err)}`);
      return;
    }
    throw err;
  }
}

async function sendBucket(deps: SyncDeps, client: PeerClient, bucket: string): Promise<void> {
  const { layer } = deps;
  const info = await bucketOrNull(layer, bucket);
  if (!info) {
    const deletedAt = await bucketDeletedAt(layer.system, bucket);
    await client.call('PUT', '/site-replication/peer/bucket-ops', {
      query: {
        bucket,
        operation: 'force-delete-bucket',
        ...(deletedAt ? { deletedAt: deletedAt.toISOString() } : {}),
      },
    });
    return;
  }
  await client.call('PUT', '/site-replication/peer/bucket-ops', {
    query: {
      bucket,
      operation: 'make-with-versioning',
      ...(info.objectLockEnabled ? { lockEnabled: 'true' } : {}),
      createdAt: info.created.toISOString(),
    },
  });
  for (const item of await readAllBucketMeta(layer, info)) {
    await client.call('PUT', '/site-replication/peer/bucket-meta', { body: item });
  }
}

async function deliverOnce(deps: SyncDeps, client: PeerClient, r: SyncRecord): Promise<void> {
  const { layer, iam } = deps;
  switch (r.t) {
    case 'bucket':
      return sendBucket(deps, client, r.bucket);
    case 'meta': {
      const info = await bucketOrNull(layer, r.bucket);
      if (!info) return;
      await client.call('PUT', '/site-replication/peer/bucket-meta', {
        body: await readBucketMeta(layer, info, r.type),
      });
      return;
    }
    case 'user':
      await sendIam(client, userItem(iam, r.name));
      if (iam.userExists(r.name)) await sendIam(client, mappingItem(iam, r.name, false));
      return;
    case 'group':
      return sendIam(client, groupItem(iam, r.name));
    case 'group-op':
      return sendIam(client, { type: 'group-info', name: '', groupInfo: { updateReq: r.req } });
    case 'policy':
      return sendIam(client, policyItem(iam, r.name));
    case 'mapping':
      return sendIam(client, mappingItem(iam, r.name, r.isGroup));
    case 'svcacc':
      return sendIam(client, serviceAccountItem(iam, r.accessKey));
    case 'svcaccs':
      for (const k of allServiceAccounts(iam)) await sendIam(client, serviceAccountItem(iam, k));
      return;
    case 'full': {
      for (const item of allIamItems(iam)) await sendIam(client, item);
      for (const b of await layer.listBuckets()) {
        try {
          await sendBucket(deps, client, b.name);
        } catch (err) {
          if (!isS3Error(err, 'NoSuchBucket')) throw err;
        }
      }
      return;
    }
  }
}
