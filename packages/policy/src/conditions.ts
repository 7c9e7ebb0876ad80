// SPDX-License-Identifier: Apache-2.0
import { cidrContains } from './ip.js';
import { parseDate } from './parse-conditions.js';
import type { ConditionClause, ConditionValues } from './types.js';
import { wildcardMatch } from './wildcard.js';

/** Builds case-insensitive condition values from a plain record (keys such as `s3:prefix`). */
export function conditionValues(
  record: Record<string, string[] | undefined>,
  extra?: ConditionValues,
): ConditionValues {
  const map = new Map<string, string[]>();
  for (const [k, v] of Object.entries(record)) if (v !== undefined) map.set(k.toLowerCase(), v);
  return {
    get(lowerKey: string): string[] | undefined {
      return map.get(lowerKey) ?? extra?.get(lowerKey);
    },
  };
}

const VARIABLE_RE = /\$\{([^}]+)\}/g;

/**
 * Replaces policy variables (`${aws:username}`, `${jwt:sub}`, `${ldap:user}`, and the escapes `${*}`,
 * `${?}`, `${$}`) with the request's first value for that key. An unknown or empty variable is left as
 * written, so it matches nothing (AWS semantics).
 */
export function substituteVariables(text: string, values: ConditionValues): string {
  if (!text.includes('${')) return text;
  return text.replace(VARIABLE_RE, (whole, name: string) => {
    if (name === '*' || name === '?' || name === '$') return name;
    const v = values.get(name.toLowerCase())?.[0];
    return v === undefined || v === '' ? whole : v;
  });
}

const NEGATED = new Set([
  'StringNotEquals',
  'StringNotEqualsIgnoreCase',
  'StringNotLike',
  'NumericNotEquals',
  'DateNotEquals',
  'NotIpAddress',
  'ArnNotEquals',
  'ArnNotLike',
]);

/** One condition clause against the request; all clauses of a statement must hold. */
export function evaluateClause(c: ConditionClause, values: ConditionValues): boolean {
  const requestValues = values.get(c.key);
  const present = requestValues !== undefined && requestValues.length > 0;

  if (c.operator === 'Null') {
    // Null: {"key": "true"} holds when the key is absent.
    const wantAbsent = c.values[0]?.toLowerCase() === 'true';
    return wantAbsent ? !present : present;
  }
  if (!present) {
    if (c.ifExists) return true;
    const negated = NEGATED.has(c.operator);
    if (c.qualifier === 'ForAllValues') return true;
    if (c.qualifier === 'ForAnyValue') return false;
    return negated;
  }

  const policyValues = c.hasVariables ? c.values.map((v) => substituteVariables(v, values)) : c.values;
  const negated = NEGATED.has(c.operator);
  const match = (v: string): boolean => matchOne(c, policyValues, v);
  if (c.qualifier === 'ForAllValues') {
    return requestValues.every((v) => (negated ? !match(v) : match(v)));
  }
  if (c.qualifier === 'ForAnyValue') {
    return requestValues.some((v) => (negated ? !match(v) : match(v)));
  }
  const any = requestValues.some(match);
  return negated ? !any : any;
}

/** Does one request value satisfy the operator's positive form against the policy values? */
function matchOne(c: ConditionClause, policyValues: string[], v: string): boolean {
  switch (c.operator) {
    case 'StringEquals':
    case 'StringNotEquals':
    case 'ArnEquals':
    case 'ArnNotEquals':
    case 'BinaryEquals':
      return policyValues.includes(v);
    case 'StringEqualsIgnoreCase':
    case 'StringNotEqualsIgnoreCase': {
      const lv = v.toLowerCase();
      return policyValues.some((p) => p.toLowerCase() === lv);
    }
    case 'StringLike':
    case 'StringNotLike':
    case 'ArnLike':
    case 'ArnNotLike':
      return policyValues.some((p) => wildcardMatch(p, v));
    case 'Bool': {
      const lv = v.toLowerCase();
      return policyValues.some((p) => p.toLowerCase() === lv);
    }
    case 'IpAddress':
    case 'NotIpAddress': {
      return c.cidrs !== undefined && cidrContains(c.cidrs, v);
    }
    case 'NumericEquals':
    case 'NumericNotEquals':
    case 'NumericLessThan':
    case 'NumericLessThanEquals':
    case 'NumericGreaterThan':
    case 'NumericGreaterThanEquals': {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n)) return false;
      return compareAny(c.operator.slice('Numeric'.length), n, c.numbers ?? []);
    }
    case 'DateEquals':
    case 'DateNotEquals':
    case 'DateLessThan':
    case 'DateLessThanEquals':
    case 'DateGreaterThan':
    case 'DateGreaterThanEquals': {
      const t = parseDate(v);
      if (t === null) return false;
      return compareAny(c.operator.slice('Date'.length), t, c.numbers ?? []);
    }
    default:
      return false;
  }
}

function compareAny(op: string, n: number, refs: number[]): boolean {
  return refs.some((r) => {
    switch (op) {
      case 'Equals':
      case 'NotEquals':
        return n === r;
      case 'LessThan':
        return n < r;
      case 'LessThanEquals':
        return n <= r;
      case 'GreaterThan':
        return n > r;
      case 'GreaterThanEquals':
        return n >= r;
      default:
        return false;
    }
  });
}
