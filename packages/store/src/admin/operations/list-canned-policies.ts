import type { AdminOperation } from '../call.js';

/** Admin API: ListCannedPolicies — `GET /list-canned-policies` → `{name: document}`. */
export const listCannedPolicies: AdminOperation = async (call) => call.ok(call.ctx.iam.listPolicies());
