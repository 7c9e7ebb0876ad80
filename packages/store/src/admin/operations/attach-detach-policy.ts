import { type PolicyAssociationResponse, policyAssociationRequestSchema } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import type { AdminCall, AdminOperation } from '../call.js';
import { requestBody } from './wire.js';

async function associate(call: AdminCall, attach: boolean): Promise<Awaited<ReturnType<AdminOperation>>> {
  const body = requestBody(policyAssociationRequestSchema, await call.decryptedJson());
  const user = body.user ?? '';
  const group = body.group ?? '';
  if ((user === '') === (group === '')) {
    throw new S3Error('XMinioAdminInvalidArgument', 'exactly one of user or group must be given');
  }
  const names = body.policies;
  const before = new Set(
    user !== ''
      ? (call.ctx.iam.getUserInfo(user).policyName ?? '').split(',')
      : call.ctx.iam.getGroup(group).policy.split(','),
  );
  await call.ctx.iam.attachDetachPolicies(attach, names, user || group, group !== '');
  const changed = names.filter((n) => (attach ? !before.has(n) : before.has(n)));
  const summary: PolicyAssociationResponse = {
    policiesAttached: changed,
    updatedAt: new Date().toISOString(),
  };
  // 204 carries no body; madmin-go 2.0.x reads neither answer's body.
  return attach ? call.encrypted(summary, 201) : call.noContent();
}

/** Admin API: AttachPolicy — `POST /idp/builtin/policy/attach` **E** `{policies, user|group}` → 201. */
export const attachPolicy: AdminOperation = (call) => associate(call, true);

/** Admin API: DetachPolicy — `POST /idp/builtin/policy/detach` **E** `{policies, user|group}` → 204. */
export const detachPolicy: AdminOperation = (call) => associate(call, false);
