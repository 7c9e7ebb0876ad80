// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { S3Handler } from '../types.js';

/**
 * Sub-resources the store does not implement answer 501 NotImplemented naming the feature, never a
 * fake success.
 */
export function notImplemented(feature: string): S3Handler {
  return async () => {
    throw new S3Error('NotImplemented', `${feature} is not implemented by this server.`);
  };
}
