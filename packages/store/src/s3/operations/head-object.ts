// SPDX-License-Identifier: Apache-2.0
import { publishAccessEvent } from '../notify.js';
import { readObject } from '../read-object.js';
import type { S3Handler } from '../types.js';

/** S3 API: HeadObject. A successful read is an `s3:ObjectAccessed:Head` event for notification targets. */
export const headObject: S3Handler = async (req, ctx) => {
  const res = await readObject(req, ctx, true);
  await publishAccessEvent(ctx, req, 's3:ObjectAccessed:Head', res);
  return res;
};
