import { S3Error } from '../../core/errors.js';
import type { AdminCall, AdminOperation } from '../call.js';

interface PolicyAssociationReq {
  policies?: unknown;
  user?: unknown;
  group?: unknown;
}

async function associate(call: AdminCall, attach: boolean): Promise<Awaited<ReturnType<AdminOperation>>> {
  const body = await call.decryptedJson<PolicyAssociationReq>();
  const policies = body.policies;
  if (
    !Array.isArray(policies) ||
    policies.length === 0 ||
    policies.some((p) => typeof p !== 'string' || p === '')
  ) {
    throw new S3Error('XMinioAdminInvalidArgument', 'policies must be a non-empty list of policy names');
  }
  const user = typeof body.user === 'string' ? body.user : '';
  const group = typeof body.group === 'string' ? body.group : '';
  if ((user === '') === (group === '')) {
    throw new S3Error('XMinioAdminInvalidArgument', 'exactly one of user or group must be given');
  }
  const names = policies as string[];
  const before = new Set(
    user !== ''
      ? (call.ctx.iam.getUserInfo(user).policyName ?? '').split(',')
      : call.ctx.iam.getGroup(group).policy.split(','),
  );
  await call.ctx.iam.attachDetachPolicies(attach, names, user || group, group !== '');
  const changed = names.filter((n) => (attach ? !before.has(n) : before.has(n)));
  const summary = { policiesAttached: changed, updatedAt: new Date().toISOString() };
  // 204 carries no body; madmin-go 2.0.x reads neither answer's body.
  return attach ? call.encrypted(summary, 201) : call.noContent();
}

/** Admin API: AttachPolicy — `POST /idp/builtin/policy/attach` **E** `{policies, user|group}` → 201. */
export const attachPolicy: AdminOperation = (call) => associate(call, true);

/** Admin API: DetachPolicy — `POST /idp/builtin/policy/detach` **E** `{policies, user|group}` → 204. */
export const detachPolicy: AdminOperation = (call) => associate(call, false);
