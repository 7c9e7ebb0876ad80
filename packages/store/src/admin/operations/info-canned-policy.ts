import type { AdminOperation } from '../call.js';

/**
 * Admin API: InfoCannedPolicy — `GET /info-canned-policy?name=` → the document; with `v=2` →
 * `{PolicyName, Policy, CreateDate, UpdateDate}`.
 */
export const infoCannedPolicy: AdminOperation = async (call) => {
  const info = call.ctx.iam.getPolicy(call.param('name'));
  if (call.query.get('v') === '2') {
    return call.ok({
      PolicyName: info.name,
      Policy: info.policy,
      CreateDate: info.createDate,
      UpdateDate: info.updateDate,
    });
  }
  return call.ok(info.policy);
};
