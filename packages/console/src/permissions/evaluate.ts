// SPDX-License-Identifier: Apache-2.0
import {
  type ConditionValues,
  conditionValues,
  evaluatePolicies,
  isAllowedByPolicies,
  matchesAction,
  type Policy,
  type PolicyArgs,
  RESOURCE_ARN_PREFIX,
  substituteVariables,
  wildcardMatch,
} from '@stowage/policy';
import { denyOnlyActions, isObjectAction, knownActions } from './actions.js';

/**
 * The console's permission logic (PROTOCOL-NOTES §5, MinIO console semantics): which actions a session
 * may use console-wide, its permission map, and has-permission answers. Matching, conditions and the
 * IAM decision itself come from @stowage/policy, the engine the store authorizes with.
 */

/** One question to the policy: may `action` be done on `bucket[/object]` given these request facts? */
export interface EvaluationRequest {
  action: string;
  /** '' asks about the console as a whole (no particular bucket). */
  bucket: string;
  object?: string;
  /** Condition keys of the request (`s3:prefix`, `aws:username`, …). */
  conditions?: Record<string, string[]>;
  /** Policy variables (`aws:username`, `jwt:sub`, `ldap:user`, …) substituted into resources and values. */
  variables?: Record<string, string>;
}

/** Policy variables as condition values (the engine substitutes `${name}` from the request's values). */
function variableValues(variables: Record<string, string>): ConditionValues {
  return conditionValues(Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, [v]])));
}

function policyArgs(req: EvaluationRequest): PolicyArgs {
  return {
    action: req.action,
    bucket: req.bucket,
    ...(req.object !== undefined && req.object !== '' ? { key: req.object } : {}),
    conditions: conditionValues(req.conditions ?? {}, variableValues(req.variables ?? {})),
    denyOnly: denyOnlyActions.has(req.action),
  };
}

/** True when a Deny statement of the policy matches the request. */
export function isDenied(policy: Policy, req: EvaluationRequest): boolean {
  return evaluatePolicies([policy], policyArgs(req)) === 'Deny';
}

/**
 * IAM decision: an explicit Deny wins, then any Allow grants, else denied. Deny-only actions
 * (`admin:CreateUser`, `admin:CreateServiceAccount`) are granted unless denied.
 */
export function isAllowed(policy: Policy, req: EvaluationRequest): boolean {
  return isAllowedByPolicies([policy], policyArgs(req));
}

/** Actions the policy allows console-wide (bucket ""), in `knownActions` order. */
export function consoleActions(policy: Policy, variables: Record<string, string> = {}): string[] {
  return knownActions.filter((action) => isAllowed(policy, { action, bucket: '', variables }));
}

/**
 * The session's permission map (PROTOCOL-NOTES §5): `console-ui` holds the console-wide actions; each
 * resource an Allow statement names (as written, variables substituted) holds its actions as written plus
 * the console-wide ones; a Deny statement removes its actions from the resources it names.
 */
export function sessionPermissions(
  policy: Policy,
  variables: Record<string, string> = {},
): Record<string, string[]> {
  const values = variableValues(variables);
  const consoleWide = consoleActions(policy, variables);
  const byResource = new Map<string, Set<string>>();
  for (const st of policy.statements) {
    if (st.effect !== 'Allow') continue;
    for (const raw of st.writtenResources ?? []) {
      const resource = substituteVariables(raw, values);
      let set = byResource.get(resource);
      if (set === undefined) {
        set = new Set(consoleWide);
        byResource.set(resource, set);
      }
      for (const a of st.writtenActions ?? []) set.add(a);
    }
  }
  for (const st of policy.statements) {
    if (st.effect !== 'Deny' || st.actions === null) continue;
    for (const raw of st.writtenResources ?? []) {
      const set = byResource.get(substituteVariables(raw, values));
      if (set === undefined) continue;
      for (const a of [...set]) if (matchesAction(st, a)) set.delete(a);
    }
  }
  const out: Record<string, string[]> = { 'console-ui': consoleWide };
  for (const [resource, set] of byResource) out[resource] = [...set];
  return out;
}

/**
 * The console's client-side check (PROTOCOL-NOTES §5 hasPermission): any scope granted on `resource`, on
 * `arn:aws:s3:::resource`, on a wildcard key matching it, or on `arn:aws:s3:::*`. Grants are patterns, so
 * `s3:*` and `admin:*` cover their whole prefix.
 */
export function hasPermission(
  permissions: Record<string, string[]>,
  resource: string,
  scopes: readonly string[],
): boolean {
  const arn = `${RESOURCE_ARN_PREFIX}${resource}`;
  const grants: string[] = [...(permissions[`${RESOURCE_ARN_PREFIX}*`] ?? [])];
  grants.push(...(permissions[resource] ?? []), ...(permissions[arn] ?? []));
  for (const key of Object.keys(permissions)) {
    if (key === `${RESOURCE_ARN_PREFIX}*` || !key.includes('*')) continue;
    if (wildcardMatch(key, resource) || wildcardMatch(key, arn)) grants.push(...permissions[key]!);
  }
  return scopes.some((scope) => grants.some((g) => wildcardMatch(g, scope)));
}

/**
 * POST /api/v1/has-permission semantics: may `action` be done on `bucket` ('' = console-wide)? For object
 * actions asked about a whole bucket, "yes" means: allowed on some objects of it (a prefix-only grant
 * counts), because the UI uses the answer to enable a feature, and the store checks each request anyway.
 */
export function canDo(
  policy: Policy,
  action: string,
  bucket: string,
  variables: Record<string, string> = {},
): boolean {
  if (isAllowed(policy, { action, bucket, variables })) return true;
  if (bucket === '' || !isObjectAction(action)) return false;
  if (isDenied(policy, { action, bucket, object: '*', variables })) return false;
  const values = variableValues(variables);
  return policy.statements.some(
    (st) =>
      st.effect === 'Allow' &&
      st.conditions.length === 0 &&
      matchesAction(st, action) &&
      (st.resources ?? []).some((raw) => {
        const res = substituteVariables(raw, values);
        const slash = res.indexOf('/');
        return slash > 0 && wildcardMatch(res.slice(0, slash), bucket);
      }),
  );
}
