export { CANNED_POLICY_DOCUMENTS, CANNED_POLICY_NAMES, cannedPolicies, ROOT_POLICY_NAME } from './canned.js';
export { conditionValues, evaluateClause, substituteVariables } from './conditions.js';
export type { Decision } from './evaluate.js';
export { evaluatePolicies, isAllowedByPolicies, requestResource } from './evaluate.js';
export { lowerCased } from './lower.js';
export type { PolicyKind } from './parse.js';
export { PolicyError, parseDate, parsePolicy, RESOURCE_ARN_PREFIX } from './parse.js';
export type * from './types.js';
export { wildcardMatch } from './wildcard.js';
