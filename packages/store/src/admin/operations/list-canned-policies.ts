// SPDX-License-Identifier: Apache-2.0
import type { ListCannedPoliciesResponse } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';
import { policyDocument } from './wire.js';

/** Admin API: ListCannedPolicies — `GET /list-canned-policies` → `{name: document}`. */
export const listCannedPolicies: AdminOperation = async (call) => {
  const out: ListCannedPoliciesResponse = {};
  for (const [name, doc] of Object.entries(call.ctx.iam.listPolicies())) out[name] = policyDocument(doc);
  return call.ok(out);
};
