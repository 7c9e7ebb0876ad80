// SPDX-License-Identifier: Apache-2.0
import { type BucketCors, bucketCorsSchema, type CorsRule, corsMethods } from '@stowage/contracts';

/** One rule as the Edit CORS form holds it: lists as comma-separated text. */
export interface CorsRuleForm {
  id: string;
  origins: string;
  methods: CorsRule['allowedMethods'];
  headers: string;
  exposeHeaders: string;
  maxAge: string;
}

export const emptyCorsRule: CorsRuleForm = {
  id: '',
  origins: '',
  methods: ['GET'],
  headers: '',
  exposeHeaders: '',
  maxAge: '',
};

const list = (text: string): string[] =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function corsRuleToForm(r: CorsRule): CorsRuleForm {
  return {
    id: r.id,
    origins: r.allowedOrigins.join(', '),
    methods: corsMethods.filter((m) => r.allowedMethods.includes(m)),
    headers: r.allowedHeaders.join(', '),
    exposeHeaders: r.exposeHeaders.join(', '),
    maxAge: r.maxAgeSeconds === null ? '' : String(r.maxAgeSeconds),
  };
}

/**
 * The PUT body of the form's rules, checked by the contract (a rule needs an origin and a method, a max age
 * is a whole number of seconds); the first problem, named by its rule, when it does not hold.
 */
export function corsFromForm(
  rules: readonly CorsRuleForm[],
): { ok: true; value: BucketCors } | { ok: false; error: string } {
  const maxAges = rules.map((r) => (r.maxAge.trim() === '' ? null : Number(r.maxAge.trim())));
  const bad = maxAges.findIndex((m) => m !== null && !(Number.isInteger(m) && m >= 0));
  if (bad >= 0) return { ok: false, error: `Rule ${bad + 1}: the max age is a whole number of seconds` };
  const parsed = bucketCorsSchema.safeParse({
    rules: rules.map((r, i) => ({
      id: r.id.trim(),
      allowedOrigins: list(r.origins),
      allowedMethods: r.methods,
      allowedHeaders: list(r.headers),
      exposeHeaders: list(r.exposeHeaders),
      maxAgeSeconds: maxAges[i],
    })),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const rule = typeof issue?.path[1] === 'number' ? `Rule ${issue.path[1] + 1}: ` : '';
  return { ok: false, error: `${rule}${issue?.message ?? 'invalid rules'}` };
}
