// SPDX-License-Identifier: Apache-2.0
import { publishAccessEvent } from '../notify.js';
import { readObject } from '../read-object.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetObject. A successful read is an `s3:ObjectAccessed:Get` event for notification targets. */
export const getObject: S3Handler = async (req, ctx) => {
  const res = await readObject(req, ctx, false);
  await publishAccessEvent(ctx, req, 's3:ObjectAccessed:Get', res);
  return res;
};
