import type { AdminOperation } from '../call.js';

/**
 * Admin API: GetUserInfo — `GET /user-info?accessKey=` → `{policyName, status, memberOf, updatedAt}`.
 * Anyone may read their own info unless explicitly denied admin:GetUser.
 */
export const getUserInfo: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  call.require('admin:GetUser', { denyOnly: accessKey === call.identity.accessKey });
  return call.ok(call.ctx.iam.getUserInfo(accessKey));
};
