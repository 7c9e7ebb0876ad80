// SPDX-License-Identifier: Apache-2.0
import type { Policy } from '@stowage/policy';
import type { EffectivePolicies } from './effective-policy.js';
import type { Identity } from './types.js';

/**
 * Whether the policies deciding a signed identity (its own and its groups', or its parent's; a
 * session policy; an external provider's) have a condition key starting with `prefix` (lower-case,
 * e.g. `s3:existingobjecttag/`) — so the S3 layer reads what such keys need only when a policy asks.
 * Root and anonymous requesters have none.
 */
export function identityPoliciesName(
  effective: EffectivePolicies,
  identity: Identity,
  prefix: string,
): boolean {
  if (identity.kind === 'anonymous' || identity.kind === 'root') return false;
  const session = effective.session(identity);
  const policies: Policy[] = [
    ...(session ? [session] : []),
    ...(effective.external(identity) ??
      effective.ofUser(identity.kind === 'user' ? identity.accessKey : identity.parentUser)),
  ];
  return policies.some((p) => p.statements.some((s) => s.conditions.some((c) => c.key.startsWith(prefix))));
}
