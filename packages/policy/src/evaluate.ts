// SPDX-License-Identifier: Apache-2.0
import { evaluateClause, substituteVariables } from './conditions.js';
import { lowerCased } from './lower.js';
import type { Effect, Policy, PolicyArgs, Statement } from './types.js';
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

/** Does the statement's Action (or NotAction) cover the action? `action` in any case. */
export function matchesAction(st: Statement, action: string): boolean {
  return actionCovered(st, lowerCased(action));
}

function actionCovered(st: Statement, action: string): boolean {
  if (st.actions !== null) return st.actions.some((a) => wildcardMatch(a, action));
  if (st.notActions !== null) return !st.notActions.some((a) => wildcardMatch(a, action));
  return true;
}

/** Does a statement's principal list name the caller (`*` names everyone)? */
function namesCaller(principals: readonly string[], caller: PolicyArgs['principal']): boolean {
  const names = caller === undefined ? [] : typeof caller === 'string' ? [caller] : caller;
  return principals.some((p) => p === '*' || names.some((n) => n === p || sameIamPrincipal(p, n)));
}

/**
 * Two IAM ARNs name the same principal when they differ at most in the account field: a store has
 * one account, so `arn:aws:iam::123456789012:user/alice`, `arn:aws:iam:::user/alice` (RGW's form)
 * and `arn:aws:iam::*:user/alice` all name alice.
 */
function sameIamPrincipal(a: string, b: string): boolean {
  const pa = /^arn:aws:iam::[^:]*:(.+)$/.exec(a);
  const pb = /^arn:aws:iam::[^:]*:(.+)$/.exec(b);
  return pa !== null && pb !== null && pa[1] === pb[1];
}

function statementApplies(st: Statement, action: string, resource: string, args: PolicyArgs): boolean {
  if (st.principals !== null && !namesCaller(st.principals, args.principal)) return false;
  // NotPrincipal: everyone but those named (a `*` there names everyone, so it applies to no one).
  if (st.notPrincipals !== null && namesCaller(st.notPrincipals, args.principal)) return false;
  if (!actionCovered(st, action)) return false;
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

/**
 * One account's rule for identity-based and resource-based (bucket) policies together: an explicit
 * Deny in any of them wins, else an Allow in any of them grants, else it is an implicit deny.
 */
export function combineDecisions(decisions: readonly Decision[]): Decision {
  if (decisions.includes('Deny')) return 'Deny';
  return decisions.includes('Allow') ? 'Allow' : 'NoMatch';
}

/** True when the policies allow the request (with `denyOnly`, when they do not explicitly deny it). */
export function isAllowedByPolicies(policies: readonly Policy[], args: PolicyArgs): boolean {
  const d = evaluatePolicies(policies, args);
  return d === 'Allow' || (args.denyOnly === true && d !== 'Deny');
}

/** The statement that decided a request: which policy (by position, and name when given) and which statement. */
export interface DecidingStatement {
  policyIndex: number;
  policyName?: string;
  /** Position in the policy's Statement list. */
  statementIndex: number;
  sid?: string;
  effect: Effect;
}

/** Why policies allow or deny a request: {@link evaluatePolicies}' decision and the statement behind it. */
export interface Explanation {
  decision: Decision;
  /** As {@link isAllowedByPolicies} answers (a deny-only request is allowed unless denied). */
  allowed: boolean;
  /** The first applying Deny, else the first applying Allow; null for an implicit deny (no match). */
  statement: DecidingStatement | null;
  /** One line for logs and audit views, e.g. `Deny by statement 1 (Sid "NoSecrets") of policy "deny-secret"`. */
  summary: string;
}

/**
 * Evaluates like {@link evaluatePolicies} (same decision, same rules) and says which statement decided:
 * an explicit Deny wins, else an Allow, else it is an implicit deny. `names[i]` names `policies[i]`.
 * Slower than `evaluatePolicies` (it does not stop at the first Allow); use it to explain, not to authorize.
 */
export function explainPolicies(
  policies: readonly Policy[],
  args: PolicyArgs,
  names: readonly string[] = [],
): Explanation {
  const action = lowerCased(args.action);
  const resource = requestResource(args.bucket, args.key);
  let allow: DecidingStatement | null = null;
  for (const [policyIndex, policy] of policies.entries()) {
    for (const st of policy.statements) {
      if (st.effect === 'Allow' && allow !== null) continue;
      if (!statementApplies(st, action, resource, args)) continue;
      const name = names[policyIndex];
      const decided: DecidingStatement = {
        policyIndex,
        ...(name !== undefined ? { policyName: name } : {}),
        statementIndex: st.index,
        ...(st.sid !== undefined ? { sid: st.sid } : {}),
        effect: st.effect,
      };
      if (st.effect === 'Deny') return explanation('Deny', args, decided);
      allow = decided;
    }
  }
  return allow !== null ? explanation('Allow', args, allow) : explanation('NoMatch', args, null);
}

function explanation(decision: Decision, args: PolicyArgs, statement: DecidingStatement | null): Explanation {
  const allowed = decision === 'Allow' || (args.denyOnly === true && decision !== 'Deny');
  let summary: string;
  if (statement === null) {
    const what = `${args.action} on ${requestResource(args.bucket, args.key)}`;
    summary = allowed
      ? `allowed: nothing denies ${what} (deny-only)`
      : `implicit deny: no statement allows ${what}`;
  } else {
    const sid = statement.sid !== undefined ? ` (Sid "${statement.sid}")` : '';
    const policy =
      statement.policyName !== undefined ? `"${statement.policyName}"` : `#${statement.policyIndex}`;
    summary = `${statement.effect} by statement ${statement.statementIndex}${sid} of policy ${policy}`;
  }
  return { decision, allowed, statement, summary };
}
