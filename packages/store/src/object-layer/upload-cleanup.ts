// SPDX-License-Identifier: Apache-2.0
import { promises as fsp } from 'node:fs';
import { listBuckets } from './buckets.js';
import type { ErasureSet } from './erasure-set.js';
import { parseDoc, type UploadDoc } from './multipart.js';

/**
 * Removal of stale multipart uploads (started long ago, never completed or aborted). The layer only
 * offers the sweep; the store's background services run it on a timer (../background/stale-uploads.ts).
 */

/** Abort uploads initiated more than `maxAgeMs` ago. Returns how many. */
export async function cleanupStaleUploads(set: ErasureSet, maxAgeMs: number): Promise<number> {
  let removed = 0;
  const cutoff = Date.now() - maxAgeMs;
  for (const b of await listBuckets(set)) {
    for (const id of await set.uploads.listDir([b.name])) {
      const raw = await set.uploads.read([b.name, id, 'upload.json']).catch(() => null);
      const doc = raw ? parseDoc<UploadDoc>(raw) : null;
      if (doc && doc.initiated > cutoff) continue;
      if (!doc) {
        // A folder without its document: only remove it once it is old, judged by its mtime.
        const st = await fsp
          .stat(set.drives.find((d) => d.online)?.sys('multipart', b.name, id) ?? '')
          .catch(() => null);
        if (st && st.mtimeMs > cutoff) continue;
      }
      await set.uploads.deleteTree([b.name, id]).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}
