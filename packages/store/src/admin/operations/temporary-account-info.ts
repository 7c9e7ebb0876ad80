// SPDX-License-Identifier: Apache-2.0
import type { TemporaryAccountInfoResponse } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: TemporaryAccountInfo — `GET /temporary-account-info?accessKey=` → **E** `{parentUser,
 * accountStatus, impliedPolicy, policy (JSON text), comment}` of an STS session. Its own user may ask;
 * others need admin:ListTemporaryAccounts.
 */
export const temporaryAccountInfo: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const session = call.ctx.iam.getStsSession(accessKey);
  if (!(await call.allowed('admin:ListTemporaryAccounts')) && call.requestorUser !== session.parentUser) {
    throw new S3Error('AccessDenied');
  }
  return call.encrypted({
    parentUser: session.parentUser,
    accountStatus: 'on',
    impliedPolicy: session.implied,
    policy: JSON.stringify(session.policy, null, ' '),
    comment: '',
    expiration: session.expiration.toISOString(),
  } satisfies TemporaryAccountInfoResponse);
};
