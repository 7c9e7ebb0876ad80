// SPDX-License-Identifier: Apache-2.0
import type { Group } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';

/** The group of spec 2 §3 from `GET /group` (PROTOCOL-NOTES §2); `policy` stays comma-separated. */
export async function readGroup(admin: MadminClient, name: string): Promise<Group> {
  const desc = await admin.getGroupDescription(name);
  return {
    name: desc.name || name,
    members: [...(desc.members ?? [])].sort(),
    status: desc.status === 'disabled' ? 'disabled' : 'enabled',
    policy: desc.policy,
  };
}
