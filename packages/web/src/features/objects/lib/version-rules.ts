// SPDX-License-Identifier: Apache-2.0
import type { ObjectItem } from '@stowage/contracts';

/** A version id names a real version only when it is present and not S3's 'null' (unversioned) id. */
export function hasRealVersionId(versionId: string | undefined): versionId is string {
  return versionId !== undefined && versionId !== '' && versionId !== 'null';
}

/**
 * The numbered v-labels of the Versions tab (spec 1 §2.6): the store lists a key's versions newest first,
 * and the newest gets the highest number, so the oldest is always 'v1' and labels never shift when a new
 * version arrives. Keyed by version id.
 */
export function versionLabels(versionsNewestFirst: readonly ObjectItem[]): Map<string, string> {
  const labels = new Map<string, string>();
  const n = versionsNewestFirst.length;
  versionsNewestFirst.forEach((v, i) => {
    labels.set(v.version_id ?? 'null', `v${n - i}`);
  });
  return labels;
}

/** The search on the Versions tab: the version id contains the text (case-insensitive). */
export function filterVersions(versions: readonly ObjectItem[], search: string): ObjectItem[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...versions];
  return versions.filter((v) => (v.version_id ?? 'null').toLowerCase().includes(needle));
}

/**
 * The version that was current at `isoDate` (rewind, spec 1 §4): the newest one last modified at or before
 * it; undefined when the object did not exist yet. A delete marker can be the answer (deleted by then).
 */
export function versionAt(
  versionsNewestFirst: readonly ObjectItem[],
  isoDate: string,
): ObjectItem | undefined {
  const at = new Date(isoDate).getTime();
  if (Number.isNaN(at)) return undefined;
  let best: ObjectItem | undefined;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const v of versionsNewestFirst) {
    const t = v.last_modified ? new Date(v.last_modified).getTime() : Number.NaN;
    // Equal times keep the earlier entry, which the store lists as the newer one.
    if (!Number.isNaN(t) && t <= at && t > bestTime) {
      best = v;
      bestTime = t;
    }
  }
  return best;
}
