// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { readDefaultRetention } from '../object-lock.js';
import { xmlResponse } from '../response.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetObjectLockConfiguration. */
export const getObjectLockConfiguration: S3Handler = async (req, ctx) => {
  const info = await ctx.layer.getBucketInfo(req.bucket);
  if (!info.objectLockEnabled) {
    throw new S3Error('ObjectLockConfigurationNotFoundError', undefined, { BucketName: req.bucket });
  }
  const rule = await readDefaultRetention(ctx.layer, req.bucket);
  return xmlResponse('ObjectLockConfiguration', {
    ObjectLockEnabled: 'Enabled',
    ...(rule
      ? {
          Rule: {
            DefaultRetention: {
              Mode: rule.mode,
              ...(rule.days ? { Days: rule.days } : {}),
              ...(rule.years ? { Years: rule.years } : {}),
            },
          },
        }
      : {}),
  });
};
