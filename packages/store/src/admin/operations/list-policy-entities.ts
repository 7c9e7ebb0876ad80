// SPDX-License-Identifier: Apache-2.0
import type { PolicyEntitiesResult } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: GetPolicyEntities — `GET /idp/builtin/policy-entities?user=&group=&policy=` (each may
 * repeat) → **E** `{timestamp, userMappings, groupMappings, policyMappings}`; no filter lists all.
 */
export const listPolicyEntities: AdminOperation = async (call) => {
  const pick = (k: string): string[] => call.query.getAll(k).filter((v) => v !== '');
  return call.encrypted(
    call.ctx.iam.policyEntities({
      users: pick('user'),
      groups: pick('group'),
      policies: pick('policy'),
    }) satisfies PolicyEntitiesResult,
  );
};
