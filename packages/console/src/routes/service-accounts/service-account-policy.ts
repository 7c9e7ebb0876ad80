import type { PolicyDocument } from '@stowage/madmin';

/**
 * The session policy of a new service account: empty text means none, so the account inherits its
 * parent's rights (spec 2 §5). The contract already checked that non-empty text is a JSON object.
 */
export function optionalPolicy(policy: string | undefined): PolicyDocument | undefined {
  return policy === undefined || policy.trim() === '' ? undefined : (JSON.parse(policy) as PolicyDocument);
}
