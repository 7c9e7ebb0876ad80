import { evaluateClause, substituteVariables } from './conditions.js';
import { lowerCased } from './lower.js';
import type { Policy, PolicyArgs, Statement } from './types.js';
import { wildcardMatch } from './wildcard.js';

/** Outcome of evaluating policies: an explicit Deny beats any Allow; no match is an implicit deny. */
export type Decision = 'Allow' | 'Deny' | 'NoMatch';

/**
 * The resource string a request is matched against, as MinIO builds it: `bucket/key` for objects,
 * `bucket/` for bucket-level actions (so both `arn:aws:s3:::bucket` and `arn:aws:s3:::bucket/*` match),
 * `/` when no bucket is involved.
 */
export function requestResource(bucket: string | undefined, key: string | undefined): string {
  const b = bucket ?? '';
  if (key !== undefined && key !== '') return key.startsWith('/') ? b + key : `${b}/${key}`;
  return `${b}/`;
}

function resourceMatches(pattern: string, resource: string, args: PolicyArgs): boolean {
  const p = pattern.includes('${') ? substituteVariables(pattern, args.conditions) : pattern;
  if (p === '*') return true;
  // `bucket` names the bucket itself: compare against the resource without its trailing slash.
  if (resource.length > 1 && resource.endsWith('/') && p === resource.slice(0, -1)) return true;
  return wildcardMatch(p, resource);
}

function statementApplies(st: Statement, action: string, resource: string, args: PolicyArgs): boolean {
  if (st.principals !== null) {
    const who = args.principal ?? '';
    if (!st.principals.some((p) => p === '*' || p === who)) return false;
  }
  if (st.notPrincipals !== null) {
    const who = args.principal ?? '';
    if (st.notPrincipals.some((p) => p === '*' || p === who)) return false;
  }
  if (st.actions !== null) {
    if (!st.actions.some((a) => wildcardMatch(a, action))) return false;
  } else if (st.notActions !== null) {
    if (st.notActions.some((a) => wildcardMatch(a, action))) return false;
  }
  // Admin and KMS actions have no resource (MinIO ignores Resource for them).
  const resourceless = action.startsWith('admin:') || action.startsWith('kms:');
  if (!resourceless) {
    if (st.resources !== null) {
      if (!st.resources.some((r) => resourceMatches(r, resource, args))) return false;
    } else if (st.notResources !== null) {
      if (st.notResources.some((r) => resourceMatches(r, resource, args))) return false;
    }
  }
  for (const c of st.conditions) if (!evaluateClause(c, args.conditions)) return false;
  return true;
}

/** Evaluates a set of policies together (their statements are pooled, as for a user's attached policies). */
export function evaluatePolicies(policies: readonly Policy[], args: PolicyArgs): Decision {
  const action = lowerCased(args.action);
  const resource = requestResource(args.bucket, args.key);
  let allowed = false;
  for (const policy of policies) {
    for (const st of policy.statements) {
      if (st.effect === 'Allow' && allowed) continue;
      if (!statementApplies(st, action, resource, args)) continue;
      if (st.effect === 'Deny') return 'Deny';
      allowed = true;
    }
  }
  return allowed ? 'Allow' : 'NoMatch';
}

/** True when the policies allow the request (with `denyOnly`, when they do not explicitly deny it). */
export function isAllowedByPolicies(policies: readonly Policy[], args: PolicyArgs): boolean {
  const d = evaluatePolicies(policies, args);
  return d === 'Allow' || (args.denyOnly === true && d !== 'Deny');
}
