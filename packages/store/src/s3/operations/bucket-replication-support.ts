// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { ReplicationService } from '../../replication/service.js';

/** The context's replication service; NotImplemented where the store was built without one. */
export function replicationOf(ctx: StoreContext): ReplicationService {
  if (!ctx.replication) throw new S3Error('NotImplemented', 'Bucket replication is not available here.');
  return ctx.replication;
}
