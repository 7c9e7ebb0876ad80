// SPDX-License-Identifier: Apache-2.0
/**
 * @stowage/policy — the one IAM policy engine of Stowage, shared by the store (authorization) and the
 * console (session permissions, access rules). Pure: no I/O and no Node built-ins, so it also runs in a
 * browser. Parse and validate (`parsePolicy`, or `readPolicy` for already-validated documents), evaluate
 * with conditions, variables and wildcards (`evaluatePolicies`, `isAllowedByPolicies`) and explain which
 * statement decided (`explainPolicies`).
 */
export { CANNED_POLICY_DOCUMENTS, CANNED_POLICY_NAMES, cannedPolicies, ROOT_POLICY_NAME } from './canned.js';
export { conditionValues, evaluateClause, substituteVariables } from './conditions.js';
export { PolicyError } from './errors.js';
export type { DecidingStatement, Decision, Explanation } from './evaluate.js';
export {
  combineDecisions,
  evaluatePolicies,
  explainPolicies,
  isAllowedByPolicies,
  matchesAction,
  requestResource,
} from './evaluate.js';
export type { CidrSet } from './ip.js';
export { cidrContains, compileCidrs } from './ip.js';
export { lowerCased } from './lower.js';
export type { PolicyKind } from './parse.js';
export { parsePolicy, RESOURCE_ARN_PREFIX, readPolicy, statementList } from './parse.js';
export { parseDate } from './parse-conditions.js';
export type * from './types.js';
export { wildcardMatch } from './wildcard.js';
