// SPDX-License-Identifier: Apache-2.0
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { s3Error } from '../core/errors.js';
import { writeBody } from './compression.js';
import { MAX_OBJECT_SIZE } from './erasure.js';
import type { ErasureSet } from './erasure-set.js';
import { objectLock } from './key-locks.js';
import type { VersionRecord } from './meta.js';
import { readMeta, writeMeta } from './meta-io.js';
import { isRemote } from './transition.js';
import { cleanupVersions } from './versions.js';

/**
 * RestoreObject for transitioned versions: a temporary local copy of the data, erasure-coded like any
 * write, attached to the version with `x-amz-restore` saying until when; `dropRestoredCopy` frees it
 * again once that time has passed (the lifecycle pass). The tier keeps its copy throughout. A restored
 * multipart version is stored as one part (its part layout stays only in its ETag).
 */

/** System metadata key (and response header) of a restored copy. */
export const RESTORE_KEY = 'x-amz-restore';

/** The `x-amz-restore` value of a finished restore that lasts until `expiry`. */
export function restoreHeader(expiry: number): string {
  return `ongoing-request="false", expiry-date="${new Date(expiry).toUTCString()}"`;
}

/** The expiry of a restored copy, from its `x-amz-restore` value; null when none. */
export function restoreExpiry(value: string | undefined): number | null {
  const m = value?.match(/expiry-date="([^"]+)"/);
  const t = m ? Date.parse(m[1] as string) : Number.NaN;
  return Number.isNaN(t) ? null : t;
}

function sameVersion(
  v: VersionRecord | undefined,
  expect: { mtime: number; etag: string },
): v is VersionRecord {
  return v !== undefined && !v.deleteMarker && v.mtime === expect.mtime && v.etag === expect.etag;
}

/**
 * Stores `body` (the version's bytes, from its tier) as the local copy of a transitioned version until
 * `expiry`. A version that already has a local copy only gets the new expiry. Resolves to false when
 * the version changed meanwhile.
 */
export async function restoreLocalCopy(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string,
  body: Readable,
  expect: { mtime: number; etag: string; size: number },
  expiry: number,
): Promise<boolean> {
  const ec = set.geometry(key);
  const writeQuorum = set.writeQuorumFor(ec);
  const writeId = randomUUID();
  const dataDir = randomUUID();
  try {
    const res = await writeBody(
      {
        drives: set.drives,
        ec,
        rs: set.codec(ec),
        body,
        declaredSize: expect.size,
        maxSize: MAX_OBJECT_SIZE,
        inlineLimit: set.inlineLimit,
        tmpFile: (d) => d.tmp(`${writeId}/part.1`),
        writeQuorum,
        fsync: set.fsync,
        largeMd5: set.largeMd5,
      },
      false,
    );
    if (res.size !== expect.size) throw s3Error('InternalError', { BucketName: bucket, Key: key });
    return await set.locks.run(objectLock(bucket, key), async () => {
      const prev = await readMeta(set, bucket, key);
      const v = prev.doc?.versions.find((x) => x.versionId === versionId);
      if (!prev.doc || !sameVersion(v, expect)) return false;
      const sys = { ...v.sys, [RESTORE_KEY]: restoreHeader(expiry) };
      const restored: VersionRecord = isRemote(v)
        ? { ...v, sys, dataDir, inline: res.inline !== null, ec, parts: null }
        : { ...v, sys };
      const versions = prev.doc.versions.map((x) => (x === v ? restored : x));
      const doc = { gen: randomUUID(), updated: Date.now(), versions };
      if (!isRemote(v)) {
        await writeMeta(set, bucket, key, doc, prev);
        return true;
      }
      await writeMeta(set, bucket, key, doc, prev, {
        dataDir,
        writeId: res.inline ? null : writeId,
        inline: res.inline,
        written: res.written,
        writeQuorum,
      });
      return true;
    });
  } finally {
    await set.removeTmp(writeId);
  }
}

/** Frees the local copy of a restored version whose restore expired before `now`; false when none. */
export async function dropRestoredCopy(
  set: ErasureSet,
  bucket: string,
  key: string,
  versionId: string,
  now: number,
): Promise<boolean> {
  return set.locks.run(objectLock(bucket, key), async () => {
    const prev = await readMeta(set, bucket, key);
    const v = prev.doc?.versions.find((x) => x.versionId === versionId);
    const expiry = restoreExpiry(v?.sys[RESTORE_KEY]);
    if (!prev.doc || !v || expiry === null || expiry > now || v.dataDir === null) return false;
    const sys = { ...v.sys };
    delete sys[RESTORE_KEY];
    const freed: VersionRecord = { ...v, sys, dataDir: null, inline: false, ec: null };
    const versions = prev.doc.versions.map((x) => (x === v ? freed : x));
    await writeMeta(set, bucket, key, { gen: randomUUID(), updated: Date.now(), versions }, prev);
    await cleanupVersions(set, bucket, key, [v], false);
    return true;
  });
}
