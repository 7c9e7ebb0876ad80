// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { durationParam, sessionPolicyParam } from './params.js';
import type { StsAction } from './types.js';

/**
 * STS AssumeRole (MinIO flavour): a user or root, signing with their long-term keys, gets temporary
 * credentials acting as themselves, optionally narrowed by a session policy. Temporary and
 * service-account credentials may not assume a role (AccessDenied), as in MinIO.
 */
export const assumeRole: StsAction = {
  requiresSignature: true,
  async handle(params, req, ctx) {
    const identity = req.identity;
    if (identity.kind !== 'root' && identity.kind !== 'user') {
      throw new S3Error('AccessDenied', 'AssumeRole requires long-term credentials of a user');
    }
    if (req.headers['x-amz-security-token'] !== undefined) {
      throw new S3Error('AccessDenied', 'AssumeRole cannot be called with a session token');
    }
    const durationSeconds = durationParam(params);
    const policy = sessionPolicyParam(params);
    const credentials = await ctx.iam.createStsSession({
      parentUser: identity.accessKey,
      durationSeconds,
      ...(policy !== undefined ? { policy } : {}),
      source: 'AssumeRole',
    });
    return { action: 'AssumeRole', credentials };
  },
};
