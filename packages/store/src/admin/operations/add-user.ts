// SPDX-License-Identifier: Apache-2.0
import { addOrUpdateUserRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/**
 * Admin API: AddUser — `PUT /add-user?accessKey=` **E** `{secretKey, status}`. Creates or updates a
 * user. A caller may change their own secret unless explicitly denied; root, service-account and STS
 * keys cannot be (re)defined here (XMinioInvalidIAMCredentials, as MinIO answers).
 */
export const addUser: AdminOperation = async (call) => {
  const accessKey = call.param('accessKey');
  const id = call.identity;
  const iam = call.ctx.iam;
  const notAllowed = (why: string): S3Error => new S3Error('XMinioInvalidIAMCredentials', why);
  if (accessKey === iam.rootAccessKey) throw notAllowed('the user cannot be the same as the root access key');
  const existing = iam.credentialKind(accessKey);
  if (existing === 'service-account' || existing === 'sts') {
    throw notAllowed('service account and STS credentials cannot be changed as users');
  }
  if ((id.kind === 'service-account' || id.kind === 'sts') && id.parentUser === accessKey) {
    throw notAllowed('derived credentials cannot change their parent user');
  }
  await call.require('admin:CreateUser', { denyOnly: accessKey === id.accessKey });
  const body = requestBody(addOrUpdateUserRequestSchema, await call.decryptedJson());
  const status = body.status === undefined || body.status === '' ? 'enabled' : body.status;
  await iam.addUser(accessKey, body.secretKey, status);
  return call.ok();
};
