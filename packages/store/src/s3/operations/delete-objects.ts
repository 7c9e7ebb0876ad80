// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { isAllowed } from '../authorize.js';
import { publishObjectEvent } from '../notify.js';
import { replicateChange } from '../replication-hooks.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';
import { validateObjectKey } from '../validate.js';
import { parseXml, xmlList, xmlText } from '../xml.js';
import { bypassRequested } from './delete-object.js';

/** S3 accepts at most 1000 keys per multi-object delete. */
export const MAX_DELETE_KEYS = 1000;

interface Deleted {
  Key: string;
  VersionId?: string;
  DeleteMarker?: boolean;
  DeleteMarkerVersionId?: string;
}

type DeleteEntry = ReturnType<typeof xmlList>[number];

interface DeleteError {
  Key: string;
  VersionId?: string;
  Code: string;
  Message: string;
}

/** Keys of one request deleted at once (see deleteObjects). */
const DELETE_CONCURRENCY = 32;

/**
 * S3 API: DeleteObjects. Each key is authorised (s3:DeleteObject) and deleted on its own; failures are
 * reported per key in the result, `Quiet` leaves successes out.
 */
export const deleteObjects: S3Handler = async (req, ctx) => {
  // readBody verifies Content-MD5 (BadDigest), which S3 expects on this call.
  const body = await req.readBody(2 * 1024 * 1024);
  const doc = parseXml(body, 'Delete', ['Object']);
  const objects = xmlList(doc.Object);
  if (objects.length === 0) throw new S3Error('MalformedXML');
  if (objects.length > MAX_DELETE_KEYS)
    throw new S3Error('MalformedXML', `You can delete at most ${MAX_DELETE_KEYS} objects per request.`);
  const quiet = xmlText(doc.Quiet)?.toLowerCase() === 'true';
  await ctx.layer.getBucketInfo(req.bucket);
  const bypass = bypassRequested(req.headers);
  const bypassAllowed = bypass && (await isAllowed(req, ctx, 's3:BypassGovernanceRetention'));

  // Every entry's outcome, in request order: a Deleted entry, an Error entry, or nothing (quiet).
  const outcomes: (Deleted | DeleteError | null)[] = objects.map(() => null);
  const deleteOne = async (o: DeleteEntry, at: number): Promise<void> => {
    const key = xmlText(o.Key, false) as string;
    const versionId = xmlText(o.VersionId);
    const fail = (err: S3Error): void => {
      outcomes[at] = {
        Key: key,
        ...(versionId ? { VersionId: versionId } : {}),
        Code: err.code,
        Message: err.message,
      };
    };
    try {
      validateObjectKey(key);
      if (!(await isAllowed(req, ctx, 's3:DeleteObject', { key }))) {
        fail(new S3Error('AccessDenied'));
        return;
      }
      const r = await ctx.layer.deleteObject(req.bucket, key, {
        ...(versionId ? { versionId } : {}),
        bypassGovernance: bypassAllowed,
      });
      await publishObjectEvent(
        ctx,
        req,
        r.deleteMarker ? 's3:ObjectRemoved:DeleteMarkerCreated' : 's3:ObjectRemoved:Delete',
        { key, versionId: r.versionId },
      );
      await replicateChange(req, ctx, {
        bucket: req.bucket,
        key,
        versionId: r.versionId,
        kind: versionId ? 'version-delete' : 'delete-marker',
      });
      if (quiet) return;
      const d: Deleted = { Key: key };
      if (versionId) d.VersionId = versionId;
      if (r.deleteMarker) {
        d.DeleteMarker = true;
        d.DeleteMarkerVersionId = r.versionId;
      }
      outcomes[at] = d;
    } catch (err) {
      if (err instanceof S3Error) {
        if (err.code === 'NoSuchKey' || err.code === 'NoSuchVersion') {
          if (!quiet) outcomes[at] = { Key: key, ...(versionId ? { VersionId: versionId } : {}) };
          return;
        }
        fail(err);
        return;
      }
      throw err;
    }
  };
  // Keys are deleted DELETE_CONCURRENCY at a time, so concurrent deletes share each drive's journal
  // flush (group commit) instead of paying one each. Entries naming the same key stay in request order:
  // each key's entries run one after another in one worker.
  const byKey = new Map<string, number[]>();
  objects.forEach((o, i) => {
    const key = xmlText(o.Key, false);
    if (key === undefined) throw new S3Error('MalformedXML');
    const same = byKey.get(key);
    if (same) same.push(i);
    else byKey.set(key, [i]);
  });
  const groups = [...byKey.values()];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(DELETE_CONCURRENCY, groups.length) }, async () => {
      while (next < groups.length) {
        for (const i of groups[next++] as number[]) await deleteOne(objects[i] as DeleteEntry, i);
      }
    }),
  );
  const deleted = outcomes.filter((x): x is Deleted => x !== null && !('Code' in x));
  const errors = outcomes.filter((x): x is DeleteError => x !== null && 'Code' in x);
  return xmlResponse('DeleteResult', { Deleted: deleted, Error: errors });
};
