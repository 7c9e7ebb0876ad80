// SPDX-License-Identifier: Apache-2.0
import { apiErrorSchema } from '@stowage/contracts';
import type { PolicyDocument } from '@stowage/madmin';
import { ApiHttpError } from '../errors/api-http-error.js';

/** Error answers every identity route may give (documented in the OpenAPI output). */
export const identityErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;

/** MinIO keeps policy lists comma-joined (PROTOCOL-NOTES §2 `policyName`, group `policy`). */
export function splitNames(joined: string | undefined | null): string[] {
  if (!joined) return [];
  return joined
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Whether a store failure carries the given admin error code (mapped by code, never by message). */
export function hasCode(err: unknown, ...codes: string[]): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}

/** Runs a lookup and answers false when the store says the entity does not exist. */
export async function exists(lookup: () => Promise<unknown>, ...notFoundCodes: string[]): Promise<boolean> {
  try {
    await lookup();
    return true;
  } catch (err) {
    if (hasCode(err, ...notFoundCodes)) return false;
    throw err;
  }
}

/** Spec 2 §6 and issue 8: the signed-in user may not delete (or lock out) their own account. */
export function refuseSelf(action: 'delete' | 'disable', name: string, signedIn: string): void {
  if (name !== signedIn) return;
  throw new ApiHttpError(
    400,
    action === 'delete' ? 'You cannot delete yourself' : 'You cannot disable yourself',
    `The signed-in user (${name}) cannot ${action} their own account; ask another administrator to do it.`,
  );
}

/** Pretty JSON of a policy document for the policy editor (`{}` when there is none). */
export function policyText(doc: PolicyDocument | undefined): string {
  return JSON.stringify(doc ?? {}, null, 2);
}

export const byName = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' });
