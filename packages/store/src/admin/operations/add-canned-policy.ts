// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import { type AdminOperation, MAX_POLICY_BODY } from '../call.js';

/** Admin API: AddCannedPolicy — `PUT /add-canned-policy?name=` J policy document (≤ 20 KiB). */
export const addCannedPolicy: AdminOperation = async (call) => {
  const name = call.param('name');
  const body = call.req.body;
  if (body.length === 0) throw new S3Error('XMinioAdminInvalidArgument', 'policy document is empty');
  if (body.length > MAX_POLICY_BODY) {
    throw new S3Error(
      'XMinioAdminConfigTooLarge',
      `policy documents are limited to ${MAX_POLICY_BODY} bytes`,
    );
  }
  await call.ctx.iam.addPolicy(name, body);
  return call.ok();
};
