// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { TierAdmin } from '../../core/tiers.js';
import type { AdminCall } from '../call.js';

/** The store's tier service; NotImplemented when the store runs without one. */
export function tiersOf(call: AdminCall): TierAdmin {
  const tiers = call.ctx.tiers;
  if (!tiers) throw new S3Error('NotImplemented', 'Remote tiers are not available on this server');
  return tiers;
}

/** The `{tier}` segment of `/tier/{tier}`. */
export function tierName(call: AdminCall): string {
  const name = call.req.path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (!name) throw new S3Error('XMinioAdminInvalidArgument', 'The tier name is missing');
  return name;
}
