// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';

/**
 * The policy document of a browser POST upload (S3 API: "Creating a POST policy"): an expiration and
 * conditions — `{field: value}` and `["eq", "$field", value]` (exact), `["starts-with", "$field",
 * prefix]` (`""` matches anything), `["content-length-range", min, max]`. Every form field but the
 * signature, the policy, the file and `x-ignore-*` must be covered by a condition.
 */

export type Condition =
  | { op: 'eq' | 'starts-with'; field: string; value: string; text: string }
  | { op: 'content-length-range'; min: number; max: number; text: string };

export interface PostPolicy {
  expiration: Date;
  conditions: Condition[];
}

function invalidPolicy(message: string): S3Error {
  return new S3Error('InvalidPolicyDocument', `Invalid Policy: ${message}`);
}

function denied(message: string): S3Error {
  return new S3Error('AccessDenied', `Invalid according to Policy: ${message}`);
}

function fieldName(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('$')) throw invalidPolicy('Invalid condition field name.');
  return raw.slice(1).toLowerCase();
}

function parseCondition(c: unknown): Condition {
  const text = JSON.stringify(c);
  if (Array.isArray(c)) {
    const [op, a, b] = c as unknown[];
    if (c.length !== 3 || typeof op !== 'string') throw invalidPolicy(`Invalid condition ${text}.`);
    const name = op.toLowerCase();
    if (name === 'content-length-range') {
      const min = Number(a);
      const max = Number(b);
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
        throw invalidPolicy(`Invalid content-length-range ${text}.`);
      }
      return { op: 'content-length-range', min, max, text };
    }
    if (name !== 'eq' && name !== 'starts-with') throw invalidPolicy(`Invalid condition ${text}.`);
    if (typeof b !== 'string') throw invalidPolicy(`Invalid condition ${text}.`);
    return { op: name, field: fieldName(a), value: b, text };
  }
  if (c && typeof c === 'object') {
    const entries = Object.entries(c as Record<string, unknown>);
    const [field, value] = entries[0] ?? [];
    if (entries.length !== 1 || field === undefined || typeof value !== 'string') {
      throw invalidPolicy(`Invalid condition ${text}.`);
    }
    return { op: 'eq', field: field.toLowerCase(), value, text: JSON.stringify(['eq', `$${field}`, value]) };
  }
  throw invalidPolicy(`Invalid condition ${text}.`);
}

/** Decodes and parses the base64 `policy` field (InvalidPolicyDocument when it is not a policy). */
export function parsePostPolicy(base64: string): PostPolicy {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw invalidPolicy('Invalid JSON.');
  }
  if (!doc || typeof doc !== 'object') throw invalidPolicy('Invalid JSON.');
  const { expiration, conditions } = doc as { expiration?: unknown; conditions?: unknown };
  if (typeof expiration !== 'string') throw invalidPolicy('Policy missing expiration.');
  const exp = new Date(expiration);
  if (Number.isNaN(exp.getTime())) throw invalidPolicy(`Invalid expiration "${expiration}".`);
  if (!Array.isArray(conditions)) throw invalidPolicy('Policy missing conditions.');
  return { expiration: exp, conditions: conditions.map(parseCondition) };
}

/** Fields that need no condition: the signature, the policy, the file, `x-ignore-*` (and SigV2's key id). */
function exempt(name: string): boolean {
  return (
    ['policy', 'x-amz-signature', 'signature', 'file', 'awsaccesskeyid'].includes(name) ||
    name.startsWith('x-ignore-')
  );
}

/**
 * Checks the form's fields (lower-case names; `bucket` added by the caller) against the policy:
 * AccessDenied naming the expired policy, the failed condition or the uncovered fields. The
 * content-length-range is returned for the body check.
 */
export function checkPostPolicy(
  policy: PostPolicy,
  fields: Map<string, string>,
  now: Date,
): { min: number; max: number } | undefined {
  if (policy.expiration.getTime() < now.getTime()) throw denied('Policy expired.');
  const covered = new Set<string>(['bucket']);
  let range: { min: number; max: number } | undefined;
  for (const c of policy.conditions) {
    if (c.op === 'content-length-range') {
      range = { min: c.min, max: c.max };
      continue;
    }
    covered.add(c.field);
    const value = fields.get(c.field) ?? '';
    const ok = c.op === 'eq' ? value === c.value : value.startsWith(c.value);
    if (!ok) throw denied(`Policy Condition failed: ${c.text}`);
  }
  const extra = [...fields.keys()].filter((f) => !exempt(f) && !covered.has(f));
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`);
  return range;
}
