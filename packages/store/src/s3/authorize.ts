// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import { S3Error } from '../core/errors.js';
import type { AuthorizationRequest } from '../iam/types.js';
import { type AccessTarget, accessDecision } from './access/enforce.js';
import { objectConditions } from './condition-keys.js';
import type { S3Request } from './types.js';

/**
 * Asks IAM whether the requester may perform `action` on the bucket/key: the identity's policies and
 * the bucket policy together (anonymous requests have only the bucket policy), then ACL grants.
 */
export async function authorize(
  req: S3Request,
  ctx: StoreContext,
  action: string,
  target: { bucket?: string; key?: string; conditions?: Record<string, string[]> } = {},
): Promise<void> {
  const bucket = target.bucket ?? req.bucket;
  const key = target.key ?? req.key;
  const own = bucket === req.bucket && key === req.key;
  // The request's own object (not another, such as a copy source) brings its object condition keys.
  const own_ = own ? await objectConditions(req, ctx) : undefined;
  let conditions: Record<string, string[]> | undefined;
  // Optional fields set only when present (no temporary objects spread in: this runs per request).
  const request: AuthorizationRequest = {
    identity: req.identity,
    action,
    // Built on first read: IAM answers the root identity without reading them.
    get conditions(): Record<string, string[]> {
      conditions ??= { ...req.baseConditions(), ...own_, ...target.conditions };
      return conditions;
    },
  };
  if (bucket) request.bucket = bucket;
  if (key) request.key = key;
  const verdict = await ctx.iam.decide(request);
  const versionId = own ? req.query.get('versionId') : null;
  const access: AccessTarget = { bucket, notDenied: () => !verdict.denied };
  if (key) access.key = key;
  if (versionId) access.versionId = versionId;
  const decided = await accessDecision(ctx, req.identity, access, action, verdict.allowed);
  if (!decided)
    throw verdict.reason ? new S3Error('AccessDenied', verdict.reason) : new S3Error('AccessDenied');
}

/** Same question, answered as a boolean (ListBuckets filtering, DeleteObjects per key). */
export async function isAllowed(
  req: S3Request,
  ctx: StoreContext,
  action: string,
  target: { bucket?: string; key?: string; conditions?: Record<string, string[]> } = {},
): Promise<boolean> {
  try {
    await authorize(req, ctx, action, target);
    return true;
  } catch (err) {
    if (err instanceof S3Error && err.code === 'AccessDenied') return false;
    throw err;
  }
}
