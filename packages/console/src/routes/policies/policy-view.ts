// SPDX-License-Identifier: Apache-2.0
import type { Policy } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { policyText } from '../identity-helpers.js';

/** One policy from `info-canned-policy?v=2` (PROTOCOL-NOTES §2). */
export async function readPolicy(admin: MadminClient, name: string): Promise<Policy> {
  const info = await admin.infoCannedPolicy(name);
  return { name: info.PolicyName || name, policy: policyText(info.Policy) };
}
