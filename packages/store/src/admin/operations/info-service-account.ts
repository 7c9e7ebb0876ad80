// SPDX-License-Identifier: Apache-2.0
import type { InfoServiceAccountResponse } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: InfoServiceAccount — `GET /info-service-account?accessKey=` → **E** `{parentUser,
 * accountStatus, impliedPolicy, policy (JSON text), comment}`.
 */
export const infoServiceAccount: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const iam = call.ctx.iam;
  const sa = iam.getServiceAccount(accessKey);
  if (!(await call.allowed('admin:ListServiceAccounts')) && call.requestorUser !== sa.parentUser) {
    throw new S3Error('AccessDenied');
  }
  const { implied, policy } = iam.serviceAccountPolicy(accessKey);
  return call.encrypted({
    parentUser: sa.parentUser,
    accountStatus: sa.status,
    impliedPolicy: implied,
    policy: JSON.stringify(policy, null, ' '),
    comment: sa.comment ?? '',
  } satisfies InfoServiceAccountResponse);
};
