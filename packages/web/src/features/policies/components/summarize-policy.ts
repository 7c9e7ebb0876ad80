// SPDX-License-Identifier: Apache-2.0
export interface StatementSummary {
  effect: string;
  actions: string[];
  resources: string[];
}

const asList = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/**
 * The statements of a policy document for the Summary tab (spec 2 §3: Statement entries with Effect,
 * Action list, Resource list); Action/Resource may be a string or a list (PROTOCOL-NOTES §7), NotAction
 * and NotResource show with a "not" mark. Null when the text is not a policy.
 */
export function summarizePolicy(text: string): StatementSummary[] | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (doc === null || typeof doc !== 'object') return null;
  const raw = (doc as { Statement?: unknown }).Statement;
  const statements = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return statements
    .filter((s): s is Record<string, unknown> => s !== null && typeof s === 'object')
    .map((s) => ({
      effect: typeof s.Effect === 'string' ? s.Effect : '?',
      actions: [...asList(s.Action), ...asList(s.NotAction).map((a) => `not ${a}`)],
      resources: [...asList(s.Resource), ...asList(s.NotResource).map((r) => `not ${r}`)],
    }));
}
