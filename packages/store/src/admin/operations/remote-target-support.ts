// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { ReplicationService } from '../../replication/service.js';
import type { AdminCall } from '../call.js';

/** The store's replication service; NotImplemented where the store was built without one. */
export function replicationService(call: AdminCall): ReplicationService {
  const r = call.ctx.replication;
  if (!r) throw new S3Error('NotImplemented', 'Bucket replication is not available here.');
  return r;
}
