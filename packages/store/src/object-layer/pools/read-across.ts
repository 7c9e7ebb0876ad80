// SPDX-License-Identifier: Apache-2.0
import { isS3Error } from '../../core/errors.js';
import { isDeleteMarkerError } from '../delete-marker-error.js';
import type { ErasureObjectLayer } from '../erasure-object-layer.js';
import type { ObjectInfo } from '../types.js';

/** A key or version a pool does not hold. */
export function notFound(err: unknown): boolean {
  return isS3Error(err, 'NoSuchKey') || isS3Error(err, 'NoSuchVersion');
}

/**
 * Ask every pool at once and answer with the one that holds the key (or version): the newest latest
 * version should two hold it; a delete marker's error, else pool 0's error, when none does.
 */
export async function readAcross<T>(
  pools: ErasureObjectLayer[],
  versionId: string | undefined,
  read: (p: ErasureObjectLayer) => Promise<T>,
  info: (r: T) => ObjectInfo,
  discard: (r: T) => void,
): Promise<T> {
  const results = await Promise.allSettled(pools.map(read));
  let best: T | undefined;
  let marker: unknown;
  let markerTime = -1;
  let other: unknown;
  for (const r of results) {
    if (r.status === 'fulfilled') {
      if (best === undefined) best = r.value;
      else if (!versionId && info(r.value).lastModified > info(best).lastModified) {
        discard(best);
        best = r.value;
      } else discard(r.value);
    } else if (isDeleteMarkerError(r.reason)) {
      if (r.reason.lastModified.getTime() > markerTime) {
        marker = r.reason;
        markerTime = r.reason.lastModified.getTime();
      }
    } else if (!notFound(r.reason)) other ??= r.reason;
  }
  if (best !== undefined) {
    if (marker && !versionId && markerTime > info(best).lastModified.getTime()) {
      discard(best);
      throw marker;
    }
    return best;
  }
  if (marker) throw marker;
  if (other) throw other;
  throw (results[0] as PromiseRejectedResult).reason;
}
