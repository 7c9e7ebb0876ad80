// SPDX-License-Identifier: Apache-2.0
import { PolicyError, parsePolicy, wildcardMatch } from '@stowage/policy';
import { S3Error } from '../core/errors.js';

/** S3 caps bucket policies at 20 KiB. */
export const MAX_POLICY_BYTES = 20 * 1024;

const STATEMENT_KEYS = new Set([
  'Sid',
  'Effect',
  'Principal',
  'NotPrincipal',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
]);

function malformed(message: string): S3Error {
  return new S3Error('MalformedPolicy', message);
}

function stringList(v: unknown, what: string): string[] {
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'string' || x === '')) {
    throw malformed(`Policy has an invalid ${what}.`);
  }
  return list as string[];
}

function checkPrincipal(p: unknown): void {
  if (p === '*') return;
  if (p && typeof p === 'object' && !Array.isArray(p)) {
    const aws = (p as Record<string, unknown>).AWS;
    if (aws === undefined) throw malformed('Policy has an invalid principal.');
    stringList(aws, 'principal');
    return;
  }
  throw malformed('Policy has an invalid principal.');
}

/**
 * Validates a bucket policy document before it is stored (S3 API: PutBucketPolicy → MalformedPolicy):
 * JSON object, known version, statements with Effect, Principal, s3 actions and resources inside this
 * bucket. An empty statement list is accepted because the console writes one to make a bucket private
 * (PROTOCOL-NOTES §6).
 */
export function validateBucketPolicy(text: string, bucket: string): void {
  if (Buffer.byteLength(text) > MAX_POLICY_BYTES) throw new S3Error('PolicyTooLarge');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw malformed('This policy contains invalid Json');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw malformed('This policy contains invalid Json');
  const d = doc as Record<string, unknown>;
  for (const k of Object.keys(d)) {
    if (k !== 'Version' && k !== 'Id' && k !== 'Statement')
      throw malformed(`Policy has an unknown field "${k}".`);
  }
  if (d.Version !== '2012-10-17' && d.Version !== '2008-10-17') {
    throw malformed('Policy has an invalid version; use "2012-10-17".');
  }
  const statements = Array.isArray(d.Statement)
    ? d.Statement
    : d.Statement === undefined
      ? null
      : [d.Statement];
  if (!statements) throw malformed('Policy is missing the Statement field.');
  for (const st of statements) {
    if (!st || typeof st !== 'object' || Array.isArray(st))
      throw malformed('Policy has an invalid statement.');
    const s = st as Record<string, unknown>;
    for (const k of Object.keys(s))
      if (!STATEMENT_KEYS.has(k)) throw malformed(`Policy statement has an unknown field "${k}".`);
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') throw malformed('Policy has an invalid effect.');
    if (s.Principal === undefined && s.NotPrincipal === undefined)
      throw malformed('Policy statement is missing a principal.');
    checkPrincipal(s.Principal ?? s.NotPrincipal);
    const actions = stringList(s.Action ?? s.NotAction, 'action');
    for (const a of actions) {
      if (a !== '*' && !/^s3:[A-Za-z*?]+$/.test(a)) throw malformed(`Policy has an invalid action "${a}".`);
    }
    const resources = stringList(s.Resource ?? s.NotResource, 'resource');
    for (const r of resources) {
      if (!r.startsWith('arn:aws:s3:::')) throw malformed('Policy has invalid resource.');
      const path = r.slice('arn:aws:s3:::'.length);
      const b = path.split('/')[0];
      if (b !== bucket && !wildcardMatch(b ?? '', bucket)) throw malformed('Policy has invalid resource.');
    }
    if (
      s.Condition !== undefined &&
      (typeof s.Condition !== 'object' || s.Condition === null || Array.isArray(s.Condition))
    ) {
      throw malformed('Policy has an invalid condition.');
    }
  }
  // What the evaluator would refuse (condition operators and keys, principals): MalformedPolicy with its reason.
  try {
    parsePolicy(doc as object, 'bucket');
  } catch (err) {
    if (err instanceof PolicyError) throw malformed(`Policy has an invalid condition: ${err.message}`);
    throw err;
  }
}
