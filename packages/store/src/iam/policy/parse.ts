import { compileCidrs } from './ip.js';
import type {
  ConditionClause,
  ConditionOperator,
  ConditionQualifier,
  Effect,
  Policy,
  PolicyDocumentJson,
  Statement,
} from './types.js';

/** A policy document that does not validate; `message` says what is wrong and where. */
export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}

export const RESOURCE_ARN_PREFIX = 'arn:aws:s3:::';

const OPERATORS: ReadonlySet<string> = new Set<ConditionOperator>([
  'StringEquals',
  'StringNotEquals',
  'StringEqualsIgnoreCase',
  'StringNotEqualsIgnoreCase',
  'StringLike',
  'StringNotLike',
  'NumericEquals',
  'NumericNotEquals',
  'NumericLessThan',
  'NumericLessThanEquals',
  'NumericGreaterThan',
  'NumericGreaterThanEquals',
  'DateEquals',
  'DateNotEquals',
  'DateLessThan',
  'DateLessThanEquals',
  'DateGreaterThan',
  'DateGreaterThanEquals',
  'Bool',
  'IpAddress',
  'NotIpAddress',
  'Null',
  'ArnEquals',
  'ArnNotEquals',
  'ArnLike',
  'ArnNotLike',
  'BinaryEquals',
]);

const ACTION_RE = /^(\*|(s3|admin|kms|sts):[A-Za-z0-9*?]*)$/;
const CONDITION_KEY_RE = /^[A-Za-z0-9-]+:[A-Za-z0-9_./\-*:]+$/;

export type PolicyKind = 'iam' | 'bucket';

/**
 * Parses and validates an IAM policy (canned, service-account or session policy) or a bucket policy.
 * Follows AWS's grammar (Version, Statement with Effect, (Not)Action, (Not)Resource, (Not)Principal,
 * Condition; string-or-array everywhere) and MinIO's checks. Throws {@link PolicyError}.
 */
export function parsePolicy(input: string | Uint8Array | object, kind: PolicyKind = 'iam'): Policy {
  let doc: unknown = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = typeof input === 'string' ? input : Buffer.from(input).toString('utf8');
    if (text.trim() === '') throw new PolicyError('policy document is empty');
    try {
      doc = JSON.parse(text);
    } catch (err) {
      throw new PolicyError(`policy is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new PolicyError('policy must be a JSON object');
  }
  const raw = doc as PolicyDocumentJson;
  const version = raw.Version;
  if (version === undefined || version === '') throw new PolicyError('policy Version is missing');
  if (version !== '2012-10-17' && version !== '2008-10-17') {
    throw new PolicyError(`invalid policy Version '${String(version)}' (expected 2012-10-17)`);
  }
  if (raw.Id !== undefined && typeof raw.Id !== 'string') throw new PolicyError('policy Id must be a string');
  const rawStatements = raw.Statement;
  if (rawStatements === undefined || rawStatements === null)
    throw new PolicyError('policy Statement is missing');
  const list = Array.isArray(rawStatements) ? rawStatements : [rawStatements];
  const statements = list.map((s, i) => parseStatement(s, i, kind));
  return { version, ...(raw.Id !== undefined ? { id: raw.Id } : {}), statements, raw };
}

function stringList(v: unknown, what: string, where: string): string[] {
  const arr = Array.isArray(v) ? v : [v];
  if (arr.length === 0) throw new PolicyError(`${where}: ${what} must not be empty`);
  return arr.map((x) => {
    if (typeof x !== 'string' || x === '')
      throw new PolicyError(`${where}: ${what} must be non-empty strings`);
    return x;
  });
}

function parseStatement(s: unknown, index: number, kind: PolicyKind): Statement {
  const where = `Statement[${index}]`;
  if (s === null || typeof s !== 'object' || Array.isArray(s))
    throw new PolicyError(`${where} must be an object`);
  const st = s as Record<string, unknown>;
  const effect = st.Effect;
  if (effect !== 'Allow' && effect !== 'Deny') {
    throw new PolicyError(`${where}: invalid Effect '${String(effect)}' (expected Allow or Deny)`);
  }
  if (st.Sid !== undefined && typeof st.Sid !== 'string')
    throw new PolicyError(`${where}: Sid must be a string`);

  if (st.Action !== undefined && st.NotAction !== undefined) {
    throw new PolicyError(`${where}: Action and NotAction cannot both be set`);
  }
  if (st.Action === undefined && st.NotAction === undefined) {
    throw new PolicyError(`${where}: Action is missing`);
  }
  const actions = st.Action !== undefined ? parseActions(st.Action, `${where}.Action`) : null;
  const notActions = st.NotAction !== undefined ? parseActions(st.NotAction, `${where}.NotAction`) : null;

  if (st.Resource !== undefined && st.NotResource !== undefined) {
    throw new PolicyError(`${where}: Resource and NotResource cannot both be set`);
  }
  const resources = st.Resource !== undefined ? parseResources(st.Resource, `${where}.Resource`) : null;
  const notResources =
    st.NotResource !== undefined ? parseResources(st.NotResource, `${where}.NotResource`) : null;
  const usesS3 =
    (actions ?? notActions ?? []).some((a) => a === '*' || a.startsWith('s3:')) || notActions !== null;
  if (usesS3 && resources === null && notResources === null) {
    throw new PolicyError(`${where}: Resource must not be empty for S3 actions`);
  }

  let principals: string[] | null = null;
  let notPrincipals: string[] | null = null;
  if (kind === 'bucket') {
    if (st.Principal === undefined && st.NotPrincipal === undefined) {
      throw new PolicyError(`${where}: Principal is missing`);
    }
    if (st.Principal !== undefined) principals = parsePrincipal(st.Principal, `${where}.Principal`);
    if (st.NotPrincipal !== undefined)
      notPrincipals = parsePrincipal(st.NotPrincipal, `${where}.NotPrincipal`);
  }

  const conditions = st.Condition !== undefined ? parseConditions(st.Condition, `${where}.Condition`) : [];
  return {
    ...(typeof st.Sid === 'string' ? { sid: st.Sid } : {}),
    effect: effect as Effect,
    principals,
    notPrincipals,
    actions,
    notActions,
    resources,
    notResources,
    conditions,
  };
}

function parseActions(v: unknown, where: string): string[] {
  return stringList(v, 'actions', where).map((a) => {
    if (!ACTION_RE.test(a)) throw new PolicyError(`${where}: invalid action '${a}'`);
    return a.toLowerCase();
  });
}

function parseResources(v: unknown, where: string): string[] {
  return stringList(v, 'resources', where).map((r) => {
    if (r === '*') return '*';
    if (!r.startsWith(RESOURCE_ARN_PREFIX)) {
      throw new PolicyError(`${where}: invalid resource '${r}' (expected arn:aws:s3:::<bucket>[/<key>])`);
    }
    const rest = r.slice(RESOURCE_ARN_PREFIX.length);
    if (rest === '') throw new PolicyError(`${where}: resource '${r}' names no bucket`);
    return rest;
  });
}

function parsePrincipal(v: unknown, where: string): string[] {
  if (v === '*') return ['*'];
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const p = v as Record<string, unknown>;
    const keys = Object.keys(p);
    if (keys.length !== 1 || keys[0] !== 'AWS') {
      throw new PolicyError(`${where}: only the "AWS" principal type is supported`);
    }
    return stringList(p.AWS, 'principals', where);
  }
  throw new PolicyError(`${where}: Principal must be "*" or {"AWS": [...]}`);
}

function parseConditions(v: unknown, where: string): ConditionClause[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new PolicyError(`${where} must be an object of operators`);
  }
  const out: ConditionClause[] = [];
  for (const [opName, block] of Object.entries(v as Record<string, unknown>)) {
    let name = opName;
    let qualifier: ConditionQualifier = null;
    const colon = name.indexOf(':');
    if (colon !== -1) {
      const q = name.slice(0, colon);
      if (q !== 'ForAnyValue' && q !== 'ForAllValues') {
        throw new PolicyError(
          `${where}: invalid condition qualifier '${q}' (expected ForAnyValue or ForAllValues)`,
        );
      }
      qualifier = q;
      name = name.slice(colon + 1);
    }
    let ifExists = false;
    if (name.endsWith('IfExists') && name !== 'IfExists') {
      ifExists = true;
      name = name.slice(0, -'IfExists'.length);
    }
    if (!OPERATORS.has(name)) throw new PolicyError(`${where}: unsupported condition operator '${opName}'`);
    const operator = name as ConditionOperator;
    if (block === null || typeof block !== 'object' || Array.isArray(block)) {
      throw new PolicyError(`${where}.${opName} must be an object of condition keys`);
    }
    for (const [key, rawValues] of Object.entries(block as Record<string, unknown>)) {
      if (!CONDITION_KEY_RE.test(key))
        throw new PolicyError(`${where}.${opName}: invalid condition key '${key}'`);
      const arr = Array.isArray(rawValues) ? rawValues : [rawValues];
      const values = arr.map((x) => {
        if (typeof x === 'string') return x;
        if (typeof x === 'number' || typeof x === 'boolean') return String(x);
        throw new PolicyError(`${where}.${opName}.${key}: values must be strings, numbers or booleans`);
      });
      if (values.length === 0) throw new PolicyError(`${where}.${opName}.${key}: no values given`);
      const clause: ConditionClause = {
        operator,
        qualifier,
        ifExists,
        key: key.toLowerCase(),
        values,
        hasVariables: values.some((x) => x.includes('${')),
      };
      compileClause(clause, `${where}.${opName}.${key}`);
      out.push(clause);
    }
  }
  return out;
}

function compileClause(c: ConditionClause, where: string): void {
  switch (c.operator) {
    case 'IpAddress':
    case 'NotIpAddress': {
      const set = compileCidrs(c.values);
      if (typeof set === 'string') throw new PolicyError(`${where}: ${set}`);
      c.cidrs = set;
      break;
    }
    case 'NumericEquals':
    case 'NumericNotEquals':
    case 'NumericLessThan':
    case 'NumericLessThanEquals':
    case 'NumericGreaterThan':
    case 'NumericGreaterThanEquals':
      c.numbers = c.values.map((v) => {
        const n = Number(v);
        if (v.trim() === '' || !Number.isFinite(n)) throw new PolicyError(`${where}: '${v}' is not a number`);
        return n;
      });
      break;
    case 'DateEquals':
    case 'DateNotEquals':
    case 'DateLessThan':
    case 'DateLessThanEquals':
    case 'DateGreaterThan':
    case 'DateGreaterThanEquals':
      c.numbers = c.values.map((v) => {
        const n = parseDate(v);
        if (n === null) throw new PolicyError(`${where}: '${v}' is not an ISO 8601 date or epoch seconds`);
        return n;
      });
      break;
    case 'Bool':
      for (const v of c.values) {
        if (v.toLowerCase() !== 'true' && v.toLowerCase() !== 'false') {
          throw new PolicyError(`${where}: '${v}' is not a boolean`);
        }
      }
      break;
    case 'Null':
      for (const v of c.values) {
        if (v.toLowerCase() !== 'true' && v.toLowerCase() !== 'false') {
          throw new PolicyError(`${where}: Null takes true or false, not '${v}'`);
        }
      }
      break;
    default:
      break;
  }
}

/** ISO 8601 date or epoch seconds → epoch milliseconds; null when neither. */
export function parseDate(v: string): number | null {
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}
