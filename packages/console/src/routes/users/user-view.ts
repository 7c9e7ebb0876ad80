// SPDX-License-Identifier: Apache-2.0
import type { User } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { splitNames } from '../identity-helpers.js';

/**
 * The user detail of spec 2 §3 from `user-info` (PROTOCOL-NOTES §2). `hasPolicy` also counts policies of
 * enabled groups: a member of a group with a policy can own service accounts (spec 2 §6).
 */
export async function readUser(admin: MadminClient, name: string): Promise<User> {
  const info = await admin.getUserInfo(name);
  const policy = splitNames(info.policyName);
  const memberOf = [...(info.memberOf ?? [])].sort();
  let hasPolicy = policy.length > 0;
  if (!hasPolicy && memberOf.length > 0) {
    const groups = await Promise.all(memberOf.map((g) => admin.getGroupDescription(g).catch(() => null)));
    hasPolicy = groups.some((g) => g !== null && g.status !== 'disabled' && splitNames(g.policy).length > 0);
  }
  return {
    accessKey: name,
    status: info.status,
    memberOf,
    policy,
    hasPolicy,
  };
}
