// SPDX-License-Identifier: Apache-2.0
import type { PolicyDocument, PolicyInfo } from '@stowage/madmin';
import type { AdminOperation } from '../call.js';
import { policyDocument } from './wire.js';

/**
 * Admin API: InfoCannedPolicy — `GET /info-canned-policy?name=` → the document; with `v=2` →
 * `{PolicyName, Policy, CreateDate, UpdateDate}`.
 */
export const infoCannedPolicy: AdminOperation = async (call) => {
  const info = call.ctx.iam.getPolicy(call.param('name'));
  if (call.query.get('v') === '2') {
    return call.ok({
      PolicyName: info.name,
      Policy: policyDocument(info.policy),
      CreateDate: info.createDate,
      UpdateDate: info.updateDate,
    } satisfies PolicyInfo);
  }
  return call.ok(policyDocument(info.policy) satisfies PolicyDocument);
};
