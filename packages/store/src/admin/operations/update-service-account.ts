// SPDX-License-Identifier: Apache-2.0
import { updateServiceAccountRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/**
 * Admin API: UpdateServiceAccount — `POST /update-service-account?accessKey=` **E** `{newPolicy?,
 * newSecretKey?, newStatus?, newComment?}` → 204. The owner may update their own keys; others need
 * admin:UpdateServiceAccount.
 */
export const updateServiceAccount: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const sa = call.ctx.iam.getServiceAccount(accessKey);
  if (!(await call.allowed('admin:UpdateServiceAccount')) && call.requestorUser !== sa.parentUser) {
    throw new S3Error('AccessDenied');
  }
  const body = requestBody(updateServiceAccountRequestSchema, await call.decryptedJson());
  const { newSecretKey, newStatus, newComment, newPolicy } = body;
  const policy = newPolicy
    ? typeof newPolicy === 'string'
      ? newPolicy
      : JSON.stringify(newPolicy)
    : undefined;
  await call.ctx.iam.updateServiceAccount(accessKey, {
    ...(newSecretKey ? { secretKey: newSecretKey } : {}),
    ...(newStatus ? { status: newStatus } : {}),
    ...(newComment ? { comment: newComment } : {}),
    ...(policy !== undefined ? { policy } : {}),
  });
  return call.noContent();
};
