// SPDX-License-Identifier: Apache-2.0
import { isS3Error } from '../../core/errors.js';
import { isDeleteMarkerError } from '../delete-marker-error.js';
import type { ErasureObjectLayer } from '../erasure-object-layer.js';
import type { ObjectInfo } from '../types.js';

/** A key or version a pool does not hold. */
export function notFound(err: unknown): boolean {
  return isS3Error(err, 'NoSuchKey') || isS3Error(err, 'NoSuchVersion');
}

/** When the key's latest version (or delete marker) in pool `p` was written; -1 when `p` lacks it. */
export function latestTime(p: ErasureObjectLayer, bucket: string, key: string): Promise<number> {
  return p.headObject(bucket, key).then(
    (info) => info.lastModified.getTime(),
    (err: unknown) => {
      if (isDeleteMarkerError(err)) return err.lastModified.getTime();
      if (notFound(err)) return -1;
      throw err;
    },
  );
}

/** Whether pool `p` holds this version of the key (a delete marker too). */
export function holdsVersion(
  p: ErasureObjectLayer,
  bucket: string,
  key: string,
  versionId: string,
): Promise<boolean> {
  return p.headObject(bucket, key, { versionId }).then(
    () => true,
    (err: unknown) => {
      if (isDeleteMarkerError(err)) return true;
      if (notFound(err)) return false;
      throw err;
    },
  );
}

/** How a read across pools is done: the read itself, the answer's info, and how to drop an answer. */
export interface PoolRead<T> {
  versionId: string | undefined;
  read: (p: ErasureObjectLayer) => Promise<T>;
  info: (r: T) => ObjectInfo;
  discard: (r: T) => void;
  /** Told which pool answered (with the key or its delete marker). */
  found?: (pool: number) => void;
}

/**
 * Ask pool `hint` first (see PoolHints): its answer — the key, or its delete marker — is the answer;
 * anything else (not there, an error) asks every pool (`readAcross`).
 */
export async function readHinted<T>(
  pools: ErasureObjectLayer[],
  hint: number | undefined,
  r: PoolRead<T>,
): Promise<T> {
  const hinted = hint === undefined || pools.length < 2 ? undefined : pools[hint];
  if (hinted) {
    try {
      return await r.read(hinted);
    } catch (err) {
      if (isDeleteMarkerError(err)) throw err;
    }
  }
  return readAcross(pools, r);
}

/**
 * Ask every pool at once and answer with the one that holds the key (or version): the newest latest
 * version should two hold it; a delete marker's error, else pool 0's error, when none does.
 */
export async function readAcross<T>(pools: ErasureObjectLayer[], r: PoolRead<T>): Promise<T> {
  const { versionId, info, discard } = r;
  const results = await Promise.allSettled(pools.map(r.read));
  let best: T | undefined;
  let bestPool = -1;
  let marker: unknown;
  let markerTime = -1;
  let markerPool = -1;
  let other: unknown;
  for (const [i, res] of results.entries()) {
    if (res.status === 'fulfilled') {
      if (best === undefined) {
        best = res.value;
        bestPool = i;
      } else if (!versionId && info(res.value).lastModified > info(best).lastModified) {
        discard(best);
        best = res.value;
        bestPool = i;
      } else discard(res.value);
    } else if (isDeleteMarkerError(res.reason)) {
      if (res.reason.lastModified.getTime() > markerTime) {
        marker = res.reason;
        markerTime = res.reason.lastModified.getTime();
        markerPool = i;
      }
    } else if (!notFound(res.reason)) other ??= res.reason;
  }
  if (best !== undefined) {
    if (marker && !versionId && markerTime > info(best).lastModified.getTime()) {
      discard(best);
      r.found?.(markerPool);
      throw marker;
    }
    r.found?.(bestPool);
    return best;
  }
  if (marker) {
    r.found?.(markerPool);
    throw marker;
  }
  if (other) throw other;
  throw (results[0] as PromiseRejectedResult).reason;
}
