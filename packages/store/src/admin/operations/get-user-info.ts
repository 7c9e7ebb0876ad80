// SPDX-License-Identifier: Apache-2.0
import type { UserInfo } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: GetUserInfo — `GET /user-info?accessKey=` → `{policyName, status, memberOf, updatedAt}`.
 * Anyone may read their own info unless explicitly denied admin:GetUser; a console session (STS) or
 * access key reads its parent user's.
 */
export const getUserInfo: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const self = accessKey === call.identity.accessKey || accessKey === call.requestorUser;
  await call.require('admin:GetUser', { denyOnly: self });
  return call.ok(call.ctx.iam.getUserInfo(accessKey) satisfies UserInfo);
};
