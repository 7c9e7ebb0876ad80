// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCreatePolicy } from './create-policy.js';
import { registerDeletePolicy } from './delete-policy.js';
import { registerGetPolicy } from './get-policy.js';
import { registerListPolicies } from './list-policies.js';
import { registerListPolicyEntities } from './list-policy-entities.js';
import { registerSetPolicy } from './set-policy.js';
import { registerUpdatePolicy } from './update-policy.js';

/** The policy calls of spec 2 §7 plus the JSON save, registered in the signed-in scope. */
export function registerPolicyRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListPolicies(app, ctx);
  registerGetPolicy(app, ctx);
  registerCreatePolicy(app, ctx);
  registerUpdatePolicy(app, ctx);
  registerDeletePolicy(app, ctx);
  registerListPolicyEntities(app, ctx);
  registerSetPolicy(app, ctx);
}
