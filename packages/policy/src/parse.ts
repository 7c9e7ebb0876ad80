// SPDX-License-Identifier: Apache-2.0
import { PolicyError } from './errors.js';
import { parseConditions } from './parse-conditions.js';
import type { Effect, Policy, PolicyDocumentJson, Statement } from './types.js';

/** What every S3 resource of a policy starts with; parsed resources are stored without it. */
export const RESOURCE_ARN_PREFIX = 'arn:aws:s3:::';

const ACTION_RE = /^(\*|(s3|admin|kms|sts):[A-Za-z0-9*?]*)$/;

/** IAM policies (users, groups, sessions) have no Principal; bucket policies must have one. */
export type PolicyKind = 'iam' | 'bucket';

/**
 * Parses and validates an IAM policy (canned, service-account or session policy) or a bucket policy.
 * Follows AWS's grammar (Version, Statement with Effect, (Not)Action, (Not)Resource, (Not)Principal,
 * Condition; string-or-array everywhere) and MinIO's checks. Throws {@link PolicyError}.
 */
export function parsePolicy(input: string | Uint8Array | object, kind: PolicyKind = 'iam'): Policy {
  const raw = documentOf(input);
  const version = raw.Version;
  if (version === undefined || version === '') throw new PolicyError('policy Version is missing');
  if (version !== '2012-10-17' && version !== '2008-10-17') {
    throw new PolicyError(`invalid policy Version '${String(version)}' (expected 2012-10-17)`);
  }
  if (raw.Id !== undefined && typeof raw.Id !== 'string') throw new PolicyError('policy Id must be a string');
  const rawStatements = raw.Statement;
  if (rawStatements === undefined || rawStatements === null)
    throw new PolicyError('policy Statement is missing');
  const statements = statementList(raw).map((s, i) => parseStatement(s, i, kind));
  return { version, ...(raw.Id !== undefined ? { id: raw.Id } : {}), statements, raw };
}

/**
 * Reads a policy that another party already validated (an `accountinfo` policy, a stored bucket policy)
 * without ever throwing: a document that is not JSON or not an object reads as no statements, Version and
 * Id are not checked, and a statement that does not validate is skipped (it is reported to `onProblem`),
 * so it neither allows nor denies. Statement `index`es still count every statement of the document.
 */
export function readPolicy(
  input: unknown,
  kind: PolicyKind = 'iam',
  onProblem?: (problem: PolicyError) => void,
): Policy {
  let raw: PolicyDocumentJson = {};
  try {
    raw = documentOf(input as string | Uint8Array | object);
  } catch (err) {
    onProblem?.(err as PolicyError);
  }
  const statements: Statement[] = [];
  statementList(raw).forEach((s, i) => {
    try {
      statements.push(parseStatement(s, i, kind));
    } catch (err) {
      if (!(err instanceof PolicyError)) throw err;
      onProblem?.(err);
    }
  });
  const version = typeof raw.Version === 'string' ? raw.Version : '';
  return { version, ...(typeof raw.Id === 'string' ? { id: raw.Id } : {}), statements, raw };
}

/** The Statement entries of a document as a list (a single statement object is a list of one). */
export function statementList(raw: PolicyDocumentJson): unknown[] {
  const st = raw.Statement;
  if (st === undefined || st === null) return [];
  return Array.isArray(st) ? st : [st];
}

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** JSON text, UTF-8 bytes or an object → the document object; throws {@link PolicyError}. */
function documentOf(input: string | Uint8Array | object): PolicyDocumentJson {
  let doc: unknown = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = typeof input === 'string' ? input : UTF8.decode(input);
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
  return doc as PolicyDocumentJson;
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
  const writtenActions = st.Action !== undefined ? checkedActions(st.Action, `${where}.Action`) : null;
  const actions = writtenActions?.map((a) => a.toLowerCase()) ?? null;
  const notActions =
    st.NotAction !== undefined
      ? checkedActions(st.NotAction, `${where}.NotAction`).map((a) => a.toLowerCase())
      : null;

  if (st.Resource !== undefined && st.NotResource !== undefined) {
    throw new PolicyError(`${where}: Resource and NotResource cannot both be set`);
  }
  const writtenResources =
    st.Resource !== undefined ? stringList(st.Resource, 'resources', `${where}.Resource`) : null;
  const resources = writtenResources && bucketPaths(writtenResources, `${where}.Resource`);
  const notResources =
    st.NotResource !== undefined
      ? bucketPaths(stringList(st.NotResource, 'resources', `${where}.NotResource`), `${where}.NotResource`)
      : null;
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
    index,
    ...(typeof st.Sid === 'string' ? { sid: st.Sid } : {}),
    effect: effect as Effect,
    principals,
    notPrincipals,
    actions,
    notActions,
    resources,
    notResources,
    conditions,
    writtenActions,
    writtenResources,
  };
}

/** The actions as written, each checked against the action grammar. */
function checkedActions(v: unknown, where: string): string[] {
  const list = stringList(v, 'actions', where);
  for (const a of list) if (!ACTION_RE.test(a)) throw new PolicyError(`${where}: invalid action '${a}'`);
  return list;
}

/** `arn:aws:s3:::bucket/key*` → `bucket/key*`; `*` stays `*`. */
function bucketPaths(list: string[], where: string): string[] {
  return list.map((r) => {
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
