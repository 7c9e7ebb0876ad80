/**
 * IAM policy documents as the store returns them in `accountinfo` (PROTOCOL-NOTES §2, §7: `Action` and
 * `Resource` may each be a string or an array). Parsing is lenient on shape but never guesses: anything
 * that is not a statement list yields an empty policy, which allows nothing.
 */

export type Effect = 'Allow' | 'Deny';

/** Condition block: operator → key → values, e.g. `{StringLike: {'s3:prefix': ['home/*']}}`. */
export type ConditionBlock = Record<string, Record<string, string[]>>;

export interface PolicyStatement {
  effect: Effect;
  actions: string[];
  /** When set, the statement applies to every action except these. */
  notActions: string[] | null;
  /** Resource ARNs; empty for admin/kms statements, which have none. */
  resources: string[];
  notResources: string[] | null;
  conditions: ConditionBlock;
}

export interface PolicyDocument {
  statements: PolicyStatement[];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function conditionBlock(value: unknown): ConditionBlock {
  const out: ConditionBlock = {};
  if (value === null || typeof value !== 'object') return out;
  for (const [op, keys] of Object.entries(value as Record<string, unknown>)) {
    if (keys === null || typeof keys !== 'object') continue;
    const entries: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(keys as Record<string, unknown>)) {
      entries[k] = typeof v === 'boolean' || typeof v === 'number' ? [String(v)] : strings(v);
    }
    out[op] = entries;
  }
  return out;
}

/** Reads a policy document (object or JSON text). */
export function parsePolicyDocument(input: unknown): PolicyDocument {
  let doc = input;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      return { statements: [] };
    }
  }
  if (doc === null || typeof doc !== 'object') return { statements: [] };
  const raw = (doc as Record<string, unknown>).Statement;
  const list = Array.isArray(raw) ? raw : raw !== undefined ? [raw] : [];
  const statements: PolicyStatement[] = [];
  for (const s of list) {
    if (s === null || typeof s !== 'object') continue;
    const st = s as Record<string, unknown>;
    if (st.Effect !== 'Allow' && st.Effect !== 'Deny') continue;
    statements.push({
      effect: st.Effect,
      actions: strings(st.Action),
      notActions: st.NotAction === undefined ? null : strings(st.NotAction),
      resources: strings(st.Resource),
      notResources: st.NotResource === undefined ? null : strings(st.NotResource),
      conditions: conditionBlock(st.Condition),
    });
  }
  return { statements };
}
