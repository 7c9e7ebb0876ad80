import { publishAccessEvent } from '../notify.js';
import { readObject } from '../read-object.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetObject. A successful read is an `s3:ObjectAccessed:Get` event for notification targets. */
export const getObject: S3Handler = async (req, ctx) => {
  const res = await readObject(req, ctx, false);
  const h = res.headers ?? {};
  await publishAccessEvent(ctx, req, 's3:ObjectAccessed:Get', {
    key: req.key,
    size: Number(h['content-length'] ?? 0),
    etag: String(h.etag ?? '').replace(/"/g, ''),
    versionId: String(h['x-amz-version-id'] ?? ''),
    contentType: String(h['content-type'] ?? ''),
  });
  return res;
};
