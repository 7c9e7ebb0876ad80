// SPDX-License-Identifier: Apache-2.0
import { PolicyError } from './errors.js';
import { compileCidrs } from './ip.js';
import type { ConditionClause, ConditionOperator, ConditionQualifier } from './types.js';

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

const CONDITION_KEY_RE = /^[A-Za-z0-9-]+:[A-Za-z0-9_./\-*:]+$/;

/**
 * Parses a statement's `Condition` block (operator → key → values) into clauses, validating operators,
 * qualifiers (`ForAnyValue:`/`ForAllValues:`), the `IfExists` suffix, keys and values, and pre-compiling
 * CIDRs, numbers and dates. Throws {@link PolicyError}; `where` prefixes the message.
 */
export function parseConditions(v: unknown, where: string): ConditionClause[] {
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
