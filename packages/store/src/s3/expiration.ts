// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { expirationHeader } from '../lifecycle/evaluate.js';
import { scheduledExpiry } from '../lifecycle/store.js';
import type { ObjectInfo } from '../object-layer/types.js';

/** Adds `x-amz-expiration` to an object response when a lifecycle rule will expire the version. */
export async function addExpirationHeader(
  ctx: StoreContext,
  info: ObjectInfo,
  headers: Record<string, string>,
): Promise<void> {
  const due = await scheduledExpiry(ctx.layer, info);
  if (due) headers['x-amz-expiration'] = expirationHeader(due.at, due.ruleId);
}
