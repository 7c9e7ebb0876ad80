// SPDX-License-Identifier: Apache-2.0
import { createHash } from 'node:crypto';
import type * as Minio from 'minio';

type Headers = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The storage class and restore state of an object's HEAD answer (issue 19): a transitioned version
 * reports its tier as `x-amz-storage-class`, a restored one `x-amz-restore`.
 */
export function tierState(headers: Headers): { storage_class?: string; restore?: string } {
  const storageClass = first(headers['x-amz-storage-class']);
  const restore = first(headers['x-amz-restore']);
  return {
    ...(storageClass ? { storage_class: storageClass } : {}),
    ...(restore ? { restore } : {}),
  };
}

/** POST ?restore (S3 RestoreObject) for `days`, through the caller's signed client. */
export async function restoreObject(
  s3: Minio.Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  days: number,
): Promise<void> {
  const body = `<RestoreRequest xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Days>${days}</Days></RestoreRequest>`;
  const query = versionId === undefined ? 'restore' : `restore&versionId=${encodeURIComponent(versionId)}`;
  const res = await s3.makeRequestAsync(
    {
      method: 'POST',
      bucketName: bucket,
      objectName: key,
      query,
      headers: { 'Content-MD5': createHash('md5').update(body).digest('base64') },
    },
    body,
    [200, 202],
  );
  res.resume();
}
