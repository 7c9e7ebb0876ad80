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

  const deleted: Deleted[] = [];
  const errors: { Key: string; VersionId?: string; Code: string; Message: string }[] = [];
  for (const o of objects) {
    const key = xmlText(o.Key, false);
    if (key === undefined) throw new S3Error('MalformedXML');
    const versionId = xmlText(o.VersionId);
    const fail = (err: S3Error): void => {
      errors.push({
        Key: key,
        ...(versionId ? { VersionId: versionId } : {}),
        Code: err.code,
        Message: err.message,
      });
    };
    try {
      validateObjectKey(key);
      if (!(await isAllowed(req, ctx, 's3:DeleteObject', { key }))) {
        fail(new S3Error('AccessDenied'));
        continue;
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
      if (quiet) continue;
      const d: Deleted = { Key: key };
      if (versionId) d.VersionId = versionId;
      if (r.deleteMarker) {
        d.DeleteMarker = true;
        d.DeleteMarkerVersionId = r.versionId;
      }
      deleted.push(d);
    } catch (err) {
      if (err instanceof S3Error) {
        if (err.code === 'NoSuchKey' || err.code === 'NoSuchVersion') {
          if (!quiet) deleted.push({ Key: key, ...(versionId ? { VersionId: versionId } : {}) });
          continue;
        }
        fail(err);
        continue;
      }
      throw err;
    }
  }
  return xmlResponse('DeleteResult', { Deleted: deleted, Error: errors });
};
