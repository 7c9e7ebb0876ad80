// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type { SystemStore } from '../object-layer/types.js';

/**
 * The tier journal: one record in the system store per version whose data was copied to a tier,
 * written after the remote copy is durable and before the local data is freed. Reads find the remote
 * object through it; the sweep removes the remote copy (then the record) once the version is gone, so
 * every way a version disappears (DeleteObject, lifecycle, bucket removal) frees its remote copy too.
 */

export interface TierRecord {
  tier: string;
  /** Object name on the tier (under its prefix). */
  object: string;
  bucket: string;
  key: string;
  versionId: string;
  /** The version's modification time: versions named `null` are told apart by it. */
  mtime: number;
  size: number;
}

const DIR = 'tiers/journal/';

function recordPath(bucket: string, key: string, versionId: string, mtime: number): string {
  const id = createHash('sha256').update(`${bucket}\0${key}\0${versionId}\0${mtime}`).digest('hex');
  return `${DIR}${id}.json`;
}

export class TierJournal {
  readonly #system: SystemStore;

  constructor(system: SystemStore) {
    this.#system = system;
  }

  async put(r: TierRecord): Promise<void> {
    await this.#system.write(
      recordPath(r.bucket, r.key, r.versionId, r.mtime),
      Buffer.from(JSON.stringify(r)),
    );
  }

  async get(bucket: string, key: string, versionId: string, mtime: number): Promise<TierRecord | null> {
    const raw = await this.#system.read(recordPath(bucket, key, versionId, mtime));
    return raw ? (JSON.parse(raw.toString('utf8')) as TierRecord) : null;
  }

  async remove(r: TierRecord): Promise<void> {
    await this.#system.delete(recordPath(r.bucket, r.key, r.versionId, r.mtime));
  }

  async *all(): AsyncGenerator<TierRecord> {
    for (const p of await this.#system.list(DIR)) {
      const raw = await this.#system.read(p);
      if (raw) yield JSON.parse(raw.toString('utf8')) as TierRecord;
    }
  }
}
