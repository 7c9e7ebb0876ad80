// SPDX-License-Identifier: Apache-2.0
/**
 * Checking JSON against the wire schemas of `types/`. The schemas only validate (no transforms, no
 * defaults), so a value that passes is returned as it is — with any fields a newer MinIO adds — and
 * typed as the schema's type.
 */
import type { z } from 'zod';
import { MadminError } from './errors.js';

/** Where an issue is, as a field path: `alice.memberOf[1]`, or `(the value)` for the root. */
function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(the value)' : out;
}

/** The first problem of a failed check, naming the field: `members[1]: Invalid input: expected string`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${fieldPath(issue.path)}: ${issue.message}` : 'does not match';
}

/** A wire schema (any zod schema), for packages that check bodies without depending on zod. */
export type WireSchema<T = unknown> = z.ZodType<T>;

/** The type a wire schema describes. */
export type WireType<S extends WireSchema> = z.infer<S>;

/** The outcome of {@link checkWire}. */
export type WireCheck<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Checks a value against a wire schema; on success the value itself, typed. */
export function checkWire<S extends z.ZodType>(schema: S, value: unknown): WireCheck<z.infer<S>> {
  const result = schema.safeParse(value);
  if (!result.success) return { ok: false, problem: describeIssue(result.error) };
  return { ok: true, value: value as z.infer<S> };
}

/**
 * An answer of the server checked against its schema; XMinioAdminBadResponse naming the call and the
 * field when it does not match.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, value: unknown, call: string): z.infer<S> {
  const checked = checkWire(schema, value);
  if (checked.ok) return checked.value;
  throw new MadminError({
    code: 'XMinioAdminBadResponse',
    message: `unexpected answer to ${call}: ${checked.problem}`,
    status: 200,
  });
}
