// SPDX-License-Identifier: Apache-2.0
import { type AddServiceAccountResponse, addServiceAccountRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/** An optional text field: null and '' mean absent, as Go's zero value does. */
function optionalString(v: string | null | undefined): string | undefined {
  return v === undefined || v === null || v === '' ? undefined : v;
}

/**
 * Admin API: AddServiceAccount — `PUT /add-service-account` **E** `{policy?, targetUser?, accessKey?,
 * secretKey?, comment?}` → **E** `{credentials}`. For oneself (or one's parent, when signing with derived
 * credentials) it is allowed unless explicitly denied; for someone else admin:CreateServiceAccount is
 * needed. The optional policy can only narrow the parent's rights (it is intersected at evaluation).
 */
export const addServiceAccount: AdminOperation = async (call) => {
  const body = requestBody(addServiceAccountRequestSchema, await call.decryptedJson());
  const iam = call.ctx.iam;
  const accessKey = optionalString(body.accessKey);
  const secretKey = optionalString(body.secretKey);
  const comment = optionalString(body.comment);
  let targetUser = optionalString(body.targetUser) ?? call.identity.accessKey;
  const forSelf = targetUser === call.identity.accessKey || targetUser === call.requestorUser;
  if (forSelf) {
    await call.require('admin:CreateServiceAccount', { denyOnly: true });
    targetUser = call.requestorUser;
  } else {
    await call.require('admin:CreateServiceAccount');
    const kind = iam.credentialKind(targetUser);
    if (kind !== 'user' && kind !== 'root') throw new S3Error('XMinioAdminNoSuchUser');
  }
  let policy: string | undefined;
  if (body.policy !== undefined && body.policy !== null && body.policy !== '') {
    policy = typeof body.policy === 'string' ? body.policy : JSON.stringify(body.policy);
  }
  // An SSO or LDAP user (an external STS session) makes accounts that keep their provider's policies.
  const external =
    forSelf && call.identity.kind === 'sts' ? iam.externalPoliciesOf(call.identity.accessKey) : undefined;
  const creds = await iam.addServiceAccount({
    parentUser: targetUser,
    ...(external ? { externalPolicies: external } : {}),
    ...(accessKey !== undefined ? { accessKey } : {}),
    ...(secretKey !== undefined ? { secretKey } : {}),
    ...(policy !== undefined ? { policy } : {}),
    ...(comment !== undefined ? { comment } : {}),
  });
  return call.encrypted({
    credentials: { accessKey: creds.accessKey, secretKey: creds.secretKey },
  } satisfies AddServiceAccountResponse);
};
