// SPDX-License-Identifier: Apache-2.0
import { PolicyError, parsePolicy } from '@stowage/policy';
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import {
  DEFAULT_DURATION_SECONDS,
  MAX_DURATION_SECONDS,
  MAX_SESSION_POLICY_CHARS,
  MIN_DURATION_SECONDS,
} from './types.js';

/** DurationSeconds: integer in 900..31536000, default 3600 (STS AssumeRole). */
export function durationParam(params: URLSearchParams): number {
  const raw = params.get('DurationSeconds');
  if (raw === null || raw === '') return DEFAULT_DURATION_SECONDS;
  if (!/^\d+$/.test(raw))
    throw new S3Error('InvalidParameterValue', `DurationSeconds '${raw}' is not an integer`);
  const n = Number(raw);
  if (n < MIN_DURATION_SECONDS || n > MAX_DURATION_SECONDS) {
    throw new S3Error(
      'InvalidParameterValue',
      `DurationSeconds must be between ${MIN_DURATION_SECONDS} and ${MAX_DURATION_SECONDS} seconds`,
    );
  }
  return n;
}

/** Optional session policy: ≤ 2048 characters, a valid IAM policy with a Version. */
export function sessionPolicyParam(params: URLSearchParams): string | undefined {
  const raw = params.get('Policy');
  if (raw === null || raw === '') return undefined;
  if (raw.length > MAX_SESSION_POLICY_CHARS) {
    throw new S3Error(
      'InvalidParameterValue',
      `Policy must be at most ${MAX_SESSION_POLICY_CHARS} characters`,
    );
  }
  try {
    parsePolicy(raw);
  } catch (err) {
    if (err instanceof PolicyError)
      throw new S3Error('InvalidParameterValue', `invalid session policy: ${err.message}`);
    throw err;
  }
  return raw;
}

/**
 * The canned policies an external identity brings that exist on this store (names that exist nowhere
 * are dropped, as MinIO does); AccessDenied when none is left.
 */
export function externalPolicies(ctx: StoreContext, names: string[]): string[] {
  const known = names.filter((n) => ctx.iam.policyExists(n));
  if (known.length === 0) {
    throw new S3Error('AccessDenied', `none of the policies ${names.join(', ')} exists on this server`);
  }
  return [...new Set(known)];
}
