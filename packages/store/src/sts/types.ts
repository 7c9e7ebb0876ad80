// SPDX-License-Identifier: Apache-2.0
import type { StoreContext } from '../core/context.js';
import type { AuthenticatedRequest } from '../core/request.js';
import type { StsSuccess } from './xml.js';

/**
 * One STS action (AssumeRole, AssumeRoleWithWebIdentity, AssumeRoleWithLDAPIdentity, …). Each lives in
 * its own file and is registered in ./registry.ts by its `Action` name.
 */
export interface StsAction {
  /** AssumeRole must be SigV4-signed (service `sts`); the identity-provider flows are anonymous. */
  requiresSignature: boolean;
  handle(params: URLSearchParams, req: AuthenticatedRequest, ctx: StoreContext): Promise<StsSuccess>;
}

/** Session duration bounds shared by the actions (seconds). */
export const MIN_DURATION_SECONDS = 900;
export const MAX_DURATION_SECONDS = 365 * 24 * 3600;
export const DEFAULT_DURATION_SECONDS = 3600;
export const MAX_SESSION_POLICY_CHARS = 2048;
