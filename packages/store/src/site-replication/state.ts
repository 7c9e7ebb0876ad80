// SPDX-License-Identifier: Apache-2.0

import type { PeerInfo } from '@stowage/madmin';
import type { SystemStore } from '../object-layer/types.js';

/**
 * The site replication state (MinIO's srStateV1: this site's name, every site by deployment id, the
 * site replicator's access key), kept in the system store as `{version: 1, srState}` and written
 * atomically on every drive by the layer.
 */
export interface SiteState {
  name: string;
  peers: Record<string, PeerInfo>;
  serviceAccountAccessKey: string;
}

const STATE_PATH = 'site-replication/state.json';

/** MinIO's site replicator: one service account of the root user, with the same keys on every site. */
export const SITE_REPLICATOR = 'site-replicator-0';

export async function loadState(system: SystemStore): Promise<SiteState | null> {
  const raw = await system.read(STATE_PATH);
  if (!raw) return null;
  const doc = JSON.parse(raw.toString('utf8')) as { version?: number; srState?: SiteState };
  if (doc.version !== 1 || !doc.srState)
    throw new Error(`unexpected site replication state version ${doc.version}`);
  return Object.keys(doc.srState.peers ?? {}).length > 0 ? doc.srState : null;
}

export async function saveState(system: SystemStore, state: SiteState | null): Promise<void> {
  if (!state) {
    await system.delete(STATE_PATH);
    return;
  }
  await system.write(STATE_PATH, Buffer.from(JSON.stringify({ version: 1, srState: state })));
}

/**
 * Buckets deleted at this site, or by a peer, and when (MinIO keeps the same under `buckets/.deleted/`):
 * a peer's creation of a bucket that reaches this site late (its queue read the bucket before the delete
 * at another site reached it) must not bring the bucket back. A creation older than the deletion is
 * ignored; a newer one (the bucket made again) clears the mark. A peer told of a deletion keeps the time
 * the deleting site recorded (`deletedAt` of the peer call), not the time the news reached it: a site
 * that was offline meanwhile still makes a bucket created again after the deletion.
 */
const deletedPath = (bucket: string): string => `site-replication/deleted-buckets/${bucket}`;

export async function markBucketDeleted(system: SystemStore, bucket: string, at = new Date()): Promise<void> {
  await system.write(deletedPath(bucket), Buffer.from(at.toISOString()));
}

/** When this site recorded the bucket's deletion; null when it holds no mark. */
export async function bucketDeletedAt(system: SystemStore, bucket: string): Promise<Date | null> {
  const raw = await system.read(deletedPath(bucket));
  if (!raw) return null;
  const at = new Date(raw.toString('utf8'));
  return Number.isFinite(at.getTime()) ? at : null;
}

export async function clearBucketDeleted(system: SystemStore, bucket: string): Promise<void> {
  await system.delete(deletedPath(bucket));
}
