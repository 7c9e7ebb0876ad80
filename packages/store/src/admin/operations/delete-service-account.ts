// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: DeleteServiceAccount — `DELETE /delete-service-account?accessKey=` → 204. Without
 * admin:RemoveServiceAccount only one's own; someone else's answers "not found", as MinIO does, so keys
 * cannot be probed.
 */
export const deleteServiceAccount: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const iam = call.ctx.iam;
  if (!(await call.allowed('admin:RemoveServiceAccount'))) {
    const kind = iam.credentialKind(accessKey);
    const parent = kind === 'service-account' ? iam.getServiceAccount(accessKey).parentUser : null;
    if (parent !== call.requestorUser) {
      throw new S3Error('XMinioInvalidIAMCredentials', 'The specified service account is not found', {}, 404);
    }
  }
  await iam.deleteServiceAccount(accessKey);
  return call.noContent();
};
