// SPDX-License-Identifier: Apache-2.0
import { splitPolicyNames } from '../../iam/index.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: SetPolicy — `PUT /set-user-or-group-policy?policyName=a,b&userOrGroup=&isGroup=`;
 * replaces the entity's policies, an empty name clears them.
 */
export const setUserOrGroupPolicy: AdminOperation = async (call) => {
  const names = splitPolicyNames(call.param('policyName', false));
  const entity = call.param('userOrGroup');
  const isGroup = call.query.get('isGroup') === 'true';
  await call.ctx.iam.setPolicy(names, entity, isGroup);
  return call.ok();
};
