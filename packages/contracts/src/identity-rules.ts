// SPDX-License-Identifier: Apache-2.0
import { z } from 'zod';

/** Spec 2 §5 / §9: the minimum length of every password and secret key. */
export const MIN_PASSWORD_LENGTH = 8;
export const passwordTooShortMessage = 'Passwords must be at least 8 characters long';

/** A new secret key or password (spec 2 §5). */
export const newSecretSchema = z.string().min(MIN_PASSWORD_LENGTH, passwordTooShortMessage).max(40);

/** Users and groups are `enabled` or `disabled` (spec 2 §3, §4). */
export const entityStatusSchema = z.enum(['enabled', 'disabled']);
export type EntityStatus = z.infer<typeof entityStatusSchema>;

/** A required name: not blank once trimmed (spec 2 §5 "Group name must be non-blank", "access key required"). */
export const nonBlankName = (what: string): z.ZodString =>
  z
    .string()
    .max(1024)
    .refine((v) => v.trim() !== '', `${what} is required`);

/** `?name=` of the single-entity calls (spec 2 §7 `GET /api/v1/user?name=` …). */
export const nameQuerySchema = z.object({ name: nonBlankName('name') });
export type NameQuery = z.infer<typeof nameQuerySchema>;

/**
 * Why a text is not a policy document, or null when it is one: it must be JSON and a JSON object.
 * Used by the contracts (server side) and by the policy editor (as-you-type validation).
 */
export function policyJsonProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return `The policy is not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return 'The policy must be a JSON object';
  }
  return null;
}

/** A policy document as JSON text, checked to be a JSON object (the store checks its meaning). */
export const policyJsonSchema = z
  .string()
  .max(20 * 1024, 'A policy may be at most 20 KiB')
  .superRefine((text, ctx) => {
    const problem = policyJsonProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
