// SPDX-License-Identifier: Apache-2.0
/**
 * Small rules shared by the IAM components: entity and policy name checks, the admin API's
 * invalid-argument error, policy parsing for IAM documents, and timestamps.
 */

import { type Policy, PolicyError, type PolicyKind, parsePolicy } from '@stowage/policy';
import { S3Error } from '../core/errors.js';

const NAME_MAX = 128;

/** The current time as the ISO 8601 string every IAM record carries. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** XMinioAdminInvalidArgument with a message saying what was wrong. */
export function invalid(message: string): S3Error {
  return new S3Error('XMinioAdminInvalidArgument', message);
}

/** XMinioInvalidIAMCredentials (404): the service account named in an admin request does not exist. */
export function noSuchServiceAccount(): S3Error {
  return new S3Error('XMinioInvalidIAMCredentials', 'The specified service account is not found', {}, 404);
}

/** Rejects empty, over-long, space-padded or control-character group and policy names. */
export function checkEntityName(what: string, name: string): void {
  if (name === '') throw invalid(`${what} name must not be empty`);
  if (name.length > NAME_MAX) throw invalid(`${what} name must be at most ${NAME_MAX} characters`);
  if (name.trim() !== name) throw invalid(`${what} name must not begin or end with spaces`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(name)) throw invalid(`${what} name must not contain control characters`);
}

/** A policy name is an entity name without commas (policy lists are comma-joined). */
export function checkPolicyName(name: string): void {
  checkEntityName('policy', name);
  if (name.includes(',')) throw invalid('policy name must not contain commas');
}

/** Splits a comma-joined policy list ("readonly,diagnostics"), dropping blanks and duplicates. */
export function splitPolicyNames(names: string): string[] {
  return [
    ...new Set(
      names
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/** Parses a policy for IAM use, turning validation failures into XMinioMalformedIAMPolicy. */
export function parseIamPolicy(input: string | Uint8Array | object, kind: PolicyKind = 'iam'): Policy {
  try {
    return parsePolicy(input, kind);
  } catch (err) {
    if (err instanceof PolicyError)
      throw new S3Error('XMinioMalformedIAMPolicy', `invalid policy: ${err.message}`);
    throw err;
  }
}
