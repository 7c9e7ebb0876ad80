// SPDX-License-Identifier: Apache-2.0
import { checkWire, type PolicyDocument, policyDocumentSchema } from '@stowage/madmin';
import { apiErrors } from '../../errors/api-http-error.js';

/**
 * The session policy of a new service account: empty text means none, so the account inherits its
 * parent's rights (spec 2 §5). The contract already checked that non-empty text is a JSON object.
 */
export function optionalPolicy(policy: string | undefined): PolicyDocument | undefined {
  if (policy === undefined || policy.trim() === '') return undefined;
  const checked = checkWire(policyDocumentSchema, JSON.parse(policy));
  if (!checked.ok) throw apiErrors.badRequest(`policy: ${checked.problem}`);
  return checked.value;
}
