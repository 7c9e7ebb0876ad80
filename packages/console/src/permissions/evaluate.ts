import { denyOnlyActions, isObjectAction, knownActions } from './actions.js';
import type { PolicyDocument, PolicyStatement } from './policy-document.js';
import { wildcardMatch } from './wildcard.js';

const S3_ARN = 'arn:aws:s3:::';

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

/** Replaces `${name}` with the variable's value; unknown variables stay literal and so match nothing. */
export function substituteVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => variables[name] ?? whole);
}

function matchesAction(st: PolicyStatement, action: string): boolean {
  if (st.notActions !== null) return !st.notActions.some((p) => wildcardMatch(p, action));
  return st.actions.some((p) => wildcardMatch(p, action));
}

/** S3 resource match; admin and kms actions are not scoped by resource (minio/pkg iam/policy). */
function matchesResource(
  st: PolicyStatement,
  req: EvaluationRequest,
  variables: Record<string, string>,
): boolean {
  if (!req.action.startsWith('s3:')) return true;
  const resource = req.object !== undefined && req.object !== '' ? `${req.bucket}/${req.object}` : req.bucket;
  const hit = (arn: string): boolean => {
    const pattern = substituteVariables(arn, variables);
    return pattern.startsWith(S3_ARN) && wildcardMatch(pattern.slice(S3_ARN.length), resource);
  };
  if (st.notResources !== null) return !st.notResources.some(hit);
  return st.resources.some(hit);
}

/**
 * Condition evaluation for the operators the console's policies use (String*, Bool, Null, with the
 * ForAnyValue:/ForAllValues: qualifiers and the IfExists suffix). A missing key fails positive operators
 * and satisfies negated ones, as in AWS. Unknown operators never match, so a statement guarded by one
 * neither grants nor denies here; the store still enforces the real policy on every request.
 */
function conditionsHold(
  st: PolicyStatement,
  req: EvaluationRequest,
  variables: Record<string, string>,
): boolean {
  const values = req.conditions ?? {};
  for (const [rawOp, keys] of Object.entries(st.conditions)) {
    let op = rawOp;
    let qualifier: 'any' | 'all' | null = null;
    if (op.startsWith('ForAnyValue:')) {
      qualifier = 'any';
      op = op.slice('ForAnyValue:'.length);
    } else if (op.startsWith('ForAllValues:')) {
      qualifier = 'all';
      op = op.slice('ForAllValues:'.length);
    }
    const ifExists = op.endsWith('IfExists');
    if (ifExists) op = op.slice(0, -'IfExists'.length);
    for (const [key, rawExpected] of Object.entries(keys)) {
      const expected = rawExpected.map((v) => substituteVariables(v, variables));
      const actual =
        values[key] ??
        (key.startsWith('aws:') && variables[key] !== undefined ? [variables[key]] : undefined);
      if (op === 'Null') {
        const wantMissing = expected.some((e) => e.toLowerCase() === 'true');
        if ((actual === undefined || actual.length === 0) !== wantMissing) return false;
        continue;
      }
      if (actual === undefined || actual.length === 0) {
        if (ifExists || qualifier === 'all') continue;
        if (op.includes('Not')) continue;
        return false;
      }
      let test: ((a: string) => boolean) | null = null;
      switch (op) {
        case 'StringEquals':
        case 'StringNotEquals':
          test = (a) => expected.includes(a);
          break;
        case 'StringEqualsIgnoreCase':
        case 'StringNotEqualsIgnoreCase':
          test = (a) => expected.some((e) => e.toLowerCase() === a.toLowerCase());
          break;
        case 'StringLike':
        case 'StringNotLike':
          test = (a) => expected.some((e) => wildcardMatch(e, a));
          break;
        case 'Bool':
          test = (a) => expected.some((e) => e.toLowerCase() === a.toLowerCase());
          break;
        default:
          return false;
      }
      const negated = op.includes('Not');
      const each = actual.map((a) => (negated ? !test(a) : test(a)));
      const ok = qualifier === 'all' ? each.every(Boolean) : each.some(Boolean);
      if (!ok) return false;
    }
  }
  return true;
}

function applies(st: PolicyStatement, req: EvaluationRequest, variables: Record<string, string>): boolean {
  return (
    matchesAction(st, req.action) && matchesResource(st, req, variables) && conditionsHold(st, req, variables)
  );
}

/** True when a Deny statement of the policy matches the request. */
export function isDenied(policy: PolicyDocument, req: EvaluationRequest): boolean {
  const variables = req.variables ?? {};
  return policy.statements.some((st) => st.effect === 'Deny' && applies(st, req, variables));
}

/**
 * IAM decision: an explicit Deny wins, then any Allow grants, else denied. Deny-only actions
 * (`admin:CreateUser`, `admin:CreateServiceAccount`) are granted unless denied.
 */
export function isAllowed(policy: PolicyDocument, req: EvaluationRequest): boolean {
  if (isDenied(policy, req)) return false;
  if (denyOnlyActions.has(req.action)) return true;
  const variables = req.variables ?? {};
  return policy.statements.some((st) => st.effect === 'Allow' && applies(st, req, variables));
}

/** Actions the policy allows console-wide (bucket ""), in `knownActions` order. */
export function consoleActions(policy: PolicyDocument, variables: Record<string, string> = {}): string[] {
  return knownActions.filter((action) => isAllowed(policy, { action, bucket: '', variables }));
}

/**
 * The session's permission map (PROTOCOL-NOTES §5): `console-ui` holds the console-wide actions; each
 * resource an Allow statement names holds its own actions plus the console-wide ones; a Deny statement
 * removes its actions from the resources it names.
 */
export function sessionPermissions(
  policy: PolicyDocument,
  variables: Record<string, string> = {},
): Record<string, string[]> {
  const consoleWide = consoleActions(policy, variables);
  const byResource = new Map<string, Set<string>>();
  for (const st of policy.statements) {
    if (st.effect !== 'Allow') continue;
    for (const raw of st.resources) {
      const resource = substituteVariables(raw, variables);
      let set = byResource.get(resource);
      if (set === undefined) {
        set = new Set(consoleWide);
        byResource.set(resource, set);
      }
      for (const a of st.actions) set.add(a);
    }
  }
  for (const st of policy.statements) {
    if (st.effect !== 'Deny') continue;
    for (const raw of st.resources) {
      const set = byResource.get(substituteVariables(raw, variables));
      if (set === undefined) continue;
      for (const a of [...set]) if (st.actions.some((p) => wildcardMatch(p, a))) set.delete(a);
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
  const grants: string[] = [...(permissions[`${S3_ARN}*`] ?? [])];
  grants.push(...(permissions[resource] ?? []), ...(permissions[`${S3_ARN}${resource}`] ?? []));
  for (const key of Object.keys(permissions)) {
    if (key === `${S3_ARN}*` || !key.includes('*')) continue;
    if (wildcardMatch(key, resource) || wildcardMatch(key, `${S3_ARN}${resource}`))
      grants.push(...permissions[key]!);
  }
  return scopes.some((scope) => grants.some((g) => wildcardMatch(g, scope)));
}

/**
 * POST /api/v1/has-permission semantics: may `action` be done on `bucket` ('' = console-wide)? For object
 * actions asked about a whole bucket, "yes" means: allowed on some objects of it (a prefix-only grant
 * counts), because the UI uses the answer to enable a feature, and the store checks each request anyway.
 */
export function canDo(
  policy: PolicyDocument,
  action: string,
  bucket: string,
  variables: Record<string, string> = {},
): boolean {
  if (isAllowed(policy, { action, bucket, variables })) return true;
  if (bucket === '' || !isObjectAction(action)) return false;
  if (isDenied(policy, { action, bucket, object: '*', variables })) return false;
  return policy.statements.some(
    (st) =>
      st.effect === 'Allow' &&
      Object.keys(st.conditions).length === 0 &&
      matchesAction(st, action) &&
      st.resources.some((raw) => {
        const arn = substituteVariables(raw, variables);
        if (!arn.startsWith(S3_ARN)) return false;
        const res = arn.slice(S3_ARN.length);
        const slash = res.indexOf('/');
        return slash > 0 && wildcardMatch(res.slice(0, slash), bucket);
      }),
  );
}
