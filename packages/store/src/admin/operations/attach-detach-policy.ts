// SPDX-License-Identifier: Apache-2.0
import { type PolicyAssociationResponse, policyAssociationRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminCall, AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

/**
 * Attaches or detaches policies; `resolveDn` (idp/ldap/policy) turns the given user or group into the
 * directory's DN of it, which the mapping is kept under.
 */
export async function associate(
  call: AdminCall,
  attach: boolean,
  resolveDn?: (dn: string, isGroup: boolean) => Promise<string>,
): Promise<Awaited<ReturnType<AdminOperation>>> {
  const body = requestBody(policyAssociationRequestSchema, await call.decryptedJson());
  const given = { user: body.user ?? '', group: body.group ?? '' };
  if ((given.user === '') === (given.group === '')) {
    throw new S3Error('XMinioAdminInvalidArgument', 'exactly one of user or group must be given');
  }
  const isGroup = given.group !== '';
  const entity = resolveDn ? await resolveDn(given.user || given.group, isGroup) : given.user || given.group;
  const names = body.policies;
  const before = new Set(
    resolveDn
      ? call.ctx.iam.mappedPolicies(entity, isGroup)
      : !isGroup
        ? (call.ctx.iam.getUserInfo(entity).policyName ?? '').split(',')
        : call.ctx.iam.getGroup(entity).policy.split(','),
  );
  await call.ctx.iam.attachDetachPolicies(attach, names, entity, isGroup, resolveDn !== undefined);
  const changed = names.filter((n) => (attach ? !before.has(n) : before.has(n)));
  const updatedAt = new Date().toISOString();
  // The LDAP calls answer 200 with the encrypted summary (madmin-go's AttachPolicyLDAP/DetachPolicyLDAP
  // require it); the built-in ones 201 with it or 204 (madmin-go 2.0.x reads neither answer's body).
  if (resolveDn) {
    return call.encrypted(
      attach ? { policiesAttached: changed, updatedAt } : { policiesDetached: changed, updatedAt },
      200,
    );
  }
  const summary: PolicyAssociationResponse = { policiesAttached: changed, updatedAt };
  return attach ? call.encrypted(summary, 201) : call.noContent();
}

/** Admin API: AttachPolicy — `POST /idp/builtin/policy/attach` **E** `{policies, user|group}` → 201. */
export const attachPolicy: AdminOperation = (call) => associate(call, true);

/** Admin API: DetachPolicy — `POST /idp/builtin/policy/detach` **E** `{policies, user|group}` → 204. */
export const detachPolicy: AdminOperation = (call) => associate(call, false);
